import type { Cell } from '../../battlemap/view'
import type { FigureTemplate } from '../../../rules/core/schemas'
import type { Combatant, EncounterState } from '../../../rules/core/types'
import { getRuleset } from '../../../rules/systems'
import { heightAt, onBoard } from './map-edit-board'
import { combatantOf, defaultController, type RosterList } from './roster-templates'

// Placing figures on the map being prepared: footprints by size, no overlaps, never on solid squares.

/** Why a figure cannot stand somewhere: off the board, on another figure, or on a solid square. */
export type PlaceRefusal = 'offBoard' | 'overlap' | 'solid' | 'unknown'

/** A placement's outcome: the new state, or why not. */
export type PlaceResult = { ok: true; state: EncounterState } | { ok: false; reason: PlaceRefusal }

/** Squares per side of a figure's footprint (a size below 1 still stands on one square). */
export function footprintSideOf(size: number | undefined): number {
  return Math.max(1, Math.ceil(size ?? 1))
}

/** The squares a figure of `size` covers with its top-left square at `pos`. */
export function footprint(pos: Cell, size: number | undefined): Cell[] {
  const n = footprintSideOf(size)
  const cells: Cell[] = []
  for (let dy = 0; dy < n; dy++) for (let dx = 0; dx < n; dx++) cells.push({ x: pos.x + dx, y: pos.y + dy })
  return cells
}

/** The squares no figure may stand on: blocks and impassable ground, by `x,y` key. */
export function solidSquares(state: EncounterState): Set<string> {
  const solid = new Set(state.board.blocks.map((b) => `${b.x},${b.y}`))
  for (const g of state.board.ground ?? []) if (g.kind === 'impassable') solid.add(`${g.x},${g.y}`)
  return solid
}

/** Every square some figure (not out) covers, by `x,y` key, leaving out `exceptId`. */
export function occupiedSquares(state: EncounterState, exceptId?: string): Set<string> {
  const taken = new Set<string>()
  for (const c of state.combatants)
    if (!c.out && c.id !== exceptId) for (const p of footprint(c.pos, c.size)) taken.add(`${p.x},${p.y}`)
  return taken
}

/** The figure whose footprint covers a square (the topmost drawn, i.e. the last listed), if any. */
export function figureOn(state: EncounterState, cell: Cell): Combatant | undefined {
  return [...state.combatants].reverse().find((c) => {
    const n = footprintSideOf(c.size)
    return cell.x >= c.pos.x && cell.y >= c.pos.y && cell.x < c.pos.x + n && cell.y < c.pos.y + n
  })
}

/**
 * The figures that share a square with `id` by the rules (`Ruleset.stacks`: PF's rider and mount). They
 * move, and leave the map, together; their overlap is no error.
 */
export function companions(state: EncounterState, id: string | undefined): string[] {
  const self = id === undefined ? undefined : state.combatants.find((c) => c.id === id)
  const stacks = getRuleset(state.system).stacks
  return self && stacks ? stacks.with(state, self).filter((other) => other !== id) : []
}

/** A copy's stats without its model's stack links (the copy rides nothing and carries nobody). */
function unlinked(state: EncounterState, stats: Combatant['stats']): Combatant['stats'] {
  return getRuleset(state.system).stacks?.detach(stats) ?? stats
}

/** Whether a figure of `size` may stand with its top-left at `at` (ignoring the figure `exceptId`). */
export function canStand(
  state: EncounterState,
  at: Cell,
  size: number | undefined,
  exceptId?: string
): PlaceRefusal | null {
  const cells = footprint(at, size)
  if (!cells.every((c) => onBoard(state.board, c))) return 'offBoard'
  const solid = solidSquares(state)
  if (cells.some((c) => solid.has(`${c.x},${c.y}`))) return 'solid'
  // Tiny figures (size < 1) share a square with other tiny figures, as the rules let them.
  const tiny = (size ?? 1) < 1
  const stack = new Set([exceptId, ...companions(state, exceptId)])
  const others = state.combatants.filter((c) => !c.out && !stack.has(c.id) && !(tiny && (c.size ?? 1) < 1))
  const taken = new Set(others.flatMap((c) => footprint(c.pos, c.size).map((p) => `${p.x},${p.y}`)))
  return cells.some((c) => taken.has(`${c.x},${c.y}`)) ? 'overlap' : null
}

/**
 * Moves a figure so its top-left square is `at`, standing on the ground there (z = that square's height);
 * its mount or rider moves along by the same step.
 */
