import type { Cell, EditPreview, MapPointer } from '../../battlemap/view'
import type { Combatant, Edge } from '../../../rules/core/types'
import {
  addLight,
  changeHeight,
  lightAt,
  nextDoor,
  paintCells,
  paintZone,
  removeLight,
  setDoor,
  setWall,
  updateLight,
  wallAt
} from './map-edit-board'
import {
  addFigure,
  canStand,
  figureOn,
  footprint,
  occupiedSquares,
  placeFigure,
  rotateFigure
} from './map-edit-figures'
import { brushCells, rectCells, type EditableMap, type EditTool } from './map-edit'

// Pointer input of the map editor: board-terms pointer events (the map's `onPointer`, or the keyboard
// cursor) become edits of an EditableMap. Plain TypeScript so every gesture is unit-tested.

/** A gesture under way between a pointer down and up. */
type Drag =
  | { kind: 'figure'; id: string; from: Cell; offset: Cell }
  | { kind: 'light'; id: string; from: Cell }
  | { kind: 'brush'; visited: Set<string>; anchor: Cell | null; to: Cell }
  | { kind: 'wall'; on: boolean; last: Edge | null }

/** Why the last gesture changed nothing, as a catalogue key under `mapEdit.refused.`. */
export type InputNotice = 'offBoard' | 'overlap' | 'solid' | 'side' | 'full' | 'unknown' | null

/** The editor's pointer handling: the tool, its options, and the gesture under way. */
export class EditorInput {
  tool: EditTool = { kind: 'figure' }
  /** Square brush side: 1, 3 or 5. */
  brush = 1
  /** Radius in squares of new light and darkness areas. */
  lightRadius = 4
  /** The placed figure selected (moved by the next click on a free square), or null. */
  selected: string | null = null
  /** A figure to copy onto the next clicked square (party or bestiary), or null. */
  adding: Combatant | null = null
  /** The light area selected (its radius is what the radius field edits). */
  selectedLight: string | null = null
  /** Why the last gesture was refused (null: it was not). */
  notice: InputNotice = null
  hover: Cell | null = null
  hoverEdge: Edge | null = null
  #drag: Drag | null = null

  constructor(readonly map: EditableMap) {}

  /** Handles one pointer event; true when the map changed. */
  pointer(e: MapPointer): boolean {
    this.hover = e.cell
    this.hoverEdge = e.edge
    if (e.kind === 'context') return this.#context(e)
    if (e.kind === 'down' && e.button === 0) {
      this.notice = null
      return this.#down(e)
    }
    if (e.kind === 'move') return this.#move(e)
    if (e.kind === 'up' && e.button === 0) return this.#up(e)
    return false
  }

  /** Drops the gesture under way (the pointer left, Escape): what it already drew stays, as one edit. */
  cancel(): void {
    this.#drag = null
    this.map.endStroke()
  }

  /** True while a gesture is under way. */
  get dragging(): boolean {
    return this.#drag !== null
  }

