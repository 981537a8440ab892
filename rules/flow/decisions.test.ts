import { describe, expect, it } from 'vitest'
import { chooseStep } from '../../ai'
import { constant } from '../core/distribution'
import type { Ruleset } from '../core/ruleset'
import type { Answers, Command, EncounterState } from '../core/types'
import { getRuleset } from '../systems'
import { makeEncounter } from '../systems/minecraft/test-fixtures'
import { applyCommand, replay, whoDecides } from './engine'

// The flow's decision mechanism is system-agnostic; here the real Minecraft rules get two extra
// decisions (a defender's "brace" choice and a die read from the table) to exercise it.
const minecraft = getRuleset('minecraft')
const seen: Answers[] = []
const withDecisions: Ruleset = {
  ...minecraft,
  decide(state, action, answers) {
    if (action.kind !== 'melee' || !action.targetId) return null
    if (!('test.brace' in answers)) {
      return { id: 'test.brace', deciderId: action.targetId, choices: ['brace', 'none'], default: 'none' }
    }
    if (!('test.die' in answers))
      return { id: 'test.die', deciderId: action.actorId, range: { min: 1, max: 10 }, default: 5 }
    return null
  },
  resolve(chain, action, dice, answers) {
    seen.push(answers)
    if (answers['test.brace'] !== 'brace') minecraft.resolve(chain, action, dice, answers)
  },
  odds(state, action, answers = {}) {
    const odds = minecraft.odds(state, action, answers)
    return odds && answers['test.brace'] === 'brace' ? { ...odds, damage: constant(0) } : odds
  }
}

function duel(): EncounterState {
  return makeEncounter({
    figures: [
      { id: 'h', side: 'heroes', at: [2, 2], creature: 'minecraft:steve', facing: 2 },
      { id: 'z', side: 'monsters', at: [3, 2], creature: 'minecraft:zombie', facing: 6 }
    ]
  })
}
const melee: Command = { type: 'action.declare', action: { kind: 'melee', actorId: 'h', targetId: 'z' } }

function apply(state: EncounterState, command: Command) {
  const r = applyCommand(state, command, withDecisions)
  if (!r.ok) throw new Error(r.violation.code)
  return r.state
}

describe('decisions (design.md "Decisions, automation and the GM")', () => {
  it('halts a declared action until the decider answers, and spends nothing meanwhile', () => {
    const s = apply(duel(), melee)
    expect(s.pending?.request).toMatchObject({ id: 'test.brace', deciderId: 'z' })
    expect(s.turn?.economy.context.ap).toBe(3)
    expect(whoDecides(s)).toBe('z')
  })

  it('refuses other commands while a decision is pending', () => {
    const s = apply(duel(), melee)
    expect(applyCommand(s, { type: 'turn.end' }, withDecisions)).toMatchObject({
      ok: false,
      violation: { code: 'decisionPending' }
    })
  })

  it('checks answers: the right decision, a listed choice, a whole number in range', () => {
    const s = apply(duel(), melee)
    const bad: Command[] = [
      { type: 'decision.answer', decisionId: 'test.die', choice: 3 },
      { type: 'decision.answer', decisionId: 'test.brace', choice: 'dodge' },
      { type: 'decision.answer', decisionId: 'test.brace', choice: 1 }
    ]
    expect(bad.map((c) => applyCommand(s, c, withDecisions)).map((r) => !r.ok && r.violation.code)).toEqual([
      'otherDecisionPending',
      'invalidAnswer',
      'invalidAnswer'
    ])
  })

  it('chains decisions, then resolves with every answer and pays once', () => {
    seen.length = 0
    let s = apply(duel(), melee)
    s = apply(s, { type: 'decision.answer', decisionId: 'test.brace', choice: 'none' })
    expect(s.pending?.request.id).toBe('test.die')
    expect(whoDecides(s)).toBe('h')
    expect(
      applyCommand(s, { type: 'decision.answer', decisionId: 'test.die', choice: 11 }, withDecisions).ok
    ).toBe(false)
    s = apply(s, { type: 'decision.answer', decisionId: 'test.die', choice: 7 })
    expect(s.pending).toBeNull()
    expect(seen).toEqual([{ 'test.brace': 'none', 'test.die': 7 }])
    expect(s.turn?.economy.context.ap).toBe(2)
    expect(s.log.filter((e) => e.type === 'attack.declared')).toHaveLength(1)
  })

  it('validates once, at the declaration: the answers carry the validated action on to its resolution', () => {
    let validations = 0
    const counted: Ruleset = {
      ...withDecisions,
      validate(state, action) {
        validations++
        return withDecisions.validate(state, action)
      }
    }
    const run = (state: EncounterState, command: Command) => {
      const r = applyCommand(state, command, counted)
      if (!r.ok) throw new Error(r.violation.code)
      return r.state
    }
    let s = run(duel(), melee)
    s = run(s, { type: 'decision.answer', decisionId: 'test.brace', choice: 'none' })
    s = run(s, { type: 'decision.answer', decisionId: 'test.die', choice: 7 })
    expect(s.pending).toBeNull()
    expect(validations).toBe(1)
  })

  it('the AI answers for the decider with exact odds (a defender braces) and the log replays', () => {
    let s = apply(duel(), melee)
    const step = chooseStep(s, withDecisions, whoDecides(s)!)
    expect(step.command).toEqual({ type: 'decision.answer', decisionId: 'test.brace', choice: 'brace' })
    s = apply(s, step.command)
    const gm = chooseStep(s, withDecisions, whoDecides(s)!)
    expect(gm.command).toEqual({ type: 'decision.answer', decisionId: 'test.die', choice: 5 })
    const commands = [melee, step.command, gm.command]
    const end = apply(s, gm.command)
    expect(replay(duel(), commands, withDecisions)).toEqual(end)
  })
})