export function placeFigure(state: EncounterState, id: string, at: Cell): PlaceResult {
  const figure = state.combatants.find((c) => c.id === id)
  if (!figure) return { ok: false, reason: 'unknown' }
  if (figure.pos.x === at.x && figure.pos.y === at.y) return { ok: true, state }
  const dx = at.x - figure.pos.x
  const dy = at.y - figure.pos.y
  const stack = new Set([id, ...companions(state, id)])
  for (const c of state.combatants.filter((f) => stack.has(f.id))) {
    const refusal = canStand(state, { x: c.pos.x + dx, y: c.pos.y + dy }, c.size, c.id)
    if (refusal) return { ok: false, reason: refusal }
  }
  const moved = (c: Combatant): Combatant => {
    const p = { x: c.pos.x + dx, y: c.pos.y + dy }
    return { ...c, pos: { ...p, z: heightAt(state.board, p) } }
  }
  const combatants = state.combatants.map((c) => (stack.has(c.id) ? moved(c) : c))
  return { ok: true, state: { ...state, combatants } }
}

/** Turns a figure by `steps` eighths clockwise (negative: anticlockwise). */
export function rotateFigure(state: EncounterState, id: string, steps: number): EncounterState {
  if (steps % 8 === 0 || !state.combatants.some((c) => c.id === id)) return state
  const turn = (f: number) => (((f + steps) % 8) + 8) % 8
  return {
    ...state,
    combatants: state.combatants.map((c) => (c.id === id ? { ...c, facing: turn(c.facing) } : c))
  }
}

/** Takes a figure off the map (out of the encounter), with its mount or rider: neither rides nothing. */
export function removeFigure(state: EncounterState, id: string): EncounterState {
  if (!state.combatants.some((c) => c.id === id)) return state
  const stack = new Set([id, ...companions(state, id)])
  return { ...state, combatants: state.combatants.filter((c) => !stack.has(c.id)) }
}

/**
 * A new figure's name from its model's: the model's name without its trailing number, alone for the first
 * of its kind on the map (the first orc placed is "Orco", issue 21), else with the first number from 2 no
 * figure uses ("Goblin 1" with "Goblin 2" on the map gives "Goblin 3"; "Ogro" beside an "Ogro", "Ogro 2").
 */
export function freshName(state: EncounterState, model: string): string {
  const base = model.replace(/\s+\d+$/, '').slice(0, 74)
  const used = new Set(state.combatants.map((c) => c.name))
  const numbered = (name: string) => name.startsWith(`${base} `) && /^\d+$/.test(name.slice(base.length + 1))
  if (!used.has(base) && !state.combatants.some((c) => numbered(c.name))) return base
  let n = 2
  while (used.has(`${base} ${n}`)) n++
  return `${base} ${n}`
}

/** A figure id not used in the encounter, from the model's (`goblin-1` → `goblin-2`, `goblin-3`...). */
export function freshId(state: EncounterState, model: string): string {
  const base = model.replace(/-\d+$/, '').slice(0, 110)
  const used = new Set(state.combatants.map((c) => c.id))
  let n = 2
  while (used.has(`${base}-${n}`)) n++
  return `${base}-${n}`
}

/** The first square (row by row; its side's start zone first) where a figure of `size` may stand. */
export function freeSpot(state: EncounterState, size: number | undefined, sideId: string): Cell | null {
  const zone = state.board.startZones?.find((z) => z.sideId === sideId)?.cells ?? []
  for (const c of zone) if (!canStand(state, c, size)) return { x: c.x, y: c.y }
  for (let y = 0; y < state.board.height; y++)
    for (let x = 0; x < state.board.width; x++) if (!canStand(state, { x, y }, size)) return { x, y }
  return null
}

/**
 * Adds a copy of a figure (from this encounter, or another of the campaign: the party and the bestiary
 * the campaign holds) with a fresh id and name, full life, at `at` or the first free spot. Its side must
 * be one of the encounter's. Returns the new figure's id, or why it could not be placed.
 */
export function addFigure(
  state: EncounterState,
  model: Combatant,
  at?: Cell
): { ok: true; state: EncounterState; id: string } | { ok: false; reason: PlaceRefusal | 'side' | 'full' } {
  if (!state.sides.some((s) => s.id === model.side)) return { ok: false, reason: 'side' }
  if (state.combatants.length >= 500) return { ok: false, reason: 'full' }
  const spot = at ?? freeSpot(state, model.size, model.side)
  if (!spot) return { ok: false, reason: 'overlap' }
  const refusal = canStand(state, spot, model.size)
  if (refusal) return { ok: false, reason: refusal }
  const id = freshId(state, model.id)
  const figure: Combatant = {
    ...structuredClone(model),
    stats: unlinked(state, structuredClone(model.stats)),
    id,
    name: freshName(state, model.name),
    pos: { x: spot.x, y: spot.y, z: heightAt(state.board, spot) },
    life: model.lifeMax,
    out: false
  }
  return { ok: true, state: { ...state, combatants: [...state.combatants, figure] }, id }
}

/** A party or bestiary template offered by the editor's figure panel. */
export interface TemplateSource {
  list: RosterList
  template: FigureTemplate
}

/**
 * The model `addFigure` copies for a template placed on `side`: the party's heroes played by people, the
 * bestiary's by the AI (the encounter's controllers can change that later).
 */
export function templateModel(source: TemplateSource, side: string): Combatant {
  return combatantOf(source.template, side, defaultController(source.list))
}
