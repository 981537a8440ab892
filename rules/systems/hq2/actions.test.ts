import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { squareKey } from '../../core/geometry'
import type { Action, Command, EncounterState } from '../../core/types'
import { playAiVsAi } from '../../../tests/golden/play'
import { applyCommand } from '../../flow/engine'
import { hq2 } from '.'
import { hq2SampleEncounter } from './sample'
import { makeEncounter } from './test-fixtures'

// The action surface: what validate refuses and why, legalActions never offering what validate refuses,
// and random legal play keeping the board's invariants.

const duel = (settings = {}) =>
  makeEncounter({
    settings,
    beings: [
      {
        id: 'a',
        side: 'h',
        at: [5, 5],
        facing: 2,
        stats: { attackBase: 4, skills: { apunalar: 1, acrobacias: 1, cargar: 1 } }
      },
      { id: 'ally', side: 'h', at: [5, 6] },
      { id: 'd', side: 'm', at: [6, 5], facing: 6, stats: { kind: 'monster', seat: 0 } },
      { id: 'far', side: 'm', at: [5, 1], stats: { kind: 'monster', seat: 0 } }
    ]
  })

describe('validate (hq2.md §3, §4.7 step 1)', () => {
  it.each<[string, Action, string | null]>([
    ['an unknown being', { kind: 'melee', actorId: 'ghost', targetId: 'd' }, 'unknownActor'],
    ['not the active being', { kind: 'melee', actorId: 'd', targetId: 'a' }, 'notYourTurn'],
    ['an unknown kind', { kind: 'fly', actorId: 'a' }, 'unknownAction'],
    ['no target', { kind: 'melee', actorId: 'a' }, 'noTarget'],
    ['its own side', { kind: 'melee', actorId: 'a', targetId: 'ally' }, 'friendlyTarget'],
    ['itself', { kind: 'melee', actorId: 'a', targetId: 'a' }, 'selfTarget'],
    ['no ranged weapon', { kind: 'ranged', actorId: 'a', targetId: 'd' }, 'noRangedWeapon'],
    ['turning is not free by default (G5)', { kind: 'face', actorId: 'a', facing: 4 }, 'facingNotFree'],
    ['a move into a figure', { kind: 'move', actorId: 'a', path: [{ x: 5, y: 6, z: 0 }] }, 'occupied'],
    ['a legal melee', { kind: 'melee', actorId: 'a', targetId: 'd' }, null],
    ['another action (object, skill, magic)', { kind: 'interact', actorId: 'a' }, null]
  ])('%s', (_label, action, code) => expect(hq2.validate(duel(), action)?.code ?? null).toBe(code))

  it('freeFacing (GM option) makes turning a free 0-MP action', () => {
    expect(hq2.validate(duel({ freeFacing: true }), { kind: 'face', actorId: 'a', facing: 4 })).toBeNull()
    expect(hq2.validate(duel({ freeFacing: true }), { kind: 'face', actorId: 'a', facing: 9 })).toEqual({
      code: 'invalidFacing'
    })
  })

  it('an illegal action is refused by validate, before anything resolves it', () => {
    expect(hq2.validate(duel(), { kind: 'melee', actorId: 'a', targetId: 'ally' })).toMatchObject({
      code: 'friendlyTarget'
    })
  })

  it('odds: exact for attacks and maneuvers, null for moves and other actions', () => {
    expect(
      hq2.odds(duel(), { kind: 'melee', actorId: 'a', targetId: 'd' })?.headline.map((h) => h.key)
    ).toEqual(['wound', 'kill'])
    expect(hq2.odds(duel(), { kind: 'move', actorId: 'a', path: [{ x: 5, y: 4, z: 0 }] })).toBeNull()
    expect(hq2.odds(duel(), { kind: 'interact', actorId: 'a' })).toBeNull()
  })
})

describe('legalActions', () => {
  it('offers only what validate accepts, attacks and maneuvers included', () => {
    const state = duel()
    const legal = hq2.legalActions(state, 'a')
    expect(legal.every((a) => hq2.validate(state, a) === null)).toBe(true)
    const kinds = new Set(legal.map((a) => a.kind))
    expect(kinds).toEqual(new Set(['move', 'melee', 'stab', 'acrobatics', 'charge', 'interact']))
    expect(hq2.legalActions(state, 'd')).toEqual([])
  })

  it('stays inside validate in every state of an AI-played sample game', () => {
    const initial = hq2SampleEncounter()
    const game = playAiVsAi(initial, hq2)
    let state = initial
    let checked = 0
    for (const command of game.commands) {
      const active = state.turn?.activeId
      if (active && !state.pending) {
        const legal = hq2.legalActions(state, active)
        expect(legal.filter((a) => hq2.validate(state, a) !== null)).toEqual([])
        checked++
      }
      const result = applyCommand(state, command, hq2)
      if (!result.ok) throw new Error(result.violation.code)
      state = result.state
    }
    expect(checked).toBeGreaterThan(30)
  })
})

function invariantsHold(state: EncounterState): boolean {
  const walls = new Set(state.board.blocks.map(squareKey))
  const standing = state.combatants.filter((c) => !c.out)
  const squares = standing.map((c) => squareKey(c.pos))
  return (
    state.combatants.every((c) => c.life >= 0 && c.life <= c.lifeMax && c.out === c.life <= 0) &&
    new Set(squares).size === squares.length &&
    squares.every((k) => !walls.has(k)) &&
    (state.turn === null || (state.turn.economy.context.mp ?? 0) >= 0)
  )
}

describe('property: random legal play never breaks the board (house-style "Property tests")', () => {
  it('any sequence of legal actions, answers and turn ends keeps life, squares and MP sane', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
        fc.integer({ min: 1, max: 1000 }),
        (picks, seed) => {
          const first = applyCommand(
            { ...hq2SampleEncounter(), rng: [seed, 7, 11, 13] },
            { type: 'encounter.start' },
            hq2
          )
          if (!first.ok) return false
          let state = first.state
          for (const pick of picks) {
            if (state.phase !== 'running') break
            const pending = state.pending?.request
            let command: Command
            if (pending) {
              const choice = pending.choices
                ? (pending.choices[pick % pending.choices.length] ?? pending.default)
                : pending.default
              command = { type: 'decision.answer', decisionId: pending.id, choice }
            } else {
              const legal = hq2.legalActions(state, state.turn?.activeId ?? '')
              const action = legal[pick % (legal.length + 1)]
              command = action ? { type: 'action.declare', action } : { type: 'turn.end' }
            }
            const result = applyCommand(state, command, hq2)
            if (!result.ok || !invariantsHold(result.state)) return false
            state = result.state
          }
          return true
        }
      ),
      { numRuns: 25, seed: 42 }
    )
  })
})
