import { describe, expect, it } from 'vitest'
import type { Combatant } from '../../core/types'
import { chargeLane, laneCells, runLane, runMultiplier, straightPath } from './charge'
import type { PfSettings } from './settings'
import { longbow, longsword, pfArmor, pfFigure, pfState, type PfFigurePatch } from './test-fixtures'
import { basePfStats } from './test-fixtures'

const fig = (id: string, x: number, y: number, patch: PfFigurePatch = {}) =>
  pfFigure(id, { ...patch, pos: { x, y } })
const c = (x: number, y: number) => ({ x, y })
const row = (from: number, to: number, y: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => c(from + i, y))

function board(
  figures: Combatant[],
  blocks: Array<[number, number]> = [],
  terrain: PfSettings['terrain'] = []
) {
  return pfState(figures, { blocks, settings: { terrain } })
}

describe('charge lane (pathfinder1e.md §3.2 [TEXT L403–421])', () => {
  const charger = fig('c', 0, 5)
  const target = fig('t', 6, 5, { side: 'b' })

  it('[TEXT L403]: straight to the nearest square from which it can attack', () => {
    expect(chargeLane(board([charger, target]), charger, target)).toEqual({ path: row(1, 5, 5) })
  })

  it('[TEXT L405]: a creature in the lane, even an ally, forbids the charge', () => {
    const ally = fig('ally', 3, 5)
    expect(chargeLane(board([charger, target, ally]), charger, target)).toEqual({
      violation: 'chargeBlocked'
    })
  })

  it('[TEXT L405]: a helpless creature does not stop a charge', () => {
    const body = { ...fig('body', 3, 5, { side: 'b' }), out: true }
    expect(chargeLane(board([charger, target, body]), charger, target)).toEqual({ path: row(1, 5, 5) })
  })

  it('[TEXT L405]: a creature beside the lane does not stop it', () => {
    const ally = fig('ally', 3, 4)
    expect(chargeLane(board([charger, target, ally]), charger, target)).toEqual({ path: row(1, 5, 5) })
  })

  it('[TEXT L405]: difficult terrain or a wall in the lane forbids the charge', () => {
    const mud = [{ x: 3, y: 5, kind: 'difficult' as const }]
    expect(chargeLane(board([charger, target], [], mud), charger, target)).toEqual({
      violation: 'chargeBlocked'
    })
    expect(chargeLane(board([charger, target], [[3, 5]]), charger, target)).toEqual({
      violation: 'chargeBlocked'
    })
  })

  it('[TEXT L405]: if the nearest square is occupied, no charge', () => {
    const guard = fig('guard', 5, 5, { side: 'b' })
    expect(chargeLane(board([charger, target, guard]), charger, target)).toEqual({
      violation: 'chargeBlocked'
    })
  })

  it('[TEXT L403]: at least 2 squares; adjacent or one square away is too short', () => {
    const near = fig('t', 2, 5, { side: 'b' })
    expect(chargeLane(board([charger, near]), charger, near)).toEqual({ violation: 'chargeTooShort' })
    const adjacent = fig('t', 1, 5, { side: 'b' })
    expect(chargeLane(board([charger, adjacent]), charger, adjacent)).toEqual({ violation: 'chargeTooShort' })
    const two = fig('t', 3, 5, { side: 'b' })
    expect(chargeLane(board([charger, two]), charger, two)).toEqual({ path: row(1, 2, 5) })
  })

  it('[TEXT L403, L413]: at most twice the speed; the speed on a restricted turn', () => {
    const far = fig('t', 20, 5, { side: 'b' })
    expect(chargeLane(board([charger, far]), charger, far)).toEqual({ violation: 'chargeTooFar' })
    const mid = fig('t', 9, 5, { side: 'b' })
    expect(chargeLane(board([charger, mid]), charger, mid)).toEqual({ path: row(1, 8, 5) })
    expect(chargeLane(board([charger, mid]), charger, mid, { restricted: true })).toEqual({
      violation: 'chargeTooFar'
    })
  })

  it('[TEXT L409]: it needs line of sight to a target it can see', () => {
    const wall = Array.from({ length: 30 }, (_, y): [number, number] => [3, y])
    expect(chargeLane(board([charger, target], wall), charger, target)).toEqual({
      violation: 'noLineOfSight'
    })
    const ghost = fig('t', 6, 5, { side: 'b', stats: { conditions: ['invisible'] } })
    expect(chargeLane(board([charger, ghost]), charger, ghost)).toEqual({ violation: 'noLineOfSight' })
  })

  it('a reach weapon charge ends 10 ft from the target; a bow cannot charge', () => {
    const spear = { ...longsword, id: 'pf1:longspear', reach: true, handedness: 'two' as const }
    const spearman = fig('c', 0, 5, { stats: { weapons: [spear], wielding: { main: spear.id, off: null } } })
    expect(chargeLane(board([spearman, target]), spearman, target)).toEqual({ path: row(1, 4, 5) })
    const archer = fig('c', 0, 5, {
      stats: { weapons: [longbow], wielding: { main: longbow.id, off: null } }
    })
    expect(chargeLane(board([archer, target]), archer, target)).toEqual({ violation: 'chargeNoMeleeReach' })
  })

  it('a diagonal charge takes the straightest path; a wall corner beside the line blocks it', () => {
    const diag = fig('t', 4, 9, { side: 'b' })
    const lane = chargeLane(board([charger, diag]), charger, diag)
    expect(lane).toEqual({ path: [c(1, 6), c(2, 7), c(3, 8)] })
    expect(chargeLane(board([charger, diag], [[1, 5]]), charger, diag)).toEqual({
      violation: 'chargeBlocked'
    })
  })

  it('[TEXT L309] ties for the nearest square: endAt picks one of them', () => {
    expect(chargeLane(board([charger, target]), charger, target, { endAt: c(5, 4) })).toEqual({
      path: [c(1, 5), c(2, 5), c(3, 4), c(4, 4), c(5, 4)]
    })
    expect(chargeLane(board([charger, target]), charger, target, { endAt: c(4, 5) })).toEqual({
      violation: 'chargeNotNearest'
    })
  })

  it('a Large charger sweeps its whole 2×2 space', () => {
    const ogre = fig('c', 0, 4, { stats: { size: 'L' } })
    const foe = fig('t', 8, 4, { side: 'b' })
    // Natural reach 10: it stops 10 ft short, at (5,4); a creature in its lower row blocks the lane.
    expect(chargeLane(board([ogre, foe]), ogre, foe)).toEqual({ path: row(1, 5, 4) })
    const ally = fig('ally', 3, 5)
    expect(chargeLane(board([ogre, foe, ally]), ogre, foe)).toEqual({ violation: 'chargeBlocked' })
  })

  it('the lane is every square a line from the start space to the end space crosses', () => {
    expect(laneCells(c(0, 0), c(3, 0), 1)).toEqual(row(0, 3, 0))
    expect(laneCells(c(0, 0), c(2, 2), 1)).toEqual([
      c(0, 0),
      c(0, 1),
      c(1, 0),
      c(1, 1),
      c(1, 2),
      c(2, 1),
      c(2, 2)
    ])
    expect(straightPath(c(0, 0), c(3, 1))).toEqual([c(1, 0), c(2, 1), c(3, 1)])
  })
})

