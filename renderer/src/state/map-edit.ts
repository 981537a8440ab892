import type { Cell } from '../../battlemap/view'
import { stateHash } from '../../../rules/core/hash'
import type { MapFeatures } from '../../../rules/core/ruleset'
import { encounterRecordSchema, encounterStateSchema, type Campaign } from '../../../rules/core/schemas'
import type { EncounterState, GroundKind } from '../../../rules/core/types'
import { edgeOnBoard, onBoard } from './map-edit-board'
import { companions, footprint } from './map-edit-figures'

// The map editor's model: an encounter's starting state (board and figures) edited through pure
// operations (map-edit-board.ts, map-edit-figures.ts), each one an entry on a bounded undo stack. A
// brush stroke (down, drag, up) is one entry. No Svelte here: the component only calls these.

/** How many edits undo remembers. */
export const UNDO_LIMIT = 200

/** An encounter's starting state under edit, with undo and redo. */
export class EditableMap {
  #state: EncounterState
  #undo: EncounterState[] = []
  #redo: EncounterState[] = []
  /** The state when the open stroke began (null: no stroke open). */
  #strokeBase: EncounterState | null = null
  readonly #limit: number

  constructor(initial: EncounterState, limit = UNDO_LIMIT) {
    this.#state = initial
    this.#limit = Math.max(1, limit)
  }

  /** The edited state now. */
  get state(): EncounterState {
    return this.#state
  }

  /** True when there is an edit to undo. */
  get canUndo(): boolean {
    return this.#undo.length > 0 || (this.#strokeBase !== null && this.#strokeBase !== this.#state)
  }

  /** True when there is an undone edit to redo. */
  get canRedo(): boolean {
    return this.#redo.length > 0
  }

  /** How many edits can be undone (an open stroke counts once). */
  get undoDepth(): number {
    return this.#undo.length + (this.#strokeBase !== null && this.#strokeBase !== this.#state ? 1 : 0)
  }

