import type { BattlemapView, Cell, TokenView } from '../../battlemap/view'
import { distinctInitials } from '../../battlemap/initials'
import type { MoveInfo, Ruleset } from '../../../rules/core/ruleset'
import type { Action, EncounterState } from '../../../rules/core/types'

/** A square the active figure can move to: the rules' move action, its path and what it costs. */
export interface MoveOption {
  cell: Cell
  /** Squares stepped into, start excluded. */
  path: Cell[]
  cost: number
  /** The movement band it falls in: 0 = within one move, 1 = a double move, 2 = a run... */
  band: number
  /** Figures the move provokes (attacks of opportunity), as the ruleset reports them. */
  provokes: string[]
  action: Action
}

/** What the map shows besides the board: the active figure, its options and the pointer. */
export interface ViewInput {
  state: EncounterState
  /** The figure whose turn it is, or null between turns and after the end. */
  activeId: string | null
  /** Moves the person at the table may make now (empty on the AI's turn). */
  moves: readonly MoveOption[]
  /** Figures the active figure may attack now. */
  targets: readonly string[]
  hover: Cell | null
  /** The hovered square's refusal, already translated. */
  refused: (Cell & { reason: string }) | null
  /** The ruleset's terrain marks (cover...), if it has any. */
  terrain?: ReadonlyArray<Cell & { kind: string; passable: boolean }>
  /** A move's cost in words for the path's pill ("30 pies", "2 PA"); absent: the bare number. */
  costLabel?: (move: MoveOption) => string
}

/** Token colours by side order when a combatant has none: steel blue, blood red, then a few more. */
export const SIDE_COLORS = [0x4f8fdc, 0xd0493f, 0x5fb65a, 0xc7a23a, 0x9a6bd6, 0x3fb7b0, 0xd77fb3, 0x8c8c8c]

/** The key of a square in maps and sets. */
export function cellKey(cell: Cell): string {
  return `${cell.x},${cell.y}`
}

/** How the ruleset reads a move on the map (band, who it provokes), or undefined when it does not say. */
export function rulesetMoveInfo(
  ruleset: Pick<Ruleset, 'moveInfo'>,
  state: EncounterState
): ((action: Action) => MoveInfo) | undefined {
  const { moveInfo } = ruleset
  return moveInfo ? (action) => moveInfo.call(ruleset, state, action) : undefined
}

/**
 * Whether option `a` beats `b` (met first) for the same square: cheaper; at equal cost, of one kind, the
 * path that provokes fewer, then the nearer band; between kinds at equal cost, the one the rules list first,
 * except for a one-square move, where the safest way wins (issue 21 bug 3: PF's 5-ft step, which provokes
 * nobody, over a move out of a threatened square that provokes).
 */
function better(a: MoveOption, b: MoveOption): boolean {
  if (a.cost !== b.cost) return a.cost < b.cost
  if (a.action.kind !== b.action.kind) {
    const oneSquare = a.path.length === 1 && b.path.length === 1
    return oneSquare && a.provokes.length < b.provokes.length
  }
  if (a.provokes.length !== b.provokes.length) return a.provokes.length < b.provokes.length
  return a.band < b.band
}

/**
 * Move options from the rules' legal actions, one per destination (the cheapest when several), each
 * with its movement band and the figures it provokes (`moveInfo`; absent: band 0, provokes none). Any
 * action along a path at no figure is a move on the map: `move`, and a ruleset's own kinds (PF's 5-ft
 * step, withdraw, run); one at a figure (a charge) is the target panel's.
 */
export function moveOptions(
  actions: readonly Action[],
  costOf: (action: Action) => number,
  moveInfo?: (action: Action) => MoveInfo
): MoveOption[] {
  const byCell = new Map<string, MoveOption>()
  for (const action of actions) {
    const last = action.path?.[action.path.length - 1]
    if (!action.path || !last || (action.kind !== 'move' && action.targetId !== undefined)) continue
    const info = moveInfo?.(action)
    const option: MoveOption = {
      cell: { x: last.x, y: last.y },
      path: action.path.map(({ x, y }) => ({ x, y })),
      // The ruleset's own reading of the move (PF: feet) when it gives one; one moveInfo call per move.
      cost: info?.cost ?? costOf(action),
      band: info && Number.isFinite(info.band) ? Math.max(0, Math.floor(info.band)) : 0,
      provokes: info ? [...new Set(info.provokes)] : [],
      action
    }
    const known = byCell.get(cellKey(option.cell))
    if (!known || better(option, known)) byCell.set(cellKey(option.cell), option)
  }
  return [...byCell.values()]
}

