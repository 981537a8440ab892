import { describe, expect, it } from 'vitest'
import { findPath } from '../../core/inches'
import type { GameEvent } from '../../core/events'
import type { Action, EncounterState, TerrainPiece, Vec3 } from '../../core/types'
import { isStunned } from './counters'
import { carnevale } from './ruleset'
import { at, cvFigure, cvState, withTurn } from './test-fixtures'

// carnevale.md §4 Move: any path the player drags that `checkPath` accepts within MOV inches is legal (the
// map lets users drag freely; the AI's sampled destinations are only some of them). Climbing costs its
// height, swimming twice its length (settings). §7 Stunned lasts until the end of the next activation.

const house: TerrainPiece = { id: 'h', kind: 'building', x: 100, y: 0, w: 40, h: 60, top: 30 }
const canal: TerrainPiece = { id: 'w', kind: 'water', x: 0, y: 110, w: 240, h: 40, top: 0 }
const s = withTurn(
  cvState([cvFigure('a', 'x', at(5, 10)), cvFigure('e', 'y', at(20, 20))], { pieces: [house, canal] }),
  'a'
)
const move = (...path: Vec3[]): Action => ({ kind: 'move', actorId: 'a', path })

describe('§4 a dragged move is judged by checkPath within the budget', () => {
  it.each([
    ['a zig-zag of free waypoints, 4.9"', [at(6, 11), at(7, 10), at(8, 11), at(8.3, 10.5)], null],
    ['the start repeated first is ignored', [at(5, 10), at(7, 10)], null],
    ['through a building', [at(5, 3), at(15, 3)], 'pathThroughTerrain'],
    ['more than MOV 5"', [at(10.1, 10)], 'pathTooFar'],
    ['off the table', [at(5, 10), at(-1, 10)], 'pathOffTable'],
    ['into the canal: 1" walked + 2" swum at double cost = 5"', [at(5, 13)], null],
    ['half an inch more of water is too far', [at(5, 13.5)], 'pathTooFar'],
    ['no path at all', [], 'emptyPath']
  ])('%s', (_label, path, code) => {
    expect(carnevale.validate(s, move(...path))?.code ?? null).toBe(code)
  })

  it('climbing onto a roof costs its height; moveInfo shows the cost in inches, band 0, nobody provoked', () => {
    const near = withTurn(cvState([cvFigure('a', 'x', at(9, 3))], { pieces: [house] }), 'a')
    const found = findPath(near, 'a', at(10.5, 3, 3), { maxInches: 5 })
    expect(found).not.toBeNull()
    const climb = { kind: 'move', actorId: 'a', path: found!.path.slice(1) }
    expect(carnevale.validate(near, climb)).toBeNull()
    const info = carnevale.moveInfo?.(near, climb)
    expect(info).toMatchObject({ band: 0, provokes: [] })
    expect(info?.cost).toBeCloseTo(found!.inches, 2)
    expect(found!.inches).toBeGreaterThanOrEqual(4.5 - 1e-9)
  })

  it('legal moves are sampled over the board; each validates and costs at most MOV', () => {
    const moves = carnevale.legalActions(s, 'a').filter((x) => x.kind === 'move')
    expect(moves.length).toBeGreaterThan(40)
    for (const m of moves) {
      expect(carnevale.validate(s, m)).toBeNull()
      expect(carnevale.moveInfo?.(s, m).cost).toBeLessThanOrEqual(5 + 1e-9)
    }
  })
})

describe('§7 [REC] Stunned until the end of the next activation', () => {
  const stunnedAt = 1
  const stunned = cvFigure('a', 'x', at(5, 5), {
    stats: { counters: { guard: false, stunned: 1, stunnedAt } }
  })
  const base = cvState([stunned, cvFigure('b', 'y', at(20, 20))])
  const economy = { value: 'acting', context: { ap: 3 } }
  const log = (...events: GameEvent[]): EncounterState => ({
    ...base,
    log: [{ type: 'round.started', round: 1 }, ...events]
  })

  it.each([
    ['right after', log(), true],
    [
      'its own activation still running',
      log({ type: 'turn.started', sideId: 'x', actorId: 'a', economy }),
      true
    ],
    [
      'its next activation over',
      log({ type: 'turn.started', sideId: 'x', actorId: 'a', economy }, { type: 'turn.ended', actorId: 'a' }),
      false
    ],
    [
      'offered the activation but handed it to another',
      log(
        { type: 'turn.started', sideId: 'x', actorId: 'a', economy },
        { type: 'activation.changed', actorId: 'c', economy },
        { type: 'turn.ended', actorId: 'c' }
      ),
      true
    ]
  ] as const)('%s', (_label, state, expected) => {
    expect(isStunned(state, state.combatants[0]!)).toBe(expected)
  })

  it('with stunnedUntil endOfRound it ends as the next round starts', () => {
    const next: EncounterState = {
      ...log({ type: 'round.started', round: 2 }),
      settings: { stunnedUntil: 'endOfRound' }
    }
    expect(isStunned(next, next.combatants[0]!)).toBe(false)
  })
})
