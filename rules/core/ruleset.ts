import type { AnyStateMachine, EventObject } from 'xstate'
import type { z } from 'zod'
import type { Chain } from './chain'
import type { Dist } from './distribution'
import type { GameEvent } from './events'
import type { Fraction } from './fraction'
import type { DiceRoller } from './rng'
import type { Vec2 } from './geometry'
import type { SystemStateModel } from './system-state'
import type {
  Action,
  Answers,
  Combatant,
  DecisionRequest,
  EncounterState,
  GroundKind,
  SystemId,
  Violation
} from './types'

/** What a person reads before acting, and what the AI scores: exact, never sampled. */
export interface ActionOdds {
  /** Headline probabilities, keyed for i18n under `odds.` (hit, wound...). */
  headline: Array<{ key: string; p: Fraction }>
  /** Exact distribution of the life the target loses. */
  damage: Dist
  /** Exact distribution of the life the actor itself loses by acting (a fall at the end of a jump). */
  selfDamage?: Dist
  /** The effect lands on a later turn, if at all (a full-round action only begun now). */
  deferred?: boolean
  /**
   * Other figures the same action affects (an area spell's cone or burst), each with the exact life it
   * loses: the AI sums them (friendly fire included); `damage` stays the `targetId` figure's.
   */
  also?: Array<{ targetId: string; damage: Dist }>
}

/** How a ruleset orders turns: who acts first, who next (boardgame.io's `{ first, next }`). */
export interface TurnOrder {
  /** The side and figure that open a round, or null when nobody can act. */
  first(state: EncounterState): { sideId: string; actorId: string } | null
  /** Who acts after the current activation; null ends the round. */
  next(state: EncounterState): { sideId: string; actorId: string } | null
  /**
   * Whether the side may hand its untouched activation to this figure (`activation.select`); absent
   * means any able figure of the side not yet activated this turn may take it.
   */
  canSelect?(state: EncounterState, actorId: string): boolean
  /**
   * Whether the side may set a half-spent activation aside for another figure and come back to it
   * (hq2.md §3 [REC] interleaving); absent means an activation runs to its end once it has acted.
   */
  canInterleave?(state: EncounterState): boolean
}

/** The per-turn action economy: an XState machine the flow steps purely with `transition()`. */
export interface Economy {
  machine: AnyStateMachine
  /** The machine's input for a figure starting its activation. */
  input(state: EncounterState, actor: Combatant): unknown
  /** The economy event an action sends (e.g. `{ type: 'economy.spend', ap: 2 }`). */
  charge(state: EncounterState, action: Action): EventObject
  /** True when the snapshot leaves nothing to spend (the activation ends by itself). */
  exhausted(snapshot: { value: unknown; context: Record<string, number> }): boolean
}

/** A square's terrain as the rules see it (cover, darkness...), for the map to draw. */
export interface TerrainMark {
  x: number
  y: number
  /** What it is, as an i18n key under `terrain.` and a style for the map (e.g. `cover.light`). */
  kind: string
  /** Whether figures may stand on it. */
  passable: boolean
}

/** How a move reads on the map before it is made. */
export interface MoveInfo {
  /** The movement band it falls in: 0 = one move (PF single move), 1 = the next (double move)... */
  band: number
  /** Figures that may react to it (PF attacks of opportunity), for a warning mark. */
  provokes: string[]
  /** What the map shows as its cost, in the system's unit (PF: feet); absent = the economy charge. */
  cost?: number
}

/**
 * A point on the board an action takes from its player before any die (Carnevale's grapple push, D-5):
 * the map lets the person click it, within reach of a figure, and declares the action with it.
 */
export interface PointChoice {
  /** The option keys the point's x and y (board units) go into. */
  xKey: string
  yKey: string
  /** The figure the point is aimed from (the grappled one): the centre of the reach circle. */
  fromId: string
  /** How far from that figure the point may lie, in inches. */
  maxInches: number
  /** The rules' own choice when the person just confirms (board units). */
  default: { x: number; y: number }
  /** A figure the preview may pass through (the grappler). */
  ignoreId?: string
}

/** Where a figure stands at the end of a game: still fighting, out of it (unconscious, fled...), or dead. */
export type Fate = 'standing' | 'out' | 'dead'

/**
 * What a ruleset tells the AI beyond the rules proper, so `ai/` never reads a system's stats by name.
 * Everything is optional: without a hint the AI works the answer out through the rules (slower).
 */
