import type { BoardBackground, Door, Edge, GroundKind, LightArea } from '../../rules/core/types'

/** A board square; x grows right, y grows down. */
export interface Cell {
  x: number
  y: number
}

/** One figure as the map draws it: a view derived by the app, never rules state. */
export interface TokenView {
  id: string
  name: string
  /** What the token's disc reads, distinct from other names' (initials.ts); absent: the name's initials. */
  initials?: string
  side: string
  x: number
  y: number
  z: number
  /** 0..7 clockwise from north; 0=(0,-1) 2=(+1,0) 4=(0,+1) 6=(-1,0); y grows down. */
  facing: number
  life: number
  lifeMax: number
  out: boolean
  /** 0xRRGGBB */
  color: number
  active: boolean
  /** Footprint side in squares from (x, y) as top-left: 2 = 2×2; below 1 a small figure in its square. */
  size?: number
}

/** Everything the battlemap shows; the map never sees rules state. */
export interface BattlemapView {
  /** squares */
  width: number
  /** squares */
  height: number
  /** solid squares (walls) */
  blocks: Cell[]
  /** Ground height per square, row-major (absent: a flat board). */
  elevation?: number[]
  /** Terrain the rules read (cover, darkness...): drawn by kind (`cover.light`, `cover.medium`...). */
  terrain?: Array<Cell & { kind: string; passable: boolean }>
  tokens: TokenView[]
  /**
   * where the active figure can move (tinted by band, cost shown small): `band` 0 = within one move
   * (absent = 0), 1 = a double move, 2+ = a run...; `provokes` = how many figures the move provokes
   * (a warning notch in the corner; absent = none)
   */
  reachable: Array<Cell & { cost: number; band?: number; provokes?: number }>
  /** hovered path preview (line through square centres) */
  path: Cell[]
  /** shown at the path's end */
  pathCost: number | null
  /** the path's cost in the rules' words ("30 pies"), shown instead of the bare number; absent = number */
  pathLabel?: string | null
  /** how many figures the hovered path provokes (a warning beside its cost; 0 = none) */
  pathProvokes: number
  /** token ids the active figure can attack (ring highlight) */
  targets: string[]
  /** hovered illegal square: red tint + reason text */
  refused: (Cell & { reason: string }) | null
  /** Walls on square edges (baked with the static layers). */
  walls?: Edge[]
  /** Doors on square edges, drawn open or closed. */
  doors?: Door[]
  /** Painted ground (difficult, water, impassable), baked. */
  ground?: Array<Cell & { kind: GroundKind }>
  /** Light and darkness areas. */
  lights?: LightArea[]
  /** Start zones, tinted in their side's colour. */
  startZones?: Array<{ sideId: string; color: number; cells: Cell[] }>
  /** A picture under the grid, scaled to the board. */
  background?: BoardBackground | null
  /** Fog of war for the viewer's side; null/absent = everything visible (the GM's view). */
  fog?: FogView | null
  /** Tactical overlays asked for by the person (threat, flank, sight, template, ruler). */
  overlay?: MapOverlay | null
  /** Waypoints of the move being planned (the path goes through them in order). */
  waypoints?: Cell[]
  /** The map editor's hover preview: the edge or squares the current tool would change. */
  editPreview?: EditPreview | null
}

/** What each square of the board looks like to the viewer, row-major (`y * width + x`). */
export interface FogView {
  /** 1 where the viewer's side sees the square now. */
  visible: Uint8Array
  /** 1 where it has ever seen it (explored: drawn dimmed, tokens hidden). */
  seen: Uint8Array
  /** Bumped whenever `visible` or `seen` changes, so the layer redraws only then. */
  version: number
}

/** The overlays a person can turn on from a token or the toolbar. */
export interface MapOverlay {
  /** Squares the chosen token threatens (its reach). */
  threat?: Cell[]
  /** Squares where an ally of the chosen token would flank an enemy. */
  flank?: Cell[]
  /** From the chosen token: squares it cannot see (`visible` false) and the cover of those it sees. */
  sight?: { from: Cell; cells: Array<Cell & { visible: boolean; cover: string | null }> }
  /** An area template placed on the board and the figures it would catch. */
  template?: { cells: Cell[]; hits: string[]; label: string }
  /** The ruler: the points measured through and the distance in the rules' words. */
  ruler?: { points: Cell[]; label: string }
}

/** What the editor's tool would change under the pointer. */
export interface EditPreview {
  edge?: Edge | null
  cells?: Cell[]
  /** `add` draws the preview in the tool colour, `remove` in red. */
  mode: 'add' | 'remove'
}

/** A pointer event on the map, in board terms. */
export interface MapPointer {
  kind: 'down' | 'move' | 'up' | 'context'
  /** The square under the pointer (null off the board). */
  cell: Cell | null
  /** The square edge nearest the pointer when it is within a quarter square of it, else null. */
  edge: Edge | null
  /** The pointer in board squares (fractional), for rulers and templates. */
  point: { x: number; y: number }
  /** 0 left, 1 middle, 2 right. */
  button: number
  shift: boolean
  ctrl: boolean
  alt: boolean
  /** Screen position in CSS px relative to the map host (for placing a HUD). */
  screen: { x: number; y: number }
}

/** A short animation the map plays after something happened (skipped when animations are off). */
export type MapEffect =
  /** `path`: the squares entered, in order; `from`: the square left (absent: the token's square if it differs). */
  | { kind: 'move'; id: string; path: Cell[]; from?: Cell }
  | { kind: 'hit'; id: string }
  | { kind: 'miss'; id: string }
  | { kind: 'damage'; id: string; amount: number }
  | { kind: 'heal'; id: string; amount: number }
  | { kind: 'push'; id: string; from: Cell; to: Cell }
  | { kind: 'focus'; id: string }
