import type { BattlemapView, EditPreview } from '../../battlemap/view'
import type { EncounterState } from '../../../rules/core/types'
import { SIDE_COLORS, deriveView } from './battlemap-view'

const NONE: never[] = []

/** What the editor's map shows besides the state: the selected figure and the tool's preview. */
export interface EditorViewInput {
  state: EncounterState
  /** The selected figure (drawn as the active one), or null. */
  selected: string | null
  preview: EditPreview | null
}

/** The colour of a side on the map: its figures' colour when they agree on one, else the side palette's. */
export function sideColor(state: EncounterState, sideId: string): number {
  const index = Math.max(
    0,
    state.sides.findIndex((s) => s.id === sideId)
  )
  const own = state.combatants.find((c) => c.side === sideId && c.color !== undefined)?.color
  return own ?? SIDE_COLORS[index % SIDE_COLORS.length] ?? 0x8c8c8c
}

/**
 * The battlemap's view of a map under edit: the play view of the setup state (no moves, targets or
 * path) plus every prepared feature (walls, doors, ground, lights, start zones in their side's colour,
 * the background) and the edit preview. Pure, like `deriveView`.
 */
export function editorView({ state, selected, preview }: EditorViewInput): BattlemapView {
  const base = deriveView({ state, activeId: selected, moves: [], targets: [], hover: null, refused: null })
  const board = state.board
  return {
    ...base,
    // The state is immutable, so its lists are passed as they are: a layer can tell by identity that
    // nothing changed, and a 200 × 200 map is not copied on every pointer move.
    walls: board.walls ?? NONE,
    doors: board.doors ?? NONE,
    ground: board.ground ?? NONE,
    lights: board.lights ?? NONE,
    blocks: board.blocks,
    startZones: zonesView(state),
    background: board.background ?? null,
    editPreview: preview
  }
}

const zonesCache = new WeakMap<object, { colors: string; made: NonNullable<BattlemapView['startZones']> }>()

/** Start zones in their sides' colours, made once per zones list so the map sees the same array. */
function zonesView(state: EncounterState): NonNullable<BattlemapView['startZones']> {
  const zones = state.board.startZones
  if (!zones) return NONE
  // A side's colour comes from its figures, so a cached list is good while the colours are the same.
  const colors = zones.map((z) => sideColor(state, z.sideId)).join(',')
  const hit = zonesCache.get(zones)
  if (hit?.colors === colors) return hit.made
  const made = zones.map((z) => ({ sideId: z.sideId, color: sideColor(state, z.sideId), cells: z.cells }))
  zonesCache.set(zones, { colors, made })
  return made
}

/** What the editor counts for the GM (and the tests): the map's features, at a glance. */
export interface MapCounts {
  width: number
  height: number
  figures: number
  blocks: number
  walls: number
  doors: number
  ground: number
  lights: number
  zones: number
  background: boolean
}

/** The counts of a map's features. */
export function mapCounts(state: EncounterState): MapCounts {
  const b = state.board
  return {
    width: b.width,
    height: b.height,
    figures: state.combatants.length,
    blocks: b.blocks.length,
    walls: b.walls?.length ?? 0,
    doors: b.doors?.length ?? 0,
    ground: b.ground?.length ?? 0,
    lights: b.lights?.length ?? 0,
    zones: (b.startZones ?? []).reduce((n, z) => n + z.cells.length, 0),
    background: !!b.background
  }
}