export interface AiHints {
  /**
   * Stats fields that only tally what a figure already did this round (PF's attacks of opportunity used).
   * A fresh activation never reads them, so the AI's per-figure caches leave them out of their keys.
   */
  roundTallies?: readonly string[]
  /** Whether the figure has an action that can catch several figures at once (an area spell with uses left). */
  strikesArea?(state: EncounterState, figure: Combatant): boolean
  /**
   * The figure's intelligence score where the system has one (PF's Int), which gates teamwork: a figure
   * of Int 2 or less (animals, oozes) does not coordinate. Absent or null = no such score.
   */
  intelligence?(figure: Combatant): number | null
}

/** Which map features a ruleset's rules read: the map editor offers only these. */
export interface MapFeatures {
  /** Ground kinds the rules give a meaning to (PF: difficult terrain costs double). */
  ground: readonly GroundKind[]
  /** Whether light and darkness areas change the rules (concealment, sight range). */
  lighting: boolean
  /** Whether square heights (`board.elevation`) change the rules. */
  elevation: boolean
}

/** A distance in a ruleset's metric for the ruler: the value and its unit as a terms key (`unit.feet`). */
export interface Measure {
  value: number
  unit: string
}

/** An area shape a system uses (PF's bursts, cones and lines); `size` in squares (a 20-ft burst is 4). */
export interface AreaTemplate {
  /** A terms key under `template.` naming it ("20-ft burst"). */
  id: string
  shape: 'burst' | 'cone' | 'line'
  size: number
}

/** A rule system's own words by UI language: `violation.<code>`, `roll.<purpose>`, `decision.<id>`... */
export type RulesTerms = Readonly<Record<'es' | 'en', Readonly<Record<string, string>>>>

