import type { RngState } from './rng'
import type { GameEvent } from './events'

/** The five rule systems; each is one plug-in of the engine. */
export type SystemId = 'pathfinder1e' | 'hq2' | 'minecraft' | 'athkri' | 'carnevale'

/**
 * A board position. On a square grid: square (x, y) and height z in blocks/levels. On an inches board
 * (`board.inches`): x, y, z in board units of 1/`unitsPerInch` inch, so positions stay whole numbers.
 */
export interface Vec3 {
  x: number
  y: number
  z: number
}

/** Who decides for a combatant: a person at the table, the AI, or the GM. */
export type Controller = 'human' | 'ai' | 'gm'

/** The AI's difficulty levels: they differ in how hard it searches, never in what it may know or do. */
export type AiLevel = 'easy' | 'normal' | 'hard'

/**
 * How the AI plays a figure when it does (controller `ai`, or any figure in a simulation): a personality
 * by id, a difficulty, and the GM's edits of that personality's weights. Absent fields take the
 * defaults (`brute`, `normal`, `fair`).
 */
export interface AiProfile {
  /** A built-in personality id (`brute`, `skirmisher`, `coward`, `caster`, `protector`, `mindless`). */
  personality?: string
  level?: AiLevel
  /** Weight edits over the personality's own, by weight name (the GM tunes a figure's temperament). */
  weights?: Record<string, number>
  /**
   * `fair`: the AI judges enemies' life from what the table sees (a bloodied band), as a GM describes
   * it; `omniscient`: it reads the exact numbers.
   */
  knowledge?: 'fair' | 'omniscient'
}

/** One figure on the board. `stats` belongs to the ruleset and is validated by its schema. */
export interface Combatant {
  id: string
  name: string
  side: string
  controller: Controller
  pos: Vec3
  /** 0..7 clockwise from north (0 = −y, 2 = +x, 4 = +y, 6 = −x). */
  facing: number
  life: number
  lifeMax: number
  /** The lowest `life` can fall to (PF counts down to −Con); absent = 0. */
  lifeMin?: number
  /** Out of the fight (dead, removed or unconscious, as the ruleset's health says). */
  out: boolean
  stats: Record<string, unknown>
  /** Token colour as 0xRRGGBB, for the battlemap. */
  color?: number
  /** Footprint side in squares (1 by default; 2 = 2×2, 0.5 = a tiny figure sharing a square). */
  size?: number
  /** Round base diameter in millimetres, on an inches board (Carnevale); absent there = 30 mm. */
  baseMm?: number
  /** How the AI plays this figure; absent = the default profile. */
  ai?: AiProfile
  /** Left the board through an exit (an `escape` objective): out of the fight, but not beaten. */
  escaped?: boolean
}

/** A side of the fight (heroes, monsters...). */
export interface Side {
  id: string
  name: string
}

/**
 * The map. Without `inches`: a width × height grid of squares; `blocks` are solid squares (walls).
 * With `inches`: a measured table `width` × `height` inches with terrain pieces, no squares (`blocks`
 * and `elevation` are empty/absent).
 */
export interface Board {
  width: number
  height: number
  blocks: Array<{ x: number; y: number }>
  /** Ground height of each square, row-major (voxel and multi-level maps); absent = all 0. */
  elevation?: number[]
  /** Present on a continuous board measured in inches (Carnevale): the second geometry of the engine. */
  inches?: InchesBoard
  /** Walls on square edges (a square grid): they stop movement and sight across the edge. */
  walls?: Edge[]
  /** Doors on square edges: a closed door is a wall; an open one is not. */
  doors?: Door[]
  /** Painted ground by square (absent = normal ground); what each kind costs is the ruleset's. */
  ground?: GroundCell[]
  /** Light and darkness areas, for rulesets that read lighting (`Ruleset.map.lighting`). */
  lights?: LightArea[]
  /** Where each side's figures start (encounter prep); the map tints them, setup places into them. */
  startZones?: StartZone[]
  /** A picture under the grid, scaled to the board (a data: URL, so the campaign file holds it). */
  background?: BoardBackground
}

