import { describe, expect, it } from 'vitest'
import { stateHash } from '../../../rules/core/hash'
import { boardSchema } from '../../../rules/core/schemas'
import type { EncounterState } from '../../../rules/core/types'
import athkriSample from '../../../resources/campaigns/athkri-sample.json'
import hq2Sample from '../../../resources/campaigns/hq2-sample.json'
import pfSample from '../../../resources/campaigns/pathfinder1e-sample.json'
import { campaignSchema } from '../../../rules/core/schemas'
import { sampleCampaign, sampleInitial } from './fixtures'
import {
  EditableMap,
  UNDO_LIMIT,
  brushCells,
  mapProblems,
  paletteFor,
  rectCells,
  toolId,
  withEditedMap
} from './map-edit'
import {
  addLight,
  changeHeight,
  nextDoor,
  paintCells,
  paintZone,
  removeLight,
  resizeBoard,
  setBackground,
  setDoor,
  setWall,
  updateLight
} from './map-edit-board'
import { addFigure, canStand, placeFigure, removeFigure, rotateFigure } from './map-edit-figures'
import { editorView, mapCounts } from './map-edit-view'

// The sample mine: 16×12, Steve at (2,5), Alex at (2,7), zombie-1 at (8,4), a block at (4,2).
const start = (): EncounterState => sampleInitial()

describe('EditableMap undo and redo', () => {
  it('undoes and redoes each edit, and a no-op edit leaves no entry', () => {
    const map = new EditableMap(start())
    const before = map.state
    expect(map.apply((s) => s)).toBe(false)
    expect(map.canUndo).toBe(false)
    map.apply((s) => setWall(s, { x: 3, y: 3, side: 'n' }, true))
    map.apply((s) => paintCells(s, [{ x: 0, y: 0 }], 'block'))
    expect(map.state.board.walls).toHaveLength(1)
    expect(map.undo()).toBe(true)
    expect(map.state.board.blocks).toHaveLength(before.board.blocks.length)
    expect(map.state.board.walls).toHaveLength(1)
    expect(map.undo()).toBe(true)
    expect(map.state).toBe(before)
    expect(map.undo()).toBe(false)
    expect(map.redo()).toBe(true)
    expect(map.state.board.walls).toHaveLength(1)
    // a new edit forgets what was undone
    map.apply((s) => paintCells(s, [{ x: 1, y: 0 }], 'block'))
    expect(map.canRedo).toBe(false)
  })

  it('records a stroke of many edits as one undo entry', () => {
    const map = new EditableMap(start())
    const before = map.state
    map.beginStroke()
    for (let x = 0; x < 5; x++) map.apply((s) => setWall(s, { x, y: 1, side: 'n' }, true))
    map.endStroke()
    expect(map.state.board.walls).toHaveLength(5)
    expect(map.undoDepth).toBe(1)
    map.undo()
    expect(map.state).toBe(before)
    map.redo()
    expect(map.state.board.walls).toHaveLength(5)
  })

  it('keeps at most the limit of entries, dropping the oldest', () => {
    const map = new EditableMap(start(), 3)
    for (let x = 0; x < 5; x++) map.apply((s) => setWall(s, { x, y: 0, side: 'n' }, true))
    let undone = 0
    while (map.undo()) undone++
    expect(undone).toBe(3)
    expect(map.state.board.walls).toHaveLength(2)
    expect(UNDO_LIMIT).toBeGreaterThanOrEqual(100)
  })
})

