import { initialTransition, transition, type AnyMachineSnapshot } from 'xstate'
import { defaultSides, figure, testEncounter } from '../../core/test-fixtures'
import type { Action, Answers, Combatant, EconomySnapshot, EncounterState, Side } from '../../core/types'
import { planOf } from './actions'
import { createBeing } from './content'
import { economyMachine, type EconomyEvent } from './economy.machine'
import type { Hq2Settings } from './settings'
import type { Hq2Armor, Hq2Stats, Hq2Weapon } from './stats'

// Builders for tests (and for anyone who needs a small HQ2 encounter): beings on a board, one active.

/** The combatant with this id (shared), kept importable from here. */
export { figure }

/** A neutral profile: a hero-sheet being with no gear, no skills, attack 0 / defense 0, 6 fixed MP. */
export const baseStats: Hq2Stats = {
  kind: 'hero',
  seat: 1,
  usesCharacterSheet: true,
  level: 1,
  attackBase: 0,
  defenseBase: 0,
  defenseFace: 'white',
  movement: { fixed: 6 },
  attacksPerTurn: 1,
  skills: {},
  magic: { attackBonus: 0, attackBaseMultiplier: 1, defenseBonus: 0, defenseBaseMultiplier: 1 },
  armor: [],
  conditions: [],
  tags: []
}

/** One being: a square `at`; stats from a creature document and/or overrides. */
export interface BeingSpec {
  id: string
  /** Side id (default 'a'). */
  side?: string
  at: readonly [number, number]
  facing?: number
  /** A content id such as 'hq2:orc': its stats and Body Points are the starting point. */
  creature?: string
  stats?: Partial<Hq2Stats>
  life?: number
}

/** A board with beings; `activeId` (default: the first, null = nobody) starts its activation. */
export interface EncounterSpec {
  beings: readonly BeingSpec[]
  width?: number
  height?: number
  blocks?: ReadonlyArray<readonly [number, number]>
  /** Ground heights, row-major. */
  elevation?: number[]
  settings?: Partial<Hq2Settings>
  activeId?: string | null
  /** MP left for the active being (default: its fixed MP, 0 for rolled movement). */
  mp?: number
  /** Economy events already spent this activation (e.g. a first attack). */
  spent?: EconomyEvent[]
  sides?: Side[]
}

/** An HQ2 combatant from a spec (100 Body Points unless given, so damage laws are not capped). */
export function being(spec: BeingSpec): Combatant {
  const [x, y] = spec.at
  const pos = { x, y, z: 0 }
  const side = spec.side ?? 'a'
  const base = spec.creature
    ? createBeing(spec.creature, { id: spec.id, side, pos })
    : {
        id: spec.id,
        name: spec.id,
        side,
        controller: 'ai' as const,
        pos,
        facing: 0,
        life: 100,
        lifeMax: 100,
        out: false,
        stats: baseStats
      }
  const life = spec.life ?? base.life
  return {
    ...base,
    facing: spec.facing ?? 0,
    life,
    lifeMax: Math.max(base.lifeMax, life),
    stats: { ...base.stats, ...spec.stats }
  }
}

/** A running HQ2 encounter in round 1 with the given beings on a width × height board. */
export function makeEncounter(spec: EncounterSpec): EncounterState {
  const combatants = spec.beings.map(being)
  const sides = spec.sides ?? defaultSides(combatants)
  const state = testEncounter(
    'hq2',
    { ...spec.settings },
    {
      width: spec.width ?? 12,
      height: spec.height ?? 12,
      blocks: (spec.blocks ?? []).map(([bx, by]) => ({ x: bx, y: by })),
      ...(spec.elevation ? { elevation: spec.elevation } : {})
    },
    sides,
    combatants
  )
  const activeId = spec.activeId === undefined ? combatants[0]?.id : spec.activeId
  return activeId ? withActive(state, activeId, spec.mp, spec.spent) : state
}

/** The economy of a fresh activation with `mp` MP, stepped through `spent`. */
export function economyAfter(
  mp: number,
  attacks: number,
  spent: readonly EconomyEvent[] = []
): EconomySnapshot {
  let [snapshot] = initialTransition(economyMachine, { mp, attacks })
  for (const e of spent) [snapshot] = transition(economyMachine, snapshot, e)
  const s = snapshot as AnyMachineSnapshot
  const value = typeof s.value === 'string' ? s.value : JSON.stringify(s.value)
  return { value, context: { ...(s.context as Record<string, number>) } }
}

/** The state with `actorId` active with `mp` MP (default: its fixed MP) after `spent`. */
export function withActive(
  state: EncounterState,
  actorId: string,
  mp?: number,
  spent: readonly EconomyEvent[] = []
): EncounterState {
  const actor = figure(state, actorId)
  const stats = actor.stats as Hq2Stats
  const fixed = 'fixed' in stats.movement ? stats.movement.fixed : 0
  return {
    ...state,
    turn: {
      sideId: actor.side,
      activeId: actor.id,
      activated: [actor.id],
      economy: economyAfter(mp ?? fixed, stats.attacksPerTurn, spent),
      actions: spent.length
    }
  }
}

/** A plain melee weapon (bonus 0, no tags), with overrides. */
export const weapon = (more: Partial<Hq2Weapon> = {}): Hq2Weapon => ({
  id: 'hq2:w',
  hands: 1,
  attackBonus: 0,
  ranged: false,
  tags: [],
  unsuitedAgainst: [],
  suitedAgainst: [],
  hooks: [],
  ...more
})
/** A plain armor piece (bonus 0, no tags), with overrides. */
export const armor = (more: Partial<Hq2Armor> = {}): Hq2Armor => ({
  id: 'hq2:ar',
  defenseBonus: 0,
  tags: [],
  hooks: [],
  ...more
})

/** The melee attack of the table tests' standard duel: `a` hits `d`. */
export const DUEL_MELEE: Action = { kind: 'melee', actorId: 'a', targetId: 'd' }

/**
 * The attack plan of a melee duel: `a` at (5, 5) facing east attacks `d` at (6, 5) facing west, unless
 * the specs say otherwise (the table tests' standard position).
 */
export function duelPlan(
  a: Partial<Hq2Stats>,
  d: Partial<Hq2Stats>,
  opts: {
    settings?: Partial<Hq2Settings>
    answers?: Answers
    aSpec?: Partial<BeingSpec>
    dSpec?: Partial<BeingSpec>
    elevation?: number[]
  } = {}
) {
  const state = makeEncounter({
    settings: opts.settings ?? {},
    ...(opts.elevation ? { elevation: opts.elevation } : {}),
    beings: [
      { id: 'a', side: 'h', at: [5, 5], facing: 2, stats: a, ...opts.aSpec },
      { id: 'd', side: 'm', at: [6, 5], facing: 6, stats: d, ...opts.dSpec }
    ]
  })
  const p = planOf(state, DUEL_MELEE, opts.answers ?? {})
  if (!p) throw new Error('no plan')
  return p
}
