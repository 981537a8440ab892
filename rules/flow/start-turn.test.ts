import { describe, expect, it } from 'vitest'
import { stateHash } from '../core/hash'
import type { Ruleset } from '../core/ruleset'
import type { Command, EncounterState } from '../core/types'
import { getRuleset } from '../systems'
import { makeEncounter } from '../systems/minecraft/test-fixtures'
import { applyCommand, replay } from './engine'

// A start-of-activation hook (HQ2's movement roll, PF's dying check) on top of the real Minecraft rules:
// each figure rolls a d6 as it activates and gets that many AP instead of 3.
const minecraft = getRuleset('minecraft')
const rolledAp: Ruleset = {
  ...minecraft,
  startTurn(state, actorId, dice) {
    const result = dice.roll(6)
    return [
      { type: 'dice.rolled', actorId, purpose: 'movement', sides: 6, result, success: true },
      { type: 'economy.changed', actorId, economy: { value: 'acting', context: { ap: result } } }
    ]
  }
}

function setup(): EncounterState {
  const s = makeEncounter({
    figures: [
      { id: 'a', side: 'heroes', at: [1, 1], creature: 'minecraft:steve' },
      { id: 'b', side: 'heroes', at: [1, 3], creature: 'minecraft:alex' },
      { id: 'z', side: 'monsters', at: [8, 8], creature: 'minecraft:zombie' }
    ],
    activeId: null
  })
  return { ...s, phase: 'setup', round: 0 }
}

function run(state: EncounterState, commands: Command[]) {
  return commands.reduce((s, c) => {
    const r = applyCommand(s, c, rolledAp)
    if (!r.ok) throw new Error(r.violation.code)
    return r.state
  }, state)
}

describe('start-of-activation rolls (Ruleset.startTurn)', () => {
  it('rolls as each activation opens, logs the die and sets the economy from it', () => {
    const s = run(setup(), [{ type: 'encounter.start' }])
    const roll = s.log.find((e) => e.type === 'dice.rolled')
    expect(roll).toMatchObject({ actorId: 'a', purpose: 'movement', sides: 6 })
    expect(s.turn?.economy.context.ap).toBe(roll?.type === 'dice.rolled' ? roll.result : -1)
    const next = run(s, [{ type: 'turn.end' }])
    expect(
      next.log.filter((e) => e.type === 'dice.rolled').map((e) => e.type === 'dice.rolled' && e.actorId)
    ).toEqual(['a', 'b'])
  })

  it('advances the game RNG, so replays see the same rolls', () => {
    const commands: Command[] = [{ type: 'encounter.start' }, { type: 'turn.end' }, { type: 'turn.end' }]
    const s = run(setup(), commands)
    expect(s.rng).not.toEqual(setup().rng)
    expect(stateHash(replay(setup(), commands, rolledAp))).toBe(stateHash(s))
  })

  it('handing the activation to another figure rolls for that figure', () => {
    const s = run(setup(), [{ type: 'encounter.start' }, { type: 'activation.select', actorId: 'b' }])
    expect(s.turn?.activeId).toBe('b')
    expect(s.turn?.actions).toBe(0)
    const rolls = s.log.filter((e) => e.type === 'dice.rolled')
    expect(rolls.map((e) => e.type === 'dice.rolled' && e.actorId)).toEqual(['a', 'b'])
  })
})

describe('turns that open with nothing to spend pass by themselves', () => {
  // The monster's activation opens empty (a PF figure held by a spell): the engine passes it on.
  const emptyFor = (ids: string[]): Ruleset => ({
    ...minecraft,
    startTurn: (_state, actorId) =>
      ids.includes(actorId)
        ? [{ type: 'economy.changed', actorId, economy: { value: 'spent', context: { ap: 0 } } }]
        : []
  })

  it('skips the empty activation and hands the turn to the next figure that can act', () => {
    const ruleset = emptyFor(['z'])
    let s = applyCommand(setup(), { type: 'encounter.start' }, ruleset)
    if (!s.ok) throw new Error('start refused')
    for (const c of [{ type: 'turn.end' }, { type: 'turn.end' }] as Command[]) {
      const r = applyCommand(s.state, c, ruleset)
      if (!r.ok) throw new Error(r.violation.code)
      s = r
    }
    const opened = s.state.log.flatMap((e) => (e.type === 'turn.started' ? [e.actorId] : []))
    expect(opened).toEqual(['a', 'b', 'z', 'a'])
    expect(s.state.turn?.activeId).toBe('a')
    expect(s.state.round).toBe(2)
  })

  it('stops passing after a bounded number of empty turns when nobody can act', () => {
    const r = applyCommand(setup(), { type: 'encounter.start' }, emptyFor(['a', 'b', 'z']))
    if (!r.ok) throw new Error('start refused')
    const opened = r.state.log.filter((e) => e.type === 'turn.started').length
    expect(opened).toBeGreaterThan(3)
    expect(opened).toBeLessThanOrEqual(3 * 10 + 11)
    expect(r.state.phase).toBe('running')
  })
})