  /**
   * Applies an edit: `edit` returns the next state (the same object for no change, which leaves undo
   * alone). Inside a stroke the edits pile into one undo entry. Returns true when the state changed.
   */
  apply(edit: (state: EncounterState) => EncounterState): boolean {
    const next = edit(this.#state)
    if (next === this.#state) return false
    if (this.#strokeBase === null) this.#push(this.#state)
    this.#state = next
    this.#redo = []
    return true
  }

  /** Opens a stroke: the edits until `endStroke` undo as one. */
  beginStroke(): void {
    this.endStroke()
    this.#strokeBase = this.#state
  }

  /** Closes the open stroke, recording it as one undo entry when it changed anything. */
  endStroke(): void {
    const base = this.#strokeBase
    this.#strokeBase = null
    if (base !== null && base !== this.#state) this.#push(base)
  }

  /** True while a stroke is open. */
  get stroking(): boolean {
    return this.#strokeBase !== null
  }

  /** Undoes the last edit (closing an open stroke first); false when there was none. */
  undo(): boolean {
    this.endStroke()
    const previous = this.#undo.pop()
    if (!previous) return false
    this.#redo.push(this.#state)
    this.#state = previous
    return true
  }

  /** Redoes the last undone edit; false when there was none. */
  redo(): boolean {
    this.endStroke()
    const next = this.#redo.pop()
    if (!next) return false
    this.#undo.push(this.#state)
    this.#state = next
    return true
  }

  #push(state: EncounterState): void {
    this.#undo.push(state)
    if (this.#undo.length > this.#limit) this.#undo.shift()
  }
}

/** Something wrong with an edited map, as a catalogue key and the place it was found. */
export interface MapProblem {
  /** `schema` (the save format refuses it), `offBoard`, `overlap` (figures) or `elevation`. */
  code: 'schema' | 'offBoard' | 'overlap' | 'elevation' | 'edge'
  /** Where: a field path for the schema, else a figure id or an edge. */
  at: string
  /** zod's message for schema problems (English, shown as detail). */
  detail?: string
}

/**
 * Every reason the edited state may not be saved: the save schema (`encounterStateSchema`, which holds
 * `boardSchema`) first, then what the schema cannot say (footprints on the board and apart, heights per
 * square, edges on the board). Empty when the map can be saved. `schema` false skips the schema check
 * (tens of milliseconds on a full 200 × 200 map): the editor's live check, with the full one at save.
 */
export function mapProblems(state: EncounterState, schema = true): MapProblem[] {
  const parsed = schema ? encounterStateSchema.safeParse(state) : { success: true as const }
  if (!parsed.success)
    return parsed.error.issues
      .slice(0, 5)
      .map((i) => ({ code: 'schema' as const, at: i.path.join('.'), detail: i.message }))
  const problems: MapProblem[] = []
  const board = state.board
  if (board.elevation && board.elevation.length !== board.width * board.height)
    problems.push({ code: 'elevation', at: 'board.elevation' })
  for (const e of [...(board.walls ?? []), ...(board.doors ?? [])])
    if (!edgeOnBoard(board, e)) problems.push({ code: 'edge', at: `${e.x},${e.y},${e.side}` })
  const taken = new Map<string, string>()
  for (const c of state.combatants) {
    if (c.out) continue
    const cells = footprint(c.pos, c.size)
    if (!cells.every((p) => onBoard(board, p))) problems.push({ code: 'offBoard', at: c.id })
    if ((c.size ?? 1) < 1) continue
    for (const p of cells) {
      const other = taken.get(`${p.x},${p.y}`)
      if (other && !companions(state, c.id).includes(other))
        problems.push({ code: 'overlap', at: `${other}/${c.id}` })
      taken.set(`${p.x},${p.y}`, c.id)
    }
  }
  return problems
}

/**
 * The campaign with an encounter's starting state replaced by the edited one, ready for `store.save`.
 * Throws when the encounter is unknown or has started (its commands replay from the old start) or
 * when the edited state has problems: a broken map is never saved.
 */
export function withEditedMap(campaign: Campaign, encounterId: string, state: EncounterState): Campaign {
  const record = campaign.encounters.find((e) => e.id === encounterId)
  if (!record) throw new Error(`no encounter ${encounterId}`)
  if (record.commands.length) throw new Error('the encounter has started: its map can no longer change')
  const problems = mapProblems(state)
  if (problems.length) throw new Error(problems.map((p) => `${p.code} ${p.at}`).join('; '))
  // With no commands the replayed state is the start itself, so its hash is the record's hash.
  const next = encounterRecordSchema.parse({ ...record, initial: state, stateHash: stateHash(state) })
  return { ...campaign, encounters: campaign.encounters.map((e) => (e.id === encounterId ? next : e)) }
}

/** A tool of the editor's palette. */
export type EditTool =
  | { kind: 'figure' }
  | { kind: 'paint'; paint: 'block' | GroundKind }
  | { kind: 'erase' }
  | { kind: 'height'; delta: 1 | -1 }
  | { kind: 'wall' }
  | { kind: 'door' }
  | { kind: 'light'; light: 'light' | 'dark' }
  | { kind: 'zone'; sideId: string }

/** A stable id for a tool (buttons' test ids, the selected tool). */
export function toolId(tool: EditTool): string {
  switch (tool.kind) {
    case 'paint':
      return `paint-${tool.paint}`
    case 'height':
      return tool.delta > 0 ? 'height-up' : 'height-down'
    case 'light':
      return tool.light
    case 'zone':
      return `zone-${tool.sideId}`
    default:
      return tool.kind
  }
}

/**
 * The tools for an encounter: only what its ruleset reads (`Ruleset.map`; absent = figures, blocks,
 * walls, doors and start zones), so the GM never paints something the rules would ignore.
 */
export function paletteFor(features: MapFeatures | undefined, sideIds: readonly string[]): EditTool[] {
  const tools: EditTool[] = [{ kind: 'figure' }, { kind: 'paint', paint: 'block' }]
  for (const kind of features?.ground ?? []) tools.push({ kind: 'paint', paint: kind })
  tools.push({ kind: 'erase' })
  if (features?.elevation) tools.push({ kind: 'height', delta: 1 }, { kind: 'height', delta: -1 })
  tools.push({ kind: 'wall' }, { kind: 'door' })
  if (features?.lighting) tools.push({ kind: 'light', light: 'light' }, { kind: 'light', light: 'dark' })
  for (const sideId of sideIds) tools.push({ kind: 'zone', sideId })
  return tools
}

/** The squares a square brush of side `size` (1, 3, 5) centred on `at` covers on the board. */
export function brushCells(at: Cell, size: number, width: number, height: number): Cell[] {
  const r = Math.floor(Math.max(1, size) / 2)
  const cells: Cell[] = []
  for (let y = at.y - r; y <= at.y + r; y++)
    for (let x = at.x - r; x <= at.x + r; x++) if (onBoard({ width, height }, { x, y })) cells.push({ x, y })
  return cells
}

/** The squares of the rectangle with corners `a` and `b` (both included), clipped to the board. */
export function rectCells(a: Cell, b: Cell, width: number, height: number): Cell[] {
  const cells: Cell[] = []
  const [x0, x1] = [Math.max(0, Math.min(a.x, b.x)), Math.min(width - 1, Math.max(a.x, b.x))]
  const [y0, y1] = [Math.max(0, Math.min(a.y, b.y)), Math.min(height - 1, Math.max(a.y, b.y))]
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) cells.push({ x, y })
  return cells
}