describe('board edits', () => {
  it('resizes keeping what fits and dropping figures outside', () => {
    let s = setWall(start(), { x: 15, y: 0, side: 'w' }, true)
    s = setWall(s, { x: 1, y: 1, side: 'n' }, true)
    s = paintCells(s, [{ x: 12, y: 1 }], 'difficult')
    const small = resizeBoard(s, 10, 6)
    expect(small.board).toMatchObject({ width: 10, height: 6 })
    expect(small.board.walls).toEqual([{ x: 1, y: 1, side: 'n' }])
    expect(small.board.ground).toBeUndefined()
    expect(small.board.blocks.every((b) => b.x < 10 && b.y < 6)).toBe(true)
    // Steve (2,5) and zombie-1 (8,4) fit; Alex (2,7) and the skeleton (14,5) do not
    expect(small.combatants.map((c) => c.id).sort()).toEqual(['steve', 'zombie-1'])
    expect(boardSchema.safeParse(small.board).success).toBe(true)
    const blank = resizeBoard(s, 200, 200, true)
    expect(blank.board.blocks).toEqual([])
    expect(blank.board.walls).toBeUndefined()
    expect(blank.combatants).toHaveLength(s.combatants.length)
    expect(() => resizeBoard(s, 0, 5)).toThrow(RangeError)
    expect(() => resizeBoard(s, 201, 5)).toThrow(RangeError)
  })

  it('paints one kind per square and skips solid paint under figures', () => {
    const s = start()
    const taken = new Set(['2,5'])
    const painted = paintCells(
      s,
      [
        { x: 2, y: 5 },
        { x: 3, y: 5 },
        { x: 4, y: 2 }
      ],
      'impassable',
      taken
    )
    expect(painted.board.ground).toEqual([
      { x: 3, y: 5, kind: 'impassable' },
      { x: 4, y: 2, kind: 'impassable' }
    ])
    // (4,2) was a block: ground replaced it
    expect(painted.board.blocks.some((b) => b.x === 4 && b.y === 2)).toBe(false)
    const erased = paintCells(painted, [{ x: 3, y: 5 }], null)
    expect(erased.board.ground).toEqual([{ x: 4, y: 2, kind: 'impassable' }])
    expect(paintCells(erased, [{ x: 4, y: 2 }], 'impassable')).toBe(erased)
    expect(paintCells(s, [{ x: -1, y: 0 }], 'water')).toBe(s)
  })

  it('raises and lowers ground within ±100, keeping figures on it', () => {
    const s = start()
    const up = changeHeight(
      s,
      [
        { x: 2, y: 5 },
        { x: 0, y: 0 }
      ],
      2
    )
    expect(up.board.elevation).toHaveLength(16 * 12)
    expect(up.board.elevation?.[5 * 16 + 2]).toBe(2)
    expect(up.combatants.find((c) => c.id === 'steve')?.pos.z).toBe(2)
    const capped = changeHeight(up, [{ x: 0, y: 0 }], 500)
    expect(capped.board.elevation?.[0]).toBe(100)
  })

  it('walls and doors share an edge, one at a time, and doors cycle closed → open → none', () => {
    const e = { x: 3, y: 4, side: 'w' as const }
    let s = setWall(start(), e, true)
    expect(setWall(s, e, true)).toBe(s)
    expect(nextDoor(s.board, e)).toBe('closed')
    s = setDoor(s, e, 'closed')
    expect(s.board.walls).toBeUndefined()
    expect(s.board.doors).toEqual([{ ...e, open: false }])
    expect(nextDoor(s.board, e)).toBe('open')
    s = setDoor(s, e, 'open')
    expect(nextDoor(s.board, e)).toBe(null)
    s = setWall(s, e, true)
    expect(s.board.doors).toBeUndefined()
    // the east rim of the board is an edge; one past it is not
    expect(setWall(s, { x: 16, y: 0, side: 'w' }, true).board.walls).toHaveLength(2)
    expect(setWall(s, { x: 17, y: 0, side: 'w' }, true)).toBe(s)
  })

  it('adds, moves, resizes and removes light areas', () => {
    const added = addLight(start(), { x: 5, y: 5 }, 3, 'dark')
    expect(added.id).toBe('light-1')
    let s = updateLight(added.state, 'light-1', { x: 6, radius: 999 })
    expect(s.board.lights).toEqual([{ id: 'light-1', x: 6, y: 5, radius: 200, kind: 'dark' }])
    expect(addLight(s, { x: 1, y: 1 }, 2, 'light').id).toBe('light-2')
    expect(updateLight(s, 'light-1', { x: 99 })).toBe(s)
    s = removeLight(s, 'light-1')
    expect(s.board.lights).toBeUndefined()
  })

  it('gives each start square to one side', () => {
    let s = paintZone(
      start(),
      [
        { x: 0, y: 0 },
        { x: 1, y: 0 }
      ],
      'heroes'
    )
    s = paintZone(s, [{ x: 1, y: 0 }], 'monsters')
    expect(s.board.startZones).toEqual([
      { sideId: 'heroes', cells: [{ x: 0, y: 0 }] },
      { sideId: 'monsters', cells: [{ x: 1, y: 0 }] }
    ])
    expect(paintZone(s, [{ x: 1, y: 0 }], 'monsters')).toBe(s)
    s = paintZone(
      s,
      [
        { x: 0, y: 0 },
        { x: 1, y: 0 }
      ],
      null
    )
    expect(s.board.startZones).toBeUndefined()
  })

  it('sets and clears a background, clamping its opacity', () => {
    const image = 'data:image/png;base64,iVBORw0KGgo='
    const s = setBackground(start(), { image, opacity: 3 })
    expect(s.board.background).toEqual({ image, opacity: 1 })
    expect(boardSchema.safeParse(s.board).success).toBe(true)
    expect(setBackground(s, null).board.background).toBeUndefined()
  })
})

