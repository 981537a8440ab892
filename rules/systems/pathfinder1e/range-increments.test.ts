import { describe, expect, it } from 'vitest'
import { attackRoutine } from './attack-routine'
import { attackSetup, rangeIncrements } from './situation'
import { longbow, pfFigure, pfState, testSlot } from './test-fixtures'

// pathfinder1e.md §4.1 "Ranged: −2 per full range increment beyond the first; maximum 10 increments (5 for
// thrown weapons)". Issue 20 bug 2: every penalty was one increment too small (a 100-ft longbow took 0 at
// 105–200 ft, −2 at 205–300 ft) and a shot in the 11th increment was allowed.

const archer = pfFigure('archer', {
  stats: { weapons: [longbow], wielding: { main: longbow.id, off: null } }
})
const bow = attackRoutine(archer, 'single')[0]!
const thrownDagger = testSlot({ ranged: true, thrown: true, rangeIncrementFt: 10 })

describe('the range increment a target is in (§4.1)', () => {
  it.each([
    [5, 1],
    [100, 1],
    [105, 2],
    [200, 2],
    [205, 3],
    [995, 10],
    [1000, 10],
    [1005, null]
  ])('longbow (100 ft) at %i ft: increment %s', (distance, expected) => {
    expect(rangeIncrements(distance, bow)).toBe(expected)
  })

  it.each([
    [50, 5],
    [55, null]
  ])('thrown dagger (10 ft, 5 increments at most) at %i ft: %s', (distance, expected) => {
    expect(rangeIncrements(distance, thrownDagger)).toBe(expected)
  })
})

describe('the penalty a shot takes on the map (§4.1, −2 per full increment beyond the first)', () => {
  // 20 squares = 100 ft between the archer and a target standing x squares to its east.
  it.each([
    [20, 0, undefined],
    [21, -2, undefined],
    [40, -2, undefined],
    [41, -4, undefined],
    [199, -18, undefined],
    [200, -18, undefined],
    [201, null, 'outOfRange']
  ])('target %i squares away: %s, refused: %s', (squares, penalty, violation) => {
    const shooter = pfFigure('archer', {
      side: 'a',
      pos: { x: 0, y: 0 },
      stats: { weapons: [longbow], wielding: { main: longbow.id, off: null } }
    })
    const target = pfFigure('target', { side: 'b', pos: { x: squares, y: 0 } })
    const state = pfState([shooter, target], { width: 210, height: 3 })
    const setup = attackSetup(state, shooter, target, bow, {})
    expect(setup.violation).toBe(violation)
    if (penalty !== null) expect(setup.mods.attack).toBe(penalty)
  })
})
