import { describe, expect, it } from 'vitest'
import { bareFigure, testEncounter } from '../core/test-fixtures'
import { initiativeRanking } from '../core/turn-order'
import { openingBudget } from './athkri/economy.machine'
import { makeEncounter } from './athkri/test-fixtures'
import { at, cvFigure, cvState } from './carnevale/test-fixtures'
import { openingOrder } from './carnevale/turn-order'
import { economyInput } from './pathfinder1e/economy.machine'
import { pfFigure, pfState } from './pathfinder1e/test-fixtures'
import { initiativeOrderOf, opensTurn } from './pathfinder1e/turn-order'

// Issue 18 item 4: ids come from typed names, so a figure or side may be called `constructor` or
// `toString`. `state.initiative` is a plain object in saved data: a figure that rolled no initiative (one
// already out of the fight as it starts, a side that rolled nothing) must read as having no entry, not
// as Object.prototype's function of that name.

const NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__lookupGetter__']

describe.each(NAMES)('an id %s missing from the initiative record reads as missing', (name) => {
  it('the shared ranking puts it after every figure that rolled (athkri.md §4)', () => {
    const figs = [bareFigure('a1', 'a'), bareFigure(name, 'a'), bareFigure('b1', 'b')]
    const sides = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' }
    ]
    const state = {
      ...testEncounter('athkri', {}, { width: 5, height: 5, blocks: [] }, sides, figs),
      initiative: { a1: 5, b1: 12 }
    }
    expect(initiativeRanking(state).map((c) => c.id)).toEqual(['b1', 'a1', name])
  })

  it('Pathfinder: it opens no turn, ranks last and opens its budget at count 0 (pathfinder1e.md §3.1)', () => {
    const figs = [pfFigure('a1'), pfFigure(name), pfFigure('b1', { side: 'b' })]
    const state = pfState(figs, { initiative: { a1: 5, b1: 12 } })
    const unrolled = figs[1]!
    expect(opensTurn(unrolled, state)).toBe(false)
    expect(initiativeOrderOf(state).map((c) => c.id)).toEqual(['b1', 'a1', name])
    expect(economyInput(state, unrolled).count).toBe(0)
  })

  it('Athkri: it opens its activation with one Major (athkri.md §4 A2)', () => {
    const state = makeEncounter({
      figures: [{ id: name, at: [1, 1] }],
      activeId: null,
      initiative: {}
    })
    expect(openingBudget(state, state.combatants[0]!).major).toBe(1)
  })

  it('Carnevale: a side that rolled nothing opens the round after one that did (carnevale.md §3)', () => {
    const state = {
      ...cvState([cvFigure('x', name, at(2, 2)), cvFigure('y', 'b', at(8, 8))]),
      initiative: { b: 4 }
    }
    expect(openingOrder(state)).toEqual(['b', name])
  })
})
