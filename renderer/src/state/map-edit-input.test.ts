import { describe, expect, it } from 'vitest'
import type { Cell, MapPointer } from '../../battlemap/view'
import type { Edge } from '../../../rules/core/types'
import { sampleInitial } from './fixtures'
import { EditableMap } from './map-edit'
import { EditorInput, wallRun } from './map-edit-input'
import { nearestEdge } from '../../battlemap/camera'
import { edgeOf, keyboardClick } from './map-edit-pointer'

// The sample mine: 16×12, Steve at (2,5), Alex at (2,7), zombie-1 at (8,4), a block at (4,2).

function ev(
  kind: MapPointer['kind'],
  cell: Cell | null,
  edge: Edge | null = null,
  extra: Partial<MapPointer> = {}
): MapPointer {
  return {
    kind,
    cell,
    edge,
    point: cell ? { x: cell.x + 0.5, y: cell.y + 0.5 } : { x: -1, y: -1 },
    button: kind === 'context' ? 2 : 0,
    shift: false,
    ctrl: false,
    alt: false,
    screen: { x: 0, y: 0 },
    ...extra
  }
}

function editor(): EditorInput {
  return new EditorInput(new EditableMap(sampleInitial()))
}

describe('EditorInput gestures', () => {
  it('draws a wall run by dragging along a grid line, filling skipped edges, as one undo', () => {
    const input = editor()
    input.tool = { kind: 'wall' }
    input.pointer(ev('down', { x: 1, y: 1 }, { x: 1, y: 1, side: 'n' }))
    input.pointer(ev('move', { x: 2, y: 1 }, { x: 2, y: 1, side: 'n' }))
    input.pointer(ev('move', { x: 5, y: 1 }, { x: 5, y: 1, side: 'n' }))
    input.pointer(ev('up', { x: 5, y: 1 }, { x: 5, y: 1, side: 'n' }))
    expect(input.map.state.board.walls?.map((w) => w.x)).toEqual([1, 2, 3, 4, 5])
    expect(input.map.undoDepth).toBe(1)
    // starting on a wall erases along the drag instead
    input.pointer(ev('down', { x: 2, y: 1 }, { x: 2, y: 1, side: 'n' }))
    input.pointer(ev('move', { x: 3, y: 1 }, { x: 3, y: 1, side: 'n' }))
    input.pointer(ev('up', { x: 3, y: 1 }, null))
    expect(input.map.state.board.walls?.map((w) => w.x)).toEqual([1, 4, 5])
    input.map.undo()
    expect(input.map.state.board.walls).toHaveLength(5)
  })

  it('paints a brush stroke as one undo and fills a rectangle with Shift', () => {
    const input = editor()
    input.tool = { kind: 'paint', paint: 'difficult' }
    input.brush = 3
    input.pointer(ev('down', { x: 10, y: 1 }))
    input.pointer(ev('move', { x: 11, y: 1 }))
    input.pointer(ev('up', { x: 11, y: 1 }))
    // 3×3 at (10,1) and at (11,1): columns 9..12, rows 0..2
    expect(input.map.state.board.ground).toHaveLength(12)
    expect(input.map.undoDepth).toBe(1)
    input.tool = { kind: 'erase' }
    input.brush = 1
    input.pointer(ev('down', { x: 0, y: 9 }, null, { shift: true }))
    input.pointer(ev('move', { x: 3, y: 11 }))
    expect(input.preview()?.cells).toHaveLength(4 * 3)
    expect(input.preview()?.mode).toBe('remove')
    input.tool = { kind: 'paint', paint: 'water' }
    input.pointer(ev('up', { x: 3, y: 11 }))
    expect(input.map.state.board.ground?.filter((g) => g.kind === 'water')).toHaveLength(12)
  })

  it('raises a square once per stroke however long the pointer lingers', () => {
    const input = editor()
    input.tool = { kind: 'height', delta: 1 }
    input.pointer(ev('down', { x: 0, y: 0 }))
    input.pointer(ev('move', { x: 0, y: 0 }))
    input.pointer(ev('move', { x: 1, y: 0 }))
    input.pointer(ev('move', { x: 0, y: 0 }))
    input.pointer(ev('up', { x: 0, y: 0 }))
    expect(input.map.state.board.elevation?.slice(0, 2)).toEqual([1, 1])
  })

  it('drags a figure onto a free square and refuses an occupied one', () => {
    const input = editor()
    input.pointer(ev('down', { x: 2, y: 5 }))
    input.pointer(ev('move', { x: 3, y: 6 }))
    expect(input.preview()).toEqual({ cells: [{ x: 3, y: 6 }], mode: 'add' })
    input.pointer(ev('up', { x: 3, y: 6 }))
    expect(input.map.state.combatants.find((c) => c.id === 'steve')?.pos).toMatchObject({ x: 3, y: 6 })
    expect(input.selected).toBe('steve')
    input.pointer(ev('down', { x: 3, y: 6 }))
    input.pointer(ev('up', { x: 2, y: 7 }))
    expect(input.notice).toBe('overlap')
    expect(input.map.state.combatants.find((c) => c.id === 'steve')?.pos).toMatchObject({ x: 3, y: 6 })
    // selected, then a click on a free square moves it there
    input.pointer(ev('down', { x: 0, y: 0 }))
    input.pointer(ev('up', { x: 0, y: 0 }))
    expect(input.map.state.combatants.find((c) => c.id === 'steve')?.pos).toMatchObject({ x: 0, y: 0 })
    // right-click turns it clockwise
    const facing = input.map.state.combatants.find((c) => c.id === 'steve')?.facing ?? 0
    input.pointer(ev('context', { x: 0, y: 0 }))
    expect(input.map.state.combatants.find((c) => c.id === 'steve')?.facing).toBe((facing + 1) % 8)
  })

  it('adds a copy of a figure where the GM clicks', () => {
    const input = editor()
    const zombie = input.map.state.combatants.find((c) => c.id === 'zombie-3')
    input.adding = zombie ?? null
    input.pointer(ev('down', { x: 0, y: 0 }))
    input.pointer(ev('up', { x: 0, y: 0 }))
    const added = input.map.state.combatants.at(-1)
    expect(added?.pos).toMatchObject({ x: 0, y: 0 })
    expect(added?.id).toBe('zombie-4')
    expect(input.selected).toBe(added?.id)
    expect(input.adding).toBe(null)
  })

  it('cycles doors, adds and drags lights, removes them with a right-click', () => {
    const input = editor()
    const edge: Edge = { x: 6, y: 6, side: 'w' }
    input.tool = { kind: 'door' }
    input.pointer(ev('down', { x: 6, y: 6 }, edge))
    input.pointer(ev('down', { x: 6, y: 6 }, edge))
    expect(input.map.state.board.doors).toEqual([{ ...edge, open: true }])
    input.tool = { kind: 'light', light: 'dark' }
    input.lightRadius = 2
    input.pointer(ev('down', { x: 7, y: 7 }))
    input.pointer(ev('up', { x: 7, y: 7 }))
    input.pointer(ev('down', { x: 7, y: 7 }))
    input.pointer(ev('up', { x: 10, y: 8 }))
    expect(input.map.state.board.lights).toEqual([{ id: 'light-1', x: 10, y: 8, radius: 2, kind: 'dark' }])
    input.pointer(ev('context', { x: 10, y: 8 }))
    expect(input.map.state.board.lights).toBeUndefined()
  })

  it('shows the edge a wall would go on, red when it would come off', () => {
    const input = editor()
    input.tool = { kind: 'wall' }
    const edge: Edge = { x: 3, y: 3, side: 'n' }
    input.pointer(ev('move', { x: 3, y: 3 }, edge))
    expect(input.preview()).toEqual({ edge, mode: 'add' })
    input.pointer(ev('down', { x: 3, y: 3 }, edge))
    input.pointer(ev('up', { x: 3, y: 3 }, edge))
    expect(input.preview()).toEqual({ edge, mode: 'remove' })
  })
})