/**
 * The ids of the figures that some legal action targets, in first-seen order: allies included (a dying
 * one to stabilize), the actor itself left out. Turn-order actions name their figure in `options.after`,
 * not as a target, so they stay in the active panel.
 */
export function attackTargets(actions: readonly Action[]): string[] {
  const aimed = (a: Action): a is Action & { targetId: string } =>
    a.kind !== 'move' && !!a.targetId && a.targetId !== a.actorId
  return [...new Set(actions.filter(aimed).map((a) => a.targetId))]
}

/** The figure (not out) standing on a square. */
export function tokenAt(state: EncounterState, cell: Cell): EncounterState['combatants'][number] | undefined {
  return state.combatants.find((c) => !c.out && c.pos.x === cell.x && c.pos.y === cell.y)
}

// The view is derived again on every hover; the tokens and the reachable area only change with the state
// and the moves, so they are kept per object: the same arrays let the map skip them by identity.
const tokensByState = new WeakMap<EncounterState, { activeId: string | null; tokens: TokenView[] }>()
const reachableByMoves = new WeakMap<readonly MoveOption[], BattlemapView['reachable']>()

function tokens(state: EncounterState, activeId: string | null): TokenView[] {
  const known = tokensByState.get(state)
  if (known?.activeId === activeId) return known.tokens
  const made = makeTokens(state, activeId)
  tokensByState.set(state, { activeId, tokens: made })
  return made
}

function reachable(moves: readonly MoveOption[]): BattlemapView['reachable'] {
  let made = reachableByMoves.get(moves)
  if (!made) {
    made = moves.map((m) => ({ ...m.cell, cost: m.cost, band: m.band, provokes: m.provokes.length }))
    reachableByMoves.set(moves, made)
  }
  return made
}

function makeTokens(state: EncounterState, activeId: string | null): TokenView[] {
  const sideIndex = new Map(state.sides.map((s, i) => [s.id, i]))
  const initials = distinctInitials(state.combatants.map((c) => c.name))
  return state.combatants.map((c, i) => ({
    id: c.id,
    name: c.name,
    initials: initials[i] ?? '?',
    side: c.side,
    x: c.pos.x,
    y: c.pos.y,
    z: c.pos.z,
    facing: c.facing,
    life: c.life,
    lifeMax: c.lifeMax,
    out: c.out,
    color: c.color ?? SIDE_COLORS[(sideIndex.get(c.side) ?? 0) % SIDE_COLORS.length] ?? 0x8c8c8c,
    active: c.id === activeId,
    ...(c.size !== undefined && c.size !== 1 ? { size: c.size } : {})
  }))
}

/** The battlemap's view of a snapshot plus the pointer: pure, so the map never reads rules state. */
export function deriveView(input: ViewInput): BattlemapView {
  const { state, activeId, moves, hover } = input
  const active = state.combatants.find((c) => c.id === activeId)
  const hovered = hover ? moves.find((m) => m.cell.x === hover.x && m.cell.y === hover.y) : undefined
  return {
    width: state.board.width,
    height: state.board.height,
    blocks: state.board.blocks.map(({ x, y }) => ({ x, y })),
    ...(state.board.elevation ? { elevation: state.board.elevation } : {}),
    ...(input.terrain?.length ? { terrain: [...input.terrain] } : {}),
    tokens: tokens(state, activeId),
    reachable: reachable(moves),
    path: hovered && active ? [{ x: active.pos.x, y: active.pos.y }, ...hovered.path] : [],
    pathCost: hovered ? hovered.cost : null,
    pathLabel: hovered && input.costLabel ? input.costLabel(hovered) : null,
    pathProvokes: hovered ? hovered.provokes.length : 0,
    targets: [...input.targets],
    refused: input.refused,
    ...boardFeatures(state)
  }
}

/**
 * The board's edges, ground, lights, start zones and background as the map draws them. The arrays are the
 * board's own (states are replaced, never mutated), so the map can tell by identity that they did not change.
 */
export function boardFeatures(state: EncounterState): Partial<BattlemapView> {
  const { board } = state
  const sideIndex = new Map(state.sides.map((s, i) => [s.id, i]))
  const out: Partial<BattlemapView> = {}
  if (board.walls?.length) out.walls = board.walls
  if (board.doors?.length) out.doors = board.doors
  if (board.ground?.length) out.ground = board.ground
  if (board.lights?.length) out.lights = board.lights
  if (board.startZones?.length)
    out.startZones = board.startZones.map((z) => ({
      sideId: z.sideId,
      color: SIDE_COLORS[(sideIndex.get(z.sideId) ?? 0) % SIDE_COLORS.length] ?? 0x8c8c8c,
      cells: z.cells
    }))
  if (board.background) out.background = board.background
  return out
}
