import type { Cell, MapOverlay } from '../../battlemap/view'
import { clearOfEdges } from '../../../rules/core/edges'
import { footprintCells, footprintContains, footprintSide } from '../../../rules/core/footprint'
import { chebyshev, lineOfSight, onBoard, type Vec2 } from '../../../rules/core/geometry'
import type { AreaTemplate, Measure, Ruleset } from '../../../rules/core/ruleset'
import type { Combatant, EncounterState } from '../../../rules/core/types'
import { visibleSquares } from '../../../rules/core/visibility'
import { RULES_SIGHT_RADIUS } from './map-fog'

// The tactical overlays a person asks for from a token or the toolbar, as plain squares for the map.
// Each one looks only at a bounded window (the reach box, the figure's neighbours, the template's cells),
// so none of them walks a 200×200 board square by square except sight, which is asked once per toggle.

/** The parts of a ruleset the overlays read (every one optional: each has a core default). */
export type OverlayRules = Pick<Ruleset, 'measure' | 'canSee' | 'coverAt' | 'areaTemplates'>

/** The cells of a template placed with its origin on a grid intersection, aimed at a fractional point. */
export type TemplateCells = (
  template: AreaTemplate,
  origin: Vec2,
  aim: { x: number; y: number },
  board: EncounterState['board']
) => Vec2[]

const blocksOf = new WeakMap<object, Set<string>>()

/** The board's solid squares as a set (cached per blocks array: states are replaced, never mutated). */
function blocks(state: EncounterState): Set<string> {
  let set = blocksOf.get(state.board.blocks)
  if (!set) blocksOf.set(state.board.blocks, (set = new Set(state.board.blocks.map((b) => `${b.x},${b.y}`))))
  return set
}

/**
 * The squares a figure threatens: within `reach` (Chebyshev, from any square of its footprint) and not
 * behind a wall or a solid square from it, its own squares left out. The window is the reach box, so a
 * reach-2 figure on a 200×200 board looks at 25 squares, not 40,000.
 */
export function threatSquares(state: EncounterState, figure: Combatant, reach: number): Cell[] {
  const { width, height } = state.board
  const side = footprintSide(figure.size)
  const r = Math.max(1, Math.floor(reach))
  const solid = blocks(state)
  const feet = footprintCells(figure.pos, figure.size)
  const out: Cell[] = []
  for (let y = figure.pos.y - r; y < figure.pos.y + side + r; y++)
    for (let x = figure.pos.x - r; x < figure.pos.x + side + r; x++) {
      const p = { x, y }
      if (!onBoard(p, width, height) || footprintContains(figure.pos, figure.size, p)) continue
      if (solid.has(`${x},${y}`)) continue
      const from = feet.find((f) => chebyshev(f, p) <= r && clearOfEdges(state.board, f, p))
      if (from && lineOfSight(from, p, (q) => solid.has(`${q.x},${q.y}`))) out.push(p)
    }
  return out
}

/**
 * Squares where an ally of `figure` would flank an enemy with it, as the AI's perception reads a flank:
 * the square opposite the figure across each enemy it touches (on the board, open, and free of other
 * figures' feet, since an ally must be able to stand there).
 */
export function flankSquares(state: EncounterState, figure: Combatant): Cell[] {
  if (state.board.inches) return []
  const { width, height } = state.board
  const solid = blocks(state)
  const out = new Map<string, Cell>()
  for (const e of state.combatants) {
    if (e.out || e.side === figure.side) continue
    if (chebyshev(figure.pos, e.pos) !== 1) continue
    const p = { x: 2 * e.pos.x - figure.pos.x, y: 2 * e.pos.y - figure.pos.y }
    if (!onBoard(p, width, height) || solid.has(`${p.x},${p.y}`)) continue
    if (state.combatants.some((c) => !c.out && footprintContains(c.pos, c.size, p))) continue
    out.set(`${p.x},${p.y}`, p)
  }
  return [...out.values()]
}

/**
 * What `viewer` sees from where it stands: every square it cannot see (`visible` false) and the cover of
 * the squares it sees that have some (`ruleset.coverAt`). Sight is the core line of sight (solid squares,
 * walls, closed doors) narrowed by `ruleset.canSee` when the ruleset has it (darkness, range); the rules'
 * sight and cover are asked within {@link RULES_SIGHT_RADIUS} squares only (they cost ~0.05–0.3 ms a square).
 */
export function sightOverlay(
  state: EncounterState,
  rules: OverlayRules,
  viewer: Combatant,
  range?: number
): NonNullable<MapOverlay['sight']> {
  const { width } = state.board
  const eyes = footprintCells(viewer.pos, viewer.size)
  const core = visibleSquares(state.board, eyes, range === undefined ? {} : { range })
  const cells: NonNullable<MapOverlay['sight']>['cells'] = []
  for (let i = 0; i < core.length; i++) {
    const p = { x: i % width, y: Math.floor(i / width) }
    if (footprintContains(viewer.pos, viewer.size, p)) continue
    // the rules' own sight and cover (costly per square in PF) near the viewer; the core sight beyond
    const near = chebyshev(p, viewer.pos) <= RULES_SIGHT_RADIUS
    const visible = core[i] === 1 && (near && rules.canSee ? rules.canSee(state, viewer, p) : true)
    const cover = visible && near ? (rules.coverAt?.(state, viewer, p) ?? null) : null
    if (!visible || cover) cells.push({ ...p, visible, cover })
  }
  return { from: { x: viewer.pos.x, y: viewer.pos.y }, cells }
}

/** The figures (not out) with any square of their footprint inside the cells. */
export function figuresIn(state: EncounterState, cells: readonly Vec2[]): string[] {
  const keys = new Set(cells.map((c) => `${c.x},${c.y}`))
  return state.combatants
    .filter((c) => !c.out && footprintCells(c.pos, c.size).some((f) => keys.has(`${f.x},${f.y}`)))
    .map((c) => c.id)
}

/** A template placed on the board with the figures it would catch; cells off the board are dropped. */
export function templateOverlay(
  state: EncounterState,
  template: AreaTemplate,
  origin: Vec2,
  aim: { x: number; y: number },
  cellsOf: TemplateCells,
  label: string
): NonNullable<MapOverlay['template']> {
  const { width, height } = state.board
  const cells = cellsOf(template, origin, aim, state.board).filter((c) => onBoard(c, width, height))
  return { cells: cells.map(({ x, y }) => ({ x, y })), hits: figuresIn(state, cells), label }
}

/**
 * The distance along a ruler through `points`, leg by leg in the ruleset's metric (`measure`), or in
 * squares (Chebyshev) when it has none. The unit is a terms key (`unit.squares` by default).
 */
export function measurePath(state: EncounterState, rules: OverlayRules, points: readonly Vec2[]): Measure {
  let value = 0
  let unit = 'unit.squares'
  for (let i = 1; i < points.length; i++) {
    const leg = rules.measure
      ? rules.measure(state, points[i - 1]!, points[i]!)
      : { value: chebyshev(points[i - 1]!, points[i]!), unit: 'unit.squares' }
    value += leg.value
    unit = leg.unit
  }
  return { value, unit }
}

/** The ruler overlay: its points and the distance worded by `word` (the terms' `unit.*` text). */
export function rulerOverlay(
  state: EncounterState,
  rules: OverlayRules,
  points: readonly Vec2[],
  word: (measure: Measure) => string
): NonNullable<MapOverlay['ruler']> {
  return { points: points.map(({ x, y }) => ({ x, y })), label: word(measurePath(state, rules, points)) }
}