  #down(e: MapPointer): boolean {
    const { cell, edge } = e
    const tool = this.tool
    const map = this.map
    switch (tool.kind) {
      case 'wall': {
        if (!edge) return false
        map.beginStroke()
        const on = !wallAt(map.state.board, edge)
        this.#drag = { kind: 'wall', on, last: edge }
        return map.apply((s) => setWall(s, edge, on))
      }
      case 'door':
        return !!edge && map.apply((s) => setDoor(s, edge, nextDoor(s.board, edge)))
      case 'light': {
        if (!cell) return false
        const here = lightAt(map.state.board, cell)
        if (here) {
          this.selectedLight = here.id
          this.#drag = { kind: 'light', id: here.id, from: cell }
          return false
        }
        let id: string | null = null
        const changed = map.apply((s) => {
          const added = addLight(s, cell, this.lightRadius, tool.light)
          id = added.id
          return added.state
        })
        this.selectedLight = id
        return changed
      }
      case 'figure':
        return cell ? this.#figureDown(cell) : false
      default: {
        if (!cell) return false
        map.beginStroke()
        this.#drag = { kind: 'brush', visited: new Set(), anchor: e.shift ? cell : null, to: cell }
        return e.shift
          ? false
          : this.#paint(brushCells(cell, this.brush, map.state.board.width, map.state.board.height))
      }
    }
  }

  #figureDown(cell: Cell): boolean {
    const state = this.map.state
    const on = figureOn(state, cell)
    if (on) {
      this.selected = on.id
      this.adding = null
      this.#drag = {
        kind: 'figure',
        id: on.id,
        from: cell,
        offset: { x: cell.x - on.pos.x, y: cell.y - on.pos.y }
      }
      return false
    }
    if (this.adding) {
      const model = this.adding
      const added = addFigure(state, model, cell)
      if (!added.ok) {
        this.notice = added.reason
        return false
      }
      this.selected = added.id
      this.adding = null
      return this.map.apply(() => added.state)
    }
    if (this.selected) return this.#place(this.selected, cell)
    return false
  }

  #place(id: string, at: Cell): boolean {
    const placed = placeFigure(this.map.state, id, at)
    if (!placed.ok) {
      this.notice = placed.reason
      return false
    }
    return this.map.apply(() => placed.state)
  }

  #move(e: MapPointer): boolean {
    const drag = this.#drag
    if (!drag) return false
    if (drag.kind === 'wall') {
      const edge = e.edge
      if (!edge) return false
      const run = wallRun(drag.last, edge)
      drag.last = edge
      let changed = false
      for (const step of run) changed = this.map.apply((s) => setWall(s, step, drag.on)) || changed
      return changed
    }
    if (drag.kind !== 'brush' || !e.cell) return false
    drag.to = e.cell
    if (drag.anchor) return false
    const { width, height } = this.map.state.board
    return this.#paint(brushCells(e.cell, this.brush, width, height))
  }

  #up(e: MapPointer): boolean {
    const drag = this.#drag
    this.#drag = null
    if (!drag) return false
    let changed = false
    if (drag.kind === 'figure' && e.cell && (e.cell.x !== drag.from.x || e.cell.y !== drag.from.y))
      changed = this.#place(drag.id, { x: e.cell.x - drag.offset.x, y: e.cell.y - drag.offset.y })
    else if (drag.kind === 'light' && e.cell && (e.cell.x !== drag.from.x || e.cell.y !== drag.from.y)) {
      const to = e.cell
      changed = this.map.apply((s) => updateLight(s, drag.id, { x: to.x, y: to.y }))
    } else if (drag.kind === 'brush' && drag.anchor) {
      const { width, height } = this.map.state.board
      changed = this.#paint(rectCells(drag.anchor, e.cell ?? drag.to, width, height))
    }
    this.map.endStroke()
    return changed
  }

  #context(e: MapPointer): boolean {
    this.cancel()
    const { cell, edge } = e
    switch (this.tool.kind) {
      case 'wall':
        return !!edge && this.map.apply((s) => setWall(s, edge, false))
      case 'door':
        return !!edge && this.map.apply((s) => setDoor(s, edge, null))
      case 'light': {
        const here = cell ? lightAt(this.map.state.board, cell) : undefined
        return !!here && this.map.apply((s) => removeLight(s, here.id))
      }
      case 'figure': {
        // Right-click turns a figure clockwise: its facing matters in systems with flanks and backs.
        const on = cell ? figureOn(this.map.state, cell) : undefined
        return !!on && this.map.apply((s) => rotateFigure(s, on.id, 1))
      }
      default:
        return false
    }
  }

  /** Applies the brush tool to squares not yet touched in this stroke (heights rise once per stroke). */
  #paint(cells: readonly Cell[]): boolean {
    const drag = this.#drag
    const fresh = drag?.kind === 'brush' ? cells.filter((c) => !drag.visited.has(`${c.x},${c.y}`)) : cells
    if (drag?.kind === 'brush') for (const c of fresh) drag.visited.add(`${c.x},${c.y}`)
    if (!fresh.length) return false
    const tool = this.tool
    return this.map.apply((s) => {
      switch (tool.kind) {
        case 'paint':
          return paintCells(s, fresh, tool.paint, occupiedSquares(s))
        case 'erase':
          return paintCells(s, fresh, null)
        case 'height':
          return changeHeight(s, fresh, tool.delta)
        case 'zone':
          return paintZone(s, fresh, tool.sideId)
        default:
          return s
      }
    })
  }

  /** What the tool would change under the pointer, for the map's edit preview. */
  preview(): EditPreview | null {
    const state = this.map.state
    const { width, height } = state.board
    const tool = this.tool
    if (tool.kind === 'wall' || tool.kind === 'door') {
      const edge = this.hoverEdge
      if (!edge) return null
      const removing =
        tool.kind === 'wall'
          ? this.#drag?.kind === 'wall'
            ? !this.#drag.on
            : wallAt(state.board, edge)
          : nextDoor(state.board, edge) === null
      return { edge, mode: removing ? 'remove' : 'add' }
    }
    const at = this.hover
    if (!at) return null
    const drag = this.#drag
    if (tool.kind === 'figure') {
      const moving = drag?.kind === 'figure' ? state.combatants.find((c) => c.id === drag.id) : undefined
      const figure =
        moving ??
        this.adding ??
        (this.selected && !figureOn(state, at)
          ? state.combatants.find((c) => c.id === this.selected)
          : undefined)
      if (!figure) return null
      const offset = drag?.kind === 'figure' ? drag.offset : { x: 0, y: 0 }
      const pos = { x: at.x - offset.x, y: at.y - offset.y }
      const refused = canStand(state, pos, figure.size, moving || !this.adding ? figure.id : undefined)
      return { cells: footprint(pos, figure.size), mode: refused ? 'remove' : 'add' }
    }
    if (tool.kind === 'light') return { cells: [at], mode: lightAt(state.board, at) ? 'remove' : 'add' }
    const cells =
      drag?.kind === 'brush' && drag.anchor
        ? rectCells(drag.anchor, at, width, height)
        : brushCells(at, this.brush, width, height)
    return { cells, mode: tool.kind === 'erase' ? 'remove' : 'add' }
  }
}

/**
 * The edges from one to the next along a grid line when both lie on it (a quick drag skips edges, and a
 * wall run should have no gaps); otherwise just the new edge.
 */
export function wallRun(from: Edge | null, to: Edge): Edge[] {
  if (!from || from.side !== to.side) return [to]
  const along = to.side === 'n' ? from.y === to.y : from.x === to.x
  if (!along) return [to]
  const [a, b] = to.side === 'n' ? [from.x, to.x] : [from.y, to.y]
  const step = Math.sign(b - a)
  const run: Edge[] = []
  for (let i = a + step; step !== 0 ? i !== b + step : false; i += step)
    run.push(to.side === 'n' ? { x: i, y: to.y, side: 'n' } : { x: to.x, y: i, side: 'w' })
  return run.length ? run : [to]
}
