import type { FogView } from '../../battlemap/view'
import type { GameEvent } from '../../../rules/core/events'
import { footprintCells } from '../../../rules/core/footprint'
import type { Ruleset } from '../../../rules/core/ruleset'
import type { EncounterState } from '../../../rules/core/types'
import { visibleSquares } from '../../../rules/core/visibility'

// Fog of war for the side the viewer plays. The app has no "who is watching" setting of its own: a GM
// runs every table (AI and GM figures are theirs), so the default view is the GM's (everything visible)
// and the map toolbar offers "view as" any side, for a solo player or to check what the heroes see.
// What a side has seen accumulates per open encounter in memory only: a reload starts it again.

/** Who the map is drawn for: the GM (no fog) or a side's id. */
export type ViewAs = 'gm' | { sideId: string }

/** Events after which what a side sees may have changed (a figure moved, fell, a door turned). */
const SIGHT_EVENTS = new Set<GameEvent['type']>([
  'moved',
  'pushed',
  'door.changed',
  'combatant.out',
  'combatant.back',
  'encounter.started'
])

/** True when a command's events may change what anyone sees, so the fog must be recomputed. */
export function changesSight(events: readonly GameEvent[]): boolean {
  return events.some((e) => SIGHT_EVENTS.has(e.type))
}

/** The squares the side's standing figures look out of (every square of each footprint). */
export function eyesOf(state: EncounterState, sideId: string): Array<{ x: number; y: number }> {
  return state.combatants
    .filter((c) => c.side === sideId && !c.out)
    .flatMap((c) => footprintCells(c.pos, c.size))
}

/**
 * How far around a figure the rules' own sight test (`ruleset.canSee`) refines the core line of sight, in
 * squares. The rules' test can cost ~0.05 ms a square (PF traces corner-to-corner lines), so a whole
 * 200 × 200 board would take seconds; beyond this the core sight decides, except on squares that hold a
 * figure, which the rules always judge (whether a foe's token shows is the part that matters in play).
 */
export const RULES_SIGHT_RADIUS = 12

/**
 * What `sideId` sees now, row-major: the core line of sight from its standing figures (solid squares,
 * walls, closed doors); where the ruleset has `canSee` (darkness, blindness), squares within
 * {@link RULES_SIGHT_RADIUS} of a figure and squares holding a figure are seen only if the rules say one of
 * the figures that sees them by the core rule does.
 */
export function sideVisible(
  state: EncounterState,
  ruleset: Pick<Ruleset, 'canSee'>,
  sideId: string
): Uint8Array {
  const { board } = state
  const { width } = board
  const figures = state.combatants.filter((c) => c.side === sideId && !c.out)
  const { canSee } = ruleset
  if (!canSee) return visibleSquares(board, eyesOf(state, sideId))
  const occupied = new Set<number>()
  for (const c of state.combatants)
    if (!c.out) for (const p of footprintCells(c.pos, c.size)) occupied.add(p.y * width + p.x)
  const out = new Uint8Array(width * board.height)
  for (const f of figures) {
    const core = visibleSquares(board, footprintCells(f.pos, f.size))
    for (let i = 0; i < core.length; i++) {
      if (!core[i] || out[i]) continue
      const p = { x: i % width, y: Math.floor(i / width) }
      const near = Math.max(Math.abs(p.x - f.pos.x), Math.abs(p.y - f.pos.y)) <= RULES_SIGHT_RADIUS
      if ((!near && !occupied.has(i)) || canSee.call(ruleset, state, f, p)) out[i] = 1
    }
  }
  return out
}

/**
 * The fog after a change: `visible` as computed now, `seen` the union with what was seen before (a board
 * of another size starts afresh), and the version bumped only when either array changed.
 */
export function nextFog(previous: FogView | null, visible: Uint8Array): FogView {
  const size = visible.length
  const before = previous && previous.seen.length === size ? previous : null
  const seen = new Uint8Array(size)
  let changed = !before
  for (let i = 0; i < size; i++) {
    seen[i] = visible[i] || (before ? before.seen[i]! : 0)
    if (before && (seen[i] !== before.seen[i] || visible[i] !== before.visible[i])) changed = true
  }
  if (!changed && before) return before
  return { visible, seen, version: (previous?.version ?? 0) + 1 }
}

/** The figures the viewer may not see now (other sides' tokens outside `visible`). */
export function hiddenFigures(state: EncounterState, sideId: string, fog: FogView): Set<string> {
  const { width } = state.board
  const hidden = new Set<string>()
  for (const c of state.combatants) {
    if (c.side === sideId) continue
    const shown = footprintCells(c.pos, c.size).some((p) => fog.visible[p.y * width + p.x] === 1)
    if (!shown) hidden.add(c.id)
  }
  return hidden
}
