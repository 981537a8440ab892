// What the inches map draws: a view derived by the app from an encounter on a continuous board (Carnevale's
// table measured in inches). Positions are board units (1/unitsPerInch inch) as the rules store them, z the
// height of the surface a figure stands on; the map never sees rules state.

/** A point on the table in board units (x right, y down). */
export interface BoardPoint {
  x: number
  y: number
}

/** A point on a surface: board units, z = height of the surface in board units. */
export interface SurfacePoint extends BoardPoint {
  z: number
}

/** A terrain piece as the map draws it: an axis-aligned box standing on the table (board units). */
export interface PieceView {
  id: string
  kind: 'building' | 'wall' | 'water' | 'bridge'
  x: number
  y: number
  w: number
  h: number
  /** Height of its top (roof, wall top, deck) in board units. */
  top: number
  name?: string
}

/** One figure as a round base to scale. */
export interface BaseView {
  id: string
  name: string
  /** What the base reads, distinct from other names' (initials.ts); absent: the name's initials. */
  initials?: string
  side: string
  x: number
  y: number
  /** Height of the surface it stands on (board units): a roof, a wall top, a deck; 0 on the table or swimming. */
  z: number
  /** Base radius in board units (from its diameter in mm). */
  radius: number
  /** 0xRRGGBB */
  color: number
  life: number
  lifeMax: number
  out: boolean
  active: boolean
  /** In water: drawn with a ripple. */
  swimming: boolean
}

/** A movement band sample: somewhere the active figure can end a move (band 0 = one move, 1 = more...). */
export interface ReachView extends SurfacePoint {
  band: number
}

/** The preview of a dragged move: the path, its measure, and whether the rules take it. */
export interface PathView {
  /** Waypoints, start first (board units). */
  points: SurfacePoint[]
  /** Plan length in inches (what a tape along the path reads). */
  length: number
  /** What it costs in inches (the ruleset's reading, else the measure with climbing and swimming); null = none. */
  cost: number | null
  legal: boolean
  /** Why not, already translated (null when legal). */
  reason: string | null
  /** It ends in base contact with an enemy. */
  charge: boolean
  /** How many figures it provokes (a warning beside its length; 0 = none). */
  provokes: number
  /** The mover's base radius (board units), for the ghost base at the end. */
  radius: number
}

/** The words the map prints, already translated; `{n}`, `{length}`, `{cost}` are filled in by the map. */
export interface InchesText {
  /** A length: '{n}″'. */
  inches: string
  /** The decimal separator of the UI language. */
  decimal: string
  /** A path's label when its cost differs from its length: '{length} · costs {cost}'. */
  pathCost: string
  /** A tape snapped to two bases: '{n} edge to edge'. */
  edge: string
  /** The mark of a move ending in contact with an enemy. */
  charge: string
}

/** Everything the inches map shows. */
export interface InchesView {
  /** Table size in inches. */
  width: number
  height: number
  unitsPerInch: number
  pieces: PieceView[]
  tokens: BaseView[]
  /** Show the 1″ grid overlay. */
  grid: boolean
  /** Sampled places the active figure can reach, tinted by band. */
  reach: ReachView[]
  /** The dragged move, or null. */
  path: PathView | null
  /** Bases the dragged move ends in contact with (enemy: drawn as a charge). */
  contacts: Array<{ id: string; enemy: boolean }>
  /** Token ids the active figure can attack (ring highlight). */
  targets: string[]
  /** A refusal at a point (a released move the rules refused): red mark + reason. */
  refused: (BoardPoint & { reason: string }) | null
  text: InchesText
}
