/** A board square; x grows right, y grows down. */
export interface Cell {
  x: number
  y: number
}

/** One figure as the map draws it: a view derived by the app, never rules state. */
export interface TokenView {
  id: string
  name: string
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
}