describe('figures', () => {
  it('places a figure only where its whole footprint is free and on the board', () => {
    const s = start()
    expect(placeFigure(s, 'steve', { x: 3, y: 5 })).toMatchObject({ ok: true })
    expect(placeFigure(s, 'steve', { x: 2, y: 7 })).toEqual({ ok: false, reason: 'overlap' })
    expect(placeFigure(s, 'steve', { x: 4, y: 2 })).toEqual({ ok: false, reason: 'solid' })
    expect(placeFigure(s, 'steve', { x: 16, y: 0 })).toEqual({ ok: false, reason: 'offBoard' })
    const big = { ...s, combatants: s.combatants.map((c) => (c.id === 'zombie-1' ? { ...c, size: 2 } : c)) }
    expect(canStand(big, { x: 15, y: 0 }, 2, 'zombie-1')).toBe('offBoard')
    // a 2×2 at (7,4) would cover (8,4)... its own square: fine; at (8,3) it covers (9,4) free too
    expect(placeFigure(big, 'zombie-1', { x: 7, y: 3 })).toMatchObject({ ok: true })
    // Steve's square (2,5) is inside a 2×2 put at (1,4)
    expect(placeFigure(big, 'zombie-1', { x: 1, y: 4 })).toEqual({ ok: false, reason: 'overlap' })
    const raised = changeHeight(s, [{ x: 0, y: 0 }], 3)
    const placed = placeFigure(raised, 'steve', { x: 0, y: 0 })
    expect(placed.ok && placed.state.combatants.find((c) => c.id === 'steve')?.pos).toEqual({
      x: 0,
      y: 0,
      z: 3
    })
  })

  it('turns, removes and copies figures with fresh ids and names', () => {
    const s = start()
    expect(rotateFigure(s, 'steve', -3).combatants[0]?.facing).toBe(7)
    expect(removeFigure(s, 'steve').combatants.some((c) => c.id === 'steve')).toBe(false)
    const zombie = s.combatants.find((c) => c.id === 'zombie-1')
    if (!zombie) throw new Error('no zombie-1')
    const added = addFigure(s, { ...zombie, life: 1 }, { x: 0, y: 0 })
    if (!added.ok) throw new Error(added.reason)
    const copy = added.state.combatants.at(-1)
    // zombie-2 and Zombi 2 are taken, so the copy is the fourth zombie by id and "Zombi 4" by name
    expect(copy).toMatchObject({ id: 'zombie-4', name: 'Zombi 4', side: 'monsters', life: zombie.lifeMax })
    expect(addFigure(s, { ...zombie, side: 'nobody' })).toEqual({ ok: false, reason: 'side' })
    // without a square given it takes the first free one
    const auto = addFigure(s, zombie)
    expect(auto.ok && auto.state.combatants.at(-1)?.pos).toEqual({ x: 0, y: 0, z: 0 })
  })
})

describe('validation and saving', () => {
  it('finds what the schema refuses and what it cannot see', () => {
    const s = start()
    expect(mapProblems(s)).toEqual([])
    const overlapping = {
      ...s,
      combatants: s.combatants.map((c) => (c.id === 'alex' ? { ...c, pos: { x: 2, y: 5, z: 0 } } : c))
    }
    expect(mapProblems(overlapping)).toEqual([{ code: 'overlap', at: 'steve/alex' }])
    const broken = { ...s, board: { ...s.board, width: 0 } }
    expect(mapProblems(broken)[0]).toMatchObject({ code: 'schema', at: 'board.width' })
  })

  it('writes the edited start into the campaign with the hash a reload checks', () => {
    const campaign = sampleCampaign()
    const id = campaign.encounters[0]?.id ?? ''
    const edited = setWall(start(), { x: 1, y: 1, side: 'n' }, true)
    const saved = withEditedMap(campaign, id, edited)
    expect(saved.encounters[0]?.initial.board.walls).toEqual([{ x: 1, y: 1, side: 'n' }])
    expect(saved.encounters[0]?.stateHash).toBe(stateHash(edited))
    expect(saved.encounters[1]).toBe(campaign.encounters[1])
    const overlapping = {
      ...edited,
      combatants: edited.combatants.map((c) => ({ ...c, pos: { x: 0, y: 0, z: 0 } }))
    }
    expect(() => withEditedMap(campaign, id, overlapping)).toThrow(/overlap/)
    const started = {
      ...campaign,
      encounters: campaign.encounters.map((e) => ({ ...e, commands: [{ type: 'turn.end' as const }] }))
    }
    expect(() => withEditedMap(started, id, edited)).toThrow(/started/)
  })
})