/**
 * An edge of a square, named canonically by the square it belongs to: `n` is the top edge of (x, y),
 * between (x, y − 1) and (x, y); `w` is the left edge, between (x − 1, y) and (x, y). The east edge of
 * (x, y) is the `w` edge of (x + 1, y), so every edge has exactly one name (x ≤ width, y ≤ height).
 */
export interface Edge {
  x: number
  y: number
  side: 'n' | 'w'
}

/** A door on an edge. */
export interface Door extends Edge {
  open: boolean
}

/** Ground kinds a map can paint; a ruleset lists the ones it reads in `Ruleset.map.ground`. */
export type GroundKind = 'difficult' | 'water' | 'impassable'

/** One painted square. */
export interface GroundCell {
  x: number
  y: number
  kind: GroundKind
}

/** A lit or darkened circle of squares centred on (x, y), radius in squares. */
export interface LightArea {
  id: string
  x: number
  y: number
  radius: number
  kind: 'light' | 'dark'
}

/** A side's start squares. */
export interface StartZone {
  sideId: string
  cells: Array<{ x: number; y: number }>
}

/** The map's background picture. */
export interface BoardBackground {
  /** A data: URL (png, jpeg or webp). */
  image: string
  /** 0..1 */
  opacity: number
}

/** A continuous board: positions in whole board units, terrain as boxes with heights. */
export interface InchesBoard {
  /** Board units per inch: positions and piece coordinates are integers in these units (10 = tenths). */
  unitsPerInch: number
  pieces: TerrainPiece[]
}

/**
 * One piece of terrain on an inches board, an axis-aligned box in board units standing on the table:
 * - `building`: solid up to `top`; blocks movement and sight; its roof is a walkable surface; sides climbable.
 * - `wall`: a low obstacle (parapet, crate, fence) solid up to `top`; crossed by climbing; gives cover.
 * - `water`: a canal at table level; figures in it are swimming (`top` is the surface, normally 0).
 * - `bridge`: a walkable deck at height `top` over whatever is below, entered by ramps at its two short ends.
 */
export interface TerrainPiece {
  id: string
  kind: 'building' | 'wall' | 'water' | 'bridge'
  x: number
  y: number
  w: number
  h: number
  top: number
  /** A name for the map and the log ("Palazzo", "Rio"). */
  name?: string
}

/** A ruleset's per-turn action economy, as a plain snapshot of its XState economy machine. */
export interface EconomySnapshot {
  value: string
  context: Record<string, number>
}

/** Whose turn it is and what they may still spend. */
export interface TurnState {
  sideId: string
  activeId: string
  /** Figures of the side that have already taken (or are taking) their activation this turn. */
  activated: string[]
  economy: EconomySnapshot
  /** Actions resolved in this activation (0 = untouched, so the side may still pick another figure). */
  actions: number
  /** Activations of this side set aside half-spent, to resume later this turn (HQ2 interleaving). */
  paused?: Array<{ actorId: string; economy: EconomySnapshot; actions: number }>
}

/** Answers given so far to an action's decisions, by decision id. */
export type Answers = Record<string, string | number>

/**
 * A choice the rules need before an action resolves: a defender's defence (HQ2), an opposed dodge
 * (Athkri), a GM adjudication point with its default, a die read from the table.
 */
export interface DecisionRequest {
  /**
   * What is decided; answers are keyed by it. An i18n key under `decision.` (`hq2.defense`), with a
   * `#<instance>` suffix when one action asks it several times (`pf1.aoo#goblin-2`: each threatening
   * figure gets its own attack of opportunity); `decisionKey` strips the suffix for labels.
   */
  id: string
  /** The combatant whose controller answers (a `gm` controller means the GM), or `'gm'` for the GM. */
  deciderId: string
  /** Named answers (labels: `decision.<id>.<choice>`), or absent when the answer is a number. */
  choices?: string[]
  /** Allowed whole numbers when the answer is a number (a die rolled at the table). */
  range?: { min: number; max: number }
  /** What automation and unattended play answer. */
  default: string | number
  params?: Record<string, string | number>
}

