import { describe, expect, it } from 'vitest'
import { getRuleset } from '../../../rules/systems'
import { makeEncounter } from '../../../rules/systems/minecraft/test-fixtures'
import { legPath, planThrough, toggleWaypoint, waypointPath } from './waypoints'

const minecraft = getRuleset('minecraft')
const walled = () => {
  const s = makeEncounter({ figures: [{ id: 'a', side: 'h', at: [0, 0] }], width: 4, height: 3, ap: 3 })
  // a wall on the east edges of column 0, rows 0-1: the way east is round the bottom
  return { ...s, board: { ...s.board, walls: [0, 1].map((y) => ({ x: 1, y, side: 'w' as const })) } }
}

describe('waypoints', () => {
  it('finds a leg around walls on edges', () => {
    const leg = legPath(walled(), 'a', { x: 0, y: 0 }, { x: 1, y: 0 })
    expect(leg?.[leg.length - 1]).toEqual({ x: 1, y: 0 })
    expect(leg!.length).toBeGreaterThan(1)
    expect(leg!.some((p) => p.y === 2 || (p.x === 0 && p.y === 1))).toBe(true)
  })

  it('has no leg into another figure', () => {
    const s = makeEncounter({
      figures: [
        { id: 'a', at: [0, 0] },
        { id: 'b', side: 'm', at: [2, 0] }
      ]
    })
    expect(legPath(s, 'a', { x: 0, y: 0 }, { x: 2, y: 0 })).toBeNull()
  })

  it('goes through every waypoint in order', () => {
    const s = makeEncounter({ figures: [{ id: 'a', at: [0, 0] }], width: 6, height: 6 })
    const path = waypointPath(s, 'a', [{ x: 0, y: 2 }], { x: 2, y: 2 })!
    const names = path.map(({ x, y }) => `${x},${y}`)
    // two cheapest legs of two steps each (diagonals cost a step): the waypoint is the second square
    expect(names).toHaveLength(4)
    expect(names[1]).toBe('0,2')
    expect(names[3]).toBe('2,2')
  })

  it('puts the whole path to the rules: a detour beyond the budget is refused', () => {
    const s = makeEncounter({ figures: [{ id: 'a', at: [0, 0] }], width: 8, height: 8, ap: 1 })
    const near = planThrough(s, minecraft, 'a', [], { x: 1, y: 0 })!
    expect(near.violation).toBeNull()
    const far = planThrough(s, minecraft, 'a', [{ x: 0, y: 4 }], { x: 4, y: 4 })!
    expect(far.path).toHaveLength(8)
    expect(far.violation).not.toBeNull()
  })

  it('adds a waypoint, and takes the last one back when clicked again', () => {
    const one = toggleWaypoint([], { x: 1, y: 1 })
    expect(one).toEqual([{ x: 1, y: 1 }])
    expect(toggleWaypoint(one, { x: 1, y: 1 })).toEqual([])
  })
})
