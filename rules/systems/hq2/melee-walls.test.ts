import { describe, expect, it } from 'vitest'
import type { Action, Door, Edge, EncounterState } from '../../core/types'
import { hq2, terms } from '.'
import { inMeleeReach } from './board'
import type { Hq2Settings } from './settings'
import { makeEncounter } from './test-fixtures'

// Issue 6: melee across walls and doors on square edges. hq2.md §2: "to melee, the attacker must be in
// contact with the target: in any of the 8 surrounding squares" [TEXT L46], and LOS "is blocked by walls or
// doors" — a wall on the edge between two squares parts them, so there is no contact through it.

const w = (x: number, y: number): Edge => ({ x, y, side: 'w' })
const n = (x: number, y: number): Edge => ({ x, y, side: 'n' })

interface MapSpec {
  walls?: Edge[]
  doors?: Door[]
}

// The rogue at (2, 5) with its maneuver skills; the orc next to it at `orcAt`.
function scene(orcAt: [number, number], spec: MapSpec = {}, settings: Partial<Hq2Settings> = {}) {
  const state = makeEncounter({
    settings,
    beings: [
      {
        id: 'rogue',
        side: 'heroes',
        at: [2, 5],
        facing: 2,
        stats: { attackBase: 8, movement: { fixed: 6 }, skills: { apunalar: 1, luchaACiegas: 1 } }
      },
      { id: 'orc', side: 'bm', at: orcAt, facing: 6, stats: { kind: 'monster', seat: 0 } }
    ]
  })
  return { ...state, board: { ...state.board, ...spec } }
}

const melee: Action = { kind: 'melee', actorId: 'rogue', targetId: 'orc' }
const stab: Action = { kind: 'stab', actorId: 'rogue', targetId: 'orc' }
const attacksOn = (state: EncounterState) =>
  hq2
    .legalActions(state, 'rogue')
    .filter((a) => a.targetId === 'orc' && a.kind !== 'ranged')
    .map((a) => a.kind)
    .sort()

describe('melee contact and walls on edges (hq2.md §2 [TEXT L46], §4.7 step 1)', () => {
  it('a wall or closed door between side-by-side squares: no contact, no melee, no maneuver on it', () => {
    const open = scene([3, 5])
    expect(attacksOn(open)).toEqual(['blindFighting', 'melee', 'stab'])
    expect(hq2.validate(open, melee)).toBeNull()
    for (const map of [{ walls: [w(3, 5)] }, { doors: [{ ...w(3, 5), open: false }] }]) {
      const parted = scene([3, 5], map)
      expect(attacksOn(parted)).toEqual([])
      expect(hq2.validate(parted, melee)?.code).toBe('wallBetween')
      expect(hq2.validate(parted, stab)?.code).toBe('wallBetween')
    }
    // The door opened: contact again.
    expect(hq2.validate(scene([3, 5], { doors: [{ ...w(3, 5), open: true }] }), melee)).toBeNull()
    // A wall elsewhere on the board changes nothing; one beyond a far orc keeps `notAdjacent`.
    expect(hq2.validate(scene([3, 5], { walls: [w(3, 6)] }), melee)).toBeNull()
    expect(hq2.validate(scene([5, 5], { walls: [w(3, 5)] }), melee)?.code).toBe('notAdjacent')
  })

  it('[GAP] wallCorner on a diagonal neighbour: strict refuses past a wall end, loose unless both ways are shut', () => {
    // The orc at (3, 6), diagonal; the wall w(3, 5) ends on the corner the diagonal passes.
    const stub = { walls: [w(3, 5)] }
    expect(hq2.validate(scene([3, 6]), melee)).toBeNull()
    expect(hq2.validate(scene([3, 6], stub), melee)?.code).toBe('wallBetween')
    expect(hq2.validate(scene([3, 6], stub, { wallCorner: 'loose' }), melee)).toBeNull()
    // Both ways round the corner shut: the rogue's east edge and its south edge (the top edge of (2, 6)).
    const shut = { walls: [w(3, 5), n(2, 6)] }
    expect(hq2.validate(scene([3, 6], shut, { wallCorner: 'loose' }), melee)?.code).toBe('wallBetween')
  })

  it('the board query answers the same both ways, so a counter-attack (§4.8) meets the same wall', () => {
    const parted = scene([3, 5], { walls: [w(3, 5)] })
    expect(inMeleeReach(parted, { x: 2, y: 5 }, { x: 3, y: 5 })).toBe(false)
    expect(inMeleeReach(parted, { x: 3, y: 5 }, { x: 2, y: 5 })).toBe(false)
    expect(inMeleeReach(scene([3, 5]), { x: 3, y: 5 }, { x: 2, y: 5 })).toBe(true)
  })

  it('the new refusal is worded in both catalogues', () => {
    expect(terms.es['violation.wallBetween']).toContain('{target}')
    expect(terms.en['violation.wallBetween']).toContain('{target}')
  })
})