describe('pointer geometry', () => {
  it('finds the nearest edge within a quarter square', () => {
    expect(nearestEdge({ x: 3.1, y: 4.5 }, 16, 12)).toEqual({ x: 3, y: 4, side: 'w' })
    expect(nearestEdge({ x: 3.5, y: 4.8 }, 16, 12)).toEqual({ x: 3, y: 5, side: 'n' })
    expect(nearestEdge({ x: 3.5, y: 4.5 }, 16, 12)).toBe(null)
    expect(nearestEdge({ x: 16.1, y: 0.5 }, 16, 12)).toEqual({ x: 16, y: 0, side: 'w' })
    expect(nearestEdge({ x: 20, y: 0.5 }, 16, 12)).toBe(null)
  })

  it('names every side of a square canonically and walks wall runs', () => {
    expect(edgeOf({ x: 2, y: 3 }, 'e')).toEqual({ x: 3, y: 3, side: 'w' })
    expect(edgeOf({ x: 2, y: 3 }, 's')).toEqual({ x: 2, y: 4, side: 'n' })
    expect(keyboardClick({ x: 1, y: 1 }, null).map((e) => e.kind)).toEqual(['down', 'up'])
    expect(wallRun({ x: 2, y: 0, side: 'w' }, { x: 2, y: 3, side: 'w' })).toHaveLength(3)
    expect(wallRun({ x: 2, y: 0, side: 'w' }, { x: 4, y: 3, side: 'w' })).toEqual([{ x: 4, y: 3, side: 'w' }])
    expect(wallRun({ x: 5, y: 1, side: 'n' }, { x: 2, y: 1, side: 'n' }).map((e) => e.x)).toEqual([4, 3, 2])
  })
})