describe('run (§3.2 [TEXT L203–209])', () => {
  const runner = fig('r', 0, 0)

  it.each([
    ['×4 speed', {}, 4],
    ['×3 in heavy armor', { armor: pfArmor(8, 1, 'heavy') }, 3],
    ['[SRD] Run feat: ×5', { feats: ['Run'] }, 5],
    ['[SRD] Run feat in heavy armor: ×4', { feats: ['Run'], armor: pfArmor(8, 1, 'heavy') }, 4]
  ] as const)('%s', (_label, stats, multiplier) => {
    expect(runMultiplier({ ...basePfStats, ...(stats as Partial<typeof basePfStats>) })).toBe(multiplier)
  })

  it('a straight run up to ×4 speed; not longer, not zig-zagging, not through difficult terrain', () => {
    expect(runLane(board([runner]), runner, row(1, 24, 0))).toBe(true)
    expect(runLane(board([runner]), runner, row(1, 25, 0))).toBe(false)
    expect(runLane(board([runner]), runner, [c(1, 0), c(2, 1), c(3, 1)])).toBe(true)
    expect(runLane(board([runner]), runner, [c(1, 0), c(2, 1), c(3, 0)])).toBe(false)
    const mud = [{ x: 2, y: 0, kind: 'difficult' as const }]
    expect(runLane(board([runner], [], mud), runner, row(1, 4, 0))).toBe(false)
    const heavy = fig('r', 0, 0, { stats: { armor: pfArmor(8, 1, 'heavy') } })
    expect(runLane(board([heavy]), heavy, row(1, 19, 0))).toBe(false)
    const blind = fig('r', 0, 0, { stats: { conditions: ['blinded'] } })
    expect(runLane(board([blind]), blind, row(1, 4, 0))).toBe(false)
  })
})