/** One rule system as a plug-in of the engine; nothing in core, flow, AI or UI is system-specific. */
export interface Ruleset {
  id: SystemId
  version: number
  /** zod schemas: used by imports, saves and editors. */
  schemas: { settings: z.ZodType; stats: z.ZodType }
  /** Every [REC]/[GAP]/[PLACEHOLDER] choice of the digest. */
  defaultSettings: Record<string, unknown>
  /** The ruleset's typed slice of the encounter state (`EncounterState.systemState`); absent = none. */
  systemState?: SystemStateModel
  /** Labels for the codes this system emits, Spanish first (the UI puts them before its own catalogue). */
  terms?: RulesTerms
  turnOrder: TurnOrder
  economy: Economy
  /** Rolls initiative as the encounter starts (`initiative.rolled` events), for initiative systems. */
  rollInitiative?(state: EncounterState, dice: DiceRoller): GameEvent[]
  /**
   * What happens as a figure's activation opens, before it acts: HQ2's movement roll, PF's dying
   * check, Athkri's bleed saves. Events only (an `economy.changed` adjusts the fresh economy).
   */
  startTurn?(state: EncounterState, actorId: string, dice: DiceRoller): GameEvent[]
  /**
   * The ruleset's own surprise rule, where its digest has one (PF's surprise round §3.1, Athkri's unaware
   * target §5.2): the events that mark a figure listed in `EncounterState.surprised` as the fight opens.
   * Absent: the engine's default, the figure's round-1 activation passes.
   */
  surprise?(state: EncounterState, figure: Combatant): GameEvent[]
  /**
   * With `surprise`: the marked figure also loses its round-1 activation, as under the engine's default
   * (HQ2's ambushed being: no defense while the ambushers strike first). Absent/false: it keeps its turn.
   */
  surpriseLosesRound?: boolean
  /** Terrain the rules read beyond walls (cover obstacles, dark squares), for the map; absent = none. */
  terrain?(state: EncounterState): TerrainMark[]
  /** How a legal move reads on the map (band, who it provokes); absent = every move is band 0. */
  moveInfo?(state: EncounterState, action: Action): MoveInfo
  /**
   * Every action the figure could legally take now (moves to each reachable square included). With
   * scope 'targeted' only the actions aimed at a figure are needed (the AI's follow-ups after a move it
   * is weighing); a ruleset may return everything anyway.
   */
  legalActions(state: EncounterState, actorId: string, scope?: 'all' | 'targeted'): Action[]
  /** The board point this action asks its player for before it is declared; absent/null = none. */
  pointChoice?(state: EncounterState, action: Action): PointChoice | null
  /** Null when legal; otherwise the reason a person can read. */
  validate(state: EncounterState, action: Action): Violation | null
  /**
   * The next decision a legal action needs before it resolves, given the answers so far; null when
   * it can resolve. Systems without decisions leave it out.
   */
  decide?(state: EncounterState, action: Action, answers: Answers): DecisionRequest | null
  /**
   * Resolves a legal action with its answers, rolling through `dice`, by emitting what happened into
   * `chain`: the engine's own chain over the state it validated the action against (the pay is folded in
   * after), so each event is applied once. `validate` has already passed: a resolve does not check again.
   */
  resolve(chain: Chain, action: Action, dice: DiceRoller, answers: Answers): void
  /** Exact odds of an attack-like action under given answers; null for actions without chance. */
  odds(state: EncounterState, action: Action, answers?: Answers): ActionOdds | null
  /**
   * For the simulation's death and down risk: the figure's fate when its health is not readable from
   * `life`/`lifeMin`/`out` alone (PF massive damage, Athkri wounds kept in the log). Absent = a figure
   * out at its floor (`life <= lifeMin ?? 0`) is dead, out above it is only out.
   */
  fate?(state: EncounterState, figure: Combatant): Fate
  /** Hints for the AI's caches and teamwork; absent = none. */
  aiHints?: AiHints
  /**
   * Decisions (by key, without the `#instance` suffix) whose default is what the rules mean unless the table
   * says otherwise (a check's "roll it", points that start at the rules' value): the UI asks them only at
   * the automation level that wants every point by hand. `dice`: asked too when the table types its own
   * dice. Absent = none; the requests themselves are unchanged, so logs and hashes are too.
   */
  routineDecisions?: Readonly<Record<string, 'routine' | 'dice'>>
  /**
   * For the simulation's resources spent: the limited uses the figure has left by name (spells per day,
   * potions, charges, ammunition), when they are not numbers in its `stats` that only go down, or when
   * some of those numbers are not resources. Absent = every number in `stats` is watched.
   */
  resourcesLeft?(state: EncounterState, figure: Combatant): Record<string, number>
  /** The map features the rules read (editor palette); absent = walls and blocks only. */
  map?: MapFeatures
  /** The distance between two squares in the rules' metric (the ruler); absent = squares, Chebyshev. */
  measure?(state: EncounterState, from: Vec2, to: Vec2): Measure
  /** The area templates the system's effects use, for the template overlay; absent = none. */
  areaTemplates?: readonly AreaTemplate[]
  /**
   * Whether `viewer` sees into the square by the rules (walls, closed doors, darkness, sight range);
   * absent = the core line of sight (blocks and closed edges).
   */
  canSee?(state: EncounterState, viewer: Combatant, cell: Vec2): boolean
  /** The cover a figure in `cell` would have against `viewer` (a terms key such as `cover.partial`); null = none. */
  coverAt?(state: EncounterState, viewer: Combatant, cell: Vec2): string | null
  /** The figure's conditions as terms keys (`condition.<id>`), for the token HUD; absent = none shown. */
  conditions?(state: EncounterState, figure: Combatant): string[]
  /**
   * How long the figure's timed conditions last, keyed as `conditions` gives them, for the turn panel;
   * absent (or a key not listed) = no duration shown, as for conditions that last until removed.
   */
  durations?(state: EncounterState, figure: Combatant): ConditionDuration[]
  /**
   * Figures that share a square by the rules (PF's rider and mount): the map editor moves and removes
   * them together and does not call their overlap an error; `detach` strips those links from a copy's
   * stats. Absent = every figure stands alone.
   */
  stacks?: {
    with(state: EncounterState, figure: Combatant): string[]
    detach(stats: Record<string, unknown>): Record<string, unknown>
  }
}

/** The members a ruleset answers the battlemap with (each grid system's `map-hooks.ts`). */
export type MapHooks = Pick<
  Ruleset,
  'map' | 'measure' | 'areaTemplates' | 'canSee' | 'coverAt' | 'conditions' | 'durations' | 'stacks'
>

/** How long one condition lasts: whole rounds left, and/or until a figure's next turn starts. */
export interface ConditionDuration {
  /** The condition's terms key, as `Ruleset.conditions` lists it. */
  key: string
  /** Rounds left, when it is counted in rounds. */
  rounds?: number
  /** The figure whose next turn start ends it (or, with `rounds`, counts it down). */
  until?: string
}
