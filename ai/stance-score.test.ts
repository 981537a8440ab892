import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../rules/core/events'
import type { EncounterState } from '../rules/core/types'
import { getRuleset } from '../rules/systems'
import { at, cvFigure, cvState, withTurn } from '../rules/systems/carnevale/test-fixtures'
import { contextOf } from './choose'
import { scoreStances, standingOff, STANDOFF_ROUNDS } from './stance-score'

const cv = getRuleset('carnevale')

const rounds = (n: number): GameEvent[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'round.started' as const, round: i + 2 }))
const hurt: GameEvent = { type: 'damaged', id: 'b', amount: 1, source: 'combat' }
const withLog = (state: EncounterState, log: GameEvent[]): EncounterState => ({
  ...state,
  log: [...state.log, ...log]
})

/** Two swordsmen 5″ apart: each can reach the other next turn, so holding Guard has a value. */
function facing(): EncounterState {
  return withTurn(cvState([cvFigure('a', 'one', at(6, 12)), cvFigure('b', 'two', at(11, 12))]), 'a')
}

function stances(state: EncounterState) {
  const legal = cv.legalActions(state, 'a')
  const { ctx } = contextOf(state, cv, 'a', legal, { level: 'normal' })
  return scoreStances(ctx, state, cv, legal)
}

describe('a standoff: holding a reaction stops paying when nothing happens', () => {
  it(`is ${STANDOFF_ROUNDS} rounds begun since anyone last lost life`, () => {
    const s = facing()
    expect(standingOff(s)).toBe(false)
    expect(standingOff(withLog(s, rounds(STANDOFF_ROUNDS - 1)))).toBe(false)
    expect(standingOff(withLog(s, rounds(STANDOFF_ROUNDS)))).toBe(true)
    expect(standingOff(withLog(s, [...rounds(STANDOFF_ROUNDS), hurt]))).toBe(false)
    expect(standingOff(withLog(s, [hurt, ...rounds(STANDOFF_ROUNDS)]))).toBe(true)
  })

  it('Guard is weighed while an enemy can come, and not once the two have stood off', () => {
    const guard = (state: EncounterState) => stances(state).filter((c) => c.option.action?.kind === 'guard')
    expect(guard(facing()).length).toBeGreaterThan(0)
    expect(guard(withLog(facing(), rounds(STANDOFF_ROUNDS)))).toHaveLength(0)
  })
})
