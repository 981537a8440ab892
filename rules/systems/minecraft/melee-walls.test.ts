import { describe, expect, it } from 'vitest'
import type { Action, Door, Edge, EncounterState } from '../../core/types'
import { minecraft, terms } from '.'
import { isEngaged } from './board'
import { readSettings, type McSettings } from './settings'
import { figure, makeEncounter } from './test-fixtures'

// Issue 6: melee across walls and doors on square edges. minecraft.md §2: "Melee requires adjacency"
// [TEXT L13, L19] and §4.2 step 1 checks the target is adjacent; a wall on the edge between two squares
// parts them, the same wall that stops a step (edges.test.ts), so the blow cannot land through it.

const w = (x: number, y: number): Edge => ({ x, y, side: 'w' })
const n = (x: number, y: number): Edge => ({ x, y, side: 'n' })

interface MapSpec {
  walls?: Edge[]
  doors?: Door[]
}

// Steve at (2, 2) with a full turn; a zombie next to it at `at`.
function scene(at: [number, number], spec: MapSpec = {}, settings: Partial<McSettings> = {}): EncounterState {
  const state = makeEncounter({
    width: 9,
    height: 6,
    settings,
    figures: [
      { id: 'h', side: 'heroes', at: [2, 2], creature: 'minecraft:steve' },
      { id: 'm', side: 'monsters', at, creature: 'minecraft:zombie' }
    ]
  })
  return { ...state, board: { ...state.board, ...spec } }
}

const melee: Action = { kind: 'melee', actorId: 'h', targetId: 'm' }
const listsMelee = (state: EncounterState) =>
  minecraft.legalActions(state, 'h').some((a) => a.kind === 'melee' && a.targetId === 'm')

describe('melee adjacency and walls on edges (minecraft.md §2 [TEXT L19], §4.2 step 1)', () => {
  it('a wall or closed door between side-by-side squares: no melee listed, validate refuses', () => {
    expect(listsMelee(scene([3, 2]))).toBe(true)
    expect(minecraft.validate(scene([3, 2]), melee)).toBeNull()
    for (const map of [{ walls: [w(3, 2)] }, { doors: [{ ...w(3, 2), open: false }] }]) {
      const parted = scene([3, 2], map)
      expect(listsMelee(parted)).toBe(false)
      expect(minecraft.validate(parted, melee)?.code).toBe('wallBetween')
    }
    const opened = scene([3, 2], { doors: [{ ...w(3, 2), open: true }] })
    expect(listsMelee(opened)).toBe(true)
    expect(minecraft.validate(opened, melee)).toBeNull()
    // Not adjacent stays `notAdjacent`, wall or not.
    expect(minecraft.validate(scene([4, 2], { walls: [w(3, 2)] }), melee)?.code).toBe('notAdjacent')
  })

  it('[GAP] wallCorner on a diagonal neighbour: strict refuses past a wall end, loose unless both ways are shut', () => {
    const stub = { walls: [w(3, 2)] }
    expect(minecraft.validate(scene([3, 3]), melee)).toBeNull()
    expect(minecraft.validate(scene([3, 3], stub), melee)?.code).toBe('wallBetween')
    expect(minecraft.validate(scene([3, 3], stub, { wallCorner: 'loose' }), melee)).toBeNull()
    const shut = { walls: [w(3, 2), n(2, 3)] }
    expect(minecraft.validate(scene([3, 3], shut, { wallCorner: 'loose' }), melee)?.code).toBe('wallBetween')
  })

  it('§6 [REC] engaged = an enemy in melee reach: not one behind a wall, so it does not pin a shooter', () => {
    const open = scene([3, 2])
    const parted = scene([3, 2], { walls: [w(3, 2)] })
    expect(isEngaged(open, readSettings(open), figure(open, 'h'))).toBe(true)
    expect(isEngaged(parted, readSettings(parted), figure(parted, 'h'))).toBe(false)
  })

  it('the new refusal is worded in both catalogues', () => {
    expect(terms.es['violation.wallBetween']).toContain('{target}')
    expect(terms.en['violation.wallBetween']).toContain('{target}')
  })
})
