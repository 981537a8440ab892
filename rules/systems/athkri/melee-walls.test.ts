import { describe, expect, it } from 'vitest'
import type { Action, Door, Edge, EncounterState } from '../../core/types'
import { athkri, terms } from '.'
import { meleeThreats } from './board'
import type { AthkriSettings } from './settings'
import { figure, makeEncounter, type FigureSpec } from './test-fixtures'

// Issue 6: melee across walls and doors on square edges. athkri.md §5 step 1: "the target must be within
// melee reach (§3)", reach = 1 + Alcance squares from any occupied square; a wall on the edge between two
// squares parts them like a step (edges.test.ts), so a blow reaches only over squares the map lets it.

const w = (x: number, y: number): Edge => ({ x, y, side: 'w' })
const n = (x: number, y: number): Edge => ({ x, y, side: 'n' })

interface MapSpec {
  walls?: Edge[]
  doors?: Door[]
}

function scene(figures: FigureSpec[], spec: MapSpec = {}, settings: Partial<AthkriSettings> = {}) {
  const state = makeEncounter({ width: 12, height: 10, settings, figures })
  return { ...state, board: { ...state.board, ...spec } }
}

const hero = (at: [number, number]): FigureSpec => ({ id: 'a', side: 'heroes', at })
const foe = (at: [number, number]): FigureSpec => ({ id: 'b', side: 'monsters', at })
const melee: Action = { kind: 'melee', actorId: 'a', targetId: 'b' }
const listsMelee = (state: EncounterState) =>
  athkri.legalActions(state, 'a').some((a) => a.kind === 'melee' && a.targetId === 'b')

describe('melee reach and walls on edges (athkri.md §3, §5 step 1)', () => {
  it('a wall or closed door between side-by-side squares: no melee listed, validate refuses', () => {
    const pair = [hero([2, 2]), foe([3, 2])]
    expect(listsMelee(scene(pair))).toBe(true)
    for (const map of [{ walls: [w(3, 2)] }, { doors: [{ ...w(3, 2), open: false }] }]) {
      const parted = scene(pair, map)
      expect(listsMelee(parted)).toBe(false)
      expect(athkri.validate(parted, melee)?.code).toBe('wallBetween')
    }
    const opened = scene(pair, { doors: [{ ...w(3, 2), open: true }] })
    expect(listsMelee(opened)).toBe(true)
    expect(athkri.validate(opened, melee)).toBeNull()
    expect(athkri.validate(scene([hero([2, 2]), foe([5, 2])], { walls: [w(3, 2)] }), melee)?.code).toBe(
      'notInReach'
    )
  })

  it('[GAP] wallCorner on a diagonal neighbour: strict refuses past a wall end, loose unless both ways are shut', () => {
    const pair = [hero([2, 2]), foe([3, 3])]
    const stub = { walls: [w(3, 2)] }
    expect(athkri.validate(scene(pair), melee)).toBeNull()
    expect(athkri.validate(scene(pair, stub), melee)?.code).toBe('wallBetween')
    expect(athkri.validate(scene(pair, stub, { wallCorner: 'loose' }), melee)).toBeNull()
    const shut = { walls: [w(3, 2), n(2, 3)] }
    expect(athkri.validate(scene(pair, shut, { wallCorner: 'loose' }), melee)?.code).toBe('wallBetween')
  })

  it('§3 footprints: a 2×2 Grande reaches from any of its squares — walls must part every pair of squares', () => {
    // The ogre on (2..3, 2..3), Alcance 1 (reach 2); the hero adjacent to its east side at (4, 3).
    const pair: FigureSpec[] = [{ id: 'a', side: 'heroes', at: [2, 2], creature: 'athkri:ogro' }, foe([4, 3])]
    // A wall along the ogre's whole east side (x = 4, rows 2 and 3) parts every pair of squares: the side
    // by side ones across it, the diagonal (3, 2)→(4, 3) past its corner, the 2-square lines through it.
    const eastSide = { walls: [w(4, 2), w(4, 3)] }
    expect(athkri.validate(scene(pair), melee)).toBeNull()
    expect(athkri.validate(scene(pair, eastSide), melee)?.code).toBe('wallBetween')
    // Half that wall (row 2 only) leaves the side-by-side pair (3, 3)–(4, 3) open.
    expect(athkri.validate(scene(pair, { walls: [w(4, 2)] }), melee)).toBeNull()
    // Reach 2 past a wall: from (2..3, 2..3) to the hero at (5, 3) with the wall between x = 4 and 5.
    const far: FigureSpec[] = [pair[0] as FigureSpec, foe([5, 3])]
    expect(athkri.validate(scene(far), melee)).toBeNull()
    expect(athkri.validate(scene(far, { walls: [w(5, 2), w(5, 3), w(5, 4)] }), melee)?.code).toBe(
      'wallBetween'
    )
  })

  it('§9 A12 flanking counts only foes whose blows land: one behind a wall does not threaten', () => {
    const trio = [hero([2, 2]), foe([3, 2]), { id: 'c', side: 'heroes', at: [4, 2] } as FigureSpec]
    const open = scene(trio)
    const parted = scene(trio, { walls: [w(4, 2)] })
    expect(meleeThreats(open, figure(open, 'b')).map((c) => c.id)).toEqual(['a', 'c'])
    expect(meleeThreats(parted, figure(parted, 'b')).map((c) => c.id)).toEqual(['a'])
  })

  it('§6 [TEXT L45–48] first aid by a figure touching an ally: not through a wall; an open door lets it', () => {
    const pair: FigureSpec[] = [hero([2, 2]), { id: 'b', side: 'heroes', at: [3, 2], life: 5, lifeMax: 20 }]
    const aid: Action = { kind: 'firstAid', actorId: 'a', targetId: 'b' }
    expect(athkri.validate(scene(pair), aid)).toBeNull()
    expect(athkri.validate(scene(pair, { walls: [w(3, 2)] }), aid)?.code).toBe('wallBetween')
    expect(athkri.validate(scene(pair, { doors: [{ ...w(3, 2), open: true }] }), aid)).toBeNull()
  })

  it('the new refusal is worded in both catalogues', () => {
    expect(terms.es['violation.wallBetween']).toContain('{target}')
    expect(terms.en['violation.wallBetween']).toContain('{target}')
  })
})