/** An action waiting for a decision. */
export interface PendingDecision {
  action: Action
  answers: Answers
  request: DecisionRequest
}

/** The whole encounter: everything a save needs to resume exactly, dice included. */
export interface EncounterState {
  schemaVersion: 1
  id: string
  name: string
  system: SystemId
  /** The ruleset's settings: every [REC]/[GAP]/[PLACEHOLDER] choice of its digest. */
  settings: Record<string, unknown>
  board: Board
  sides: Side[]
  combatants: Combatant[]
  rng: RngState
  phase: 'setup' | 'running' | 'ended'
  round: number
  turn: TurnState | null
  /** Initiative totals by combatant id, for systems that order turns by initiative (empty otherwise). */
  initiative: Record<string, number>
  /** An action halted until someone answers a decision, or null. */
  pending: PendingDecision | null
  /** The winning side's id, or null while running or on a draw. */
  winner: string | null
  log: GameEvent[]
  /** What each side fights for (rules/flow/objectives.ts); absent = defeat all (the last side standing). */
  objectives?: Objective[]
  /** Figures unaware of their foes as the fight opens (surprise); absent = everyone aware. */
  surprised?: string[]
  /**
   * The ruleset's own facts of the fight (counters, tallies, per-round facts) as plain JSON, typed and
   * validated by its `SystemStateModel` (core/system-state.ts) and kept by `applyEvents` from the log's
   * events; absent on systems without one and in saves from before it (rebuilt from the log on load).
   */
  systemState?: Record<string, unknown>
}

/** A square of the board, for exits. */
export interface Cell {
  x: number
  y: number
}

/**
 * A win condition. `defeatAll`: the last side standing wins. `survive`: `side` wins if any of its figures
 * stands when round `rounds` ends (the others win by defeating it first). `escape`: a figure of `side` that
 * ends its turn on an exit (`cells`, or the start zone of side `zone`) leaves the board; the side wins with
 * `count` escaped and loses once it can no longer reach it. `protect`: `side` loses if `figureId` goes out.
 */
export type Objective =
  | { kind: 'defeatAll' }
  | { kind: 'survive'; side: string; rounds: number }
  | { kind: 'escape'; side: string; cells?: Cell[]; zone?: string; count: number }
  | { kind: 'protect'; side: string; figureId: string }

/** Something a combatant does; `kind` and the optional fields are the ruleset's vocabulary. */
export interface Action {
  kind: string
  actorId: string
  targetId?: string
  /** For moves: the squares stepped into, in order (not including the start). */
  path?: Vec3[]
  facing?: number
  /** The ruleset's variations of the kind: weapon, spell, fighting defensively, a ready trigger... */
  options?: Record<string, string | number>
}

/**
 * Faces read from physical dice, in the order the rules roll them, on a command that can roll: they are
 * used before the seeded RNG (rng.ts `ManualDice`). Absent on every command the app rolls for itself.
 */
export interface EnteredDice {
  dice?: number[]
}

/** What the UI, the AI and the GM send to an encounter. */
export type Command =
  | ({ type: 'encounter.start' } & EnteredDice)
  | ({ type: 'action.declare'; action: Action } & EnteredDice)
  | ({ type: 'activation.select'; actorId: string } & EnteredDice)
  | ({ type: 'turn.end' } & EnteredDice)
  | ({ type: 'decision.answer'; decisionId: string; choice: string | number } & EnteredDice)
  /** Opens or closes a door during play (a GM's or a player's hand on the map, not a rules action). */
  | { type: 'door.set'; x: number; y: number; side: 'n' | 'w'; open: boolean }
  /** The GM sets a figure's life (the token HUD): logged as damage or healing from the GM. */
  | { type: 'life.set'; id: string; life: number }

/** Why a command is refused, as an i18n key (`violation.<code>`) with parameters. */
export interface Violation {
  code: string
  params?: Record<string, string | number>
}