describe('palette, brushes and the view', () => {
  it('offers only what the ruleset reads', () => {
    const bare = paletteFor(undefined, ['heroes', 'monsters']).map(toolId)
    expect(bare).toEqual(['figure', 'paint-block', 'erase', 'wall', 'door', 'zone-heroes', 'zone-monsters'])
    const full = paletteFor({ ground: ['difficult', 'water'], lighting: true, elevation: true }, ['a']).map(
      toolId
    )
    expect(full).toEqual(
      expect.arrayContaining(['paint-difficult', 'paint-water', 'height-up', 'height-down', 'light', 'dark'])
    )
    expect(full).not.toContain('paint-impassable')
  })

  it('clips brushes and rectangles to the board', () => {
    expect(brushCells({ x: 0, y: 0 }, 3, 16, 12)).toHaveLength(4)
    expect(brushCells({ x: 5, y: 5 }, 5, 16, 12)).toHaveLength(25)
    expect(rectCells({ x: 14, y: 10 }, { x: 20, y: 2 }, 16, 12)).toHaveLength(2 * 9)
  })

  it('shows every prepared feature, start zones in their side colour', () => {
    let s = paintZone(start(), [{ x: 0, y: 0 }], 'monsters')
    s = setWall(s, { x: 1, y: 1, side: 'n' }, true)
    const view = editorView({ state: s, selected: 'alex', preview: { cells: [{ x: 1, y: 1 }], mode: 'add' } })
    expect(view.walls).toEqual([{ x: 1, y: 1, side: 'n' }])
    expect(view.startZones?.[0]?.color).toBe(view.tokens.find((t) => t.side === 'monsters')?.color)
    expect(view.tokens.find((t) => t.id === 'alex')?.active).toBe(true)
    expect(view.editPreview?.cells).toEqual([{ x: 1, y: 1 }])
    expect(mapCounts(s)).toMatchObject({ walls: 1, zones: 1, figures: 6, width: 16 })
  })
})

describe('stacked figures (the rules say who shares a square: Ruleset.stacks)', () => {
  const pf = (): EncounterState => {
    const record = campaignSchema.parse(structuredClone(pfSample)).encounters[0]
    if (!record) throw new Error('no encounter')
    return record.initial as EncounterState
  }

  it('a Pathfinder rider and its dog are no overlap, move together and leave together; a copy rides nothing', () => {
    const s = pf()
    const pair = ['goblin-dog', 'goblin-rider']
    expect(mapProblems(s)).toEqual([])
    const moved = placeFigure(s, 'goblin-rider', { x: 6, y: 7 })
    if (!moved.ok) throw new Error(moved.reason)
    const at = (st: EncounterState, id: string) => st.combatants.find((c) => c.id === id)?.pos
    for (const id of pair) expect(at(moved.state, id)).toEqual({ x: 6, y: 7, z: 0 })
    const left = removeFigure(s, 'goblin-dog').combatants.map((c) => c.id)
    for (const id of pair) expect(left).not.toContain(id)
    expect(left).toHaveLength(s.combatants.length - 2)
    const dog = s.combatants.find((c) => c.id === 'goblin-dog')!
    const copy = addFigure(s, dog, { x: 0, y: 0 })
    expect(copy.ok && copy.state.combatants.at(-1)?.stats).not.toHaveProperty('riderId')
  })

  it('figures of a system without stacks never share a square, whatever their stats say', () => {
    const s = sampleInitial()
    const [a, b] = s.combatants
    const linked = {
      ...s,
      combatants: [
        { ...a!, stats: { ...a!.stats, riderId: b!.id } },
        { ...b!, pos: a!.pos, stats: { ...b!.stats, mountId: a!.id } },
        ...s.combatants.slice(2)
      ]
    }
    expect(mapProblems(linked).map((p) => p.code)).toContain('overlap')
  })
})

describe('the bundled grid samples', () => {
  it.each([
    ['pathfinder1e', pfSample],
    ['hq2', hq2Sample],
    ['athkri', athkriSample],
    ['minecraft', null]
  ])('%s opens in the editor with nothing to fix, and saves unchanged', (_, raw) => {
    const campaign = raw ? campaignSchema.parse(structuredClone(raw)) : sampleCampaign()
    for (const record of campaign.encounters) {
      const state = record.initial as EncounterState
      expect(mapProblems(state)).toEqual([])
      expect(
        withEditedMap(campaign, record.id, state).encounters.find((e) => e.id === record.id)?.stateHash
      ).toBe(record.stateHash)
    }
  })
})
