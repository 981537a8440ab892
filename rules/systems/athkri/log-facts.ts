import { z } from 'zod'
import type { GameEvent } from '../../core/events'
import { ownValue } from '../../core/own-key'
import {
  registerSystemState,
  systemStateOf,
  withMember,
  withoutMember,
  type SystemStateModel
} from '../../core/system-state'
import type { EncounterState } from '../../core/types'
import { readSettings } from './settings'

// What has happened in the fight that Athkri's rules read later (HP below 0, bleeding, who shot whom, who
// moved), kept as the encounter's typed slice (`EncounterState.systemState`): each event folds in as it is
// applied, so reading a fact is a lookup. Sets are JSON records `{ [id]: true }` (read with `inSet`).

/** athkri.md §6: what a figure's HP is once it fell (the engine's `life` stops at 0). */
export interface DownLedger {
  /** Athkri HP (≤ 0 while bleeding; the stabilized value after a passed save). */
  hp: number
  /** Damage taken since it fell (for the accumulated-damage death rule). */
  damageSinceDown: number
  /** Failed bleed saves in the current bleeding episode. */
  failures: number
  stabilized: boolean
  /** The latest stabilization was its own passed save (not outside help, G-11). */
  selfStabilized: boolean
  /** False once a self-stabilized figure took damage again [TEXT L47]. */
  canSelfStabilize: boolean
}

type IdSet = Record<string, true>

/** Facts of the fight, by combatant id. */
export interface LogFacts {
  /** Figures that have declared an attack (a hidden attacker is revealed). */
  attackers: IdSet
  /** Figures that have been attacked (they know about the hostile intent). */
  attacked: IdSet
  /** Figures that have opened an activation. */
  activated: IdSet
  /** The figure whose activation is open (moves during it count as its own), or null between turns. */
  active: string | null
  /** Figures that moved during their latest activation. */
  movedInLastTurn: IdSet
  /** Ranged attackers by target, this round, in the order they shot. */
  shotThisRound: Record<string, string[]>
  /** Riders that lost control of their mount. */
  thrownRiders: IdSet
  /** Riders that passed a Cabalgar test since their latest activation opened. */
  rideBonus: IdSet
  /** Initiative roll-off faces by figure, in order. */
  tieRolls: Record<string, number[]>
  /** Ledgers of fallen figures. */
  down: Record<string, DownLedger>
}

const id = z.string().min(1).max(80)
const idSet = z.record(id, z.literal(true))
const ledgerSchema = z.strictObject({
  hp: z.number().int(),
  damageSinceDown: z.number().int(),
  failures: z.number().int().min(0),
  stabilized: z.boolean(),
  selfStabilized: z.boolean(),
  canSelfStabilize: z.boolean()
})

const factsSchema: z.ZodType<LogFacts> = z.strictObject({
  attackers: idSet,
  attacked: idSet,
  activated: idSet,
  active: id.nullable(),
  movedInLastTurn: idSet,
  shotThisRound: z.record(id, z.array(id)),
  thrownRiders: idSet,
  rideBonus: idSet,
  tieRolls: z.record(id, z.array(z.number().int())),
  down: z.record(id, ledgerSchema)
})

const freshFacts = (): LogFacts => ({
  attackers: {},
  attacked: {},
  activated: {},
  active: null,
  movedInLastTurn: {},
  shotThisRound: {},
  thrownRiders: {},
  rideBonus: {},
  tieRolls: {},
  down: {}
})

/** Athkri's slice of the encounter state. */
export const athkriFactsModel: SystemStateModel<LogFacts> = {
  schema: factsSchema,
  initial: freshFacts,
  fold: (facts, event, _at, state) => foldFact(facts, event, readSettings(state).stabilizedHp)
}
registerSystemState('athkri', athkriFactsModel)

/** The facts of the fight so far. */
export function logFacts(state: EncounterState): LogFacts {
  return systemStateOf(state, athkriFactsModel)
}

/** The facts after one event; `stabilizedHp` is the HP a passed bleed save sets. */
function foldFact(f: LogFacts, e: GameEvent, stabilizedHp: number): LogFacts {
  switch (e.type) {
    case 'round.started':
      return Object.keys(f.shotThisRound).length === 0 ? f : { ...f, shotThisRound: {} }
    case 'turn.started':
    case 'activation.changed':
      return {
        ...f,
        activated: withMember(f.activated, e.actorId),
        movedInLastTurn: withoutMember(f.movedInLastTurn, e.actorId),
        rideBonus: withoutMember(f.rideBonus, e.actorId),
        active: e.actorId
      }
    case 'turn.ended':
      return f.active === e.actorId ? { ...f, active: null } : f
    case 'moved':
      return f.active === e.id ? { ...f, movedInLastTurn: withMember(f.movedInLastTurn, e.id) } : f
    case 'attack.declared':
      return declared(f, e)
    case 'dice.rolled':
      return rolled(f, e, stabilizedHp)
    case 'combatant.out':
      return withLedger(f, e.id, {
        hp: 0,
        damageSinceDown: 0,
        failures: 0,
        stabilized: false,
        selfStabilized: false,
        canSelfStabilize: true
      })
    case 'damaged': {
      const ledger = ownValue(f.down, e.id)
      return ledger ? withLedger(f, e.id, sufferWhileDown(ledger, e.amount, e.source === 'bleed')) : f
    }
    case 'healed': {
      // athkri.md §6 [TEXT L48]: healing while down sets HP to 0 and adds the healing; G-11: any
      // healing (even 0) is outside help that stops the bleeding.
      const ledger = ownValue(f.down, e.id)
      if (!ledger) return f
      return withLedger(f, e.id, {
        ...ledger,
        hp: e.amount,
        stabilized: true,
        selfStabilized: false,
        failures: 0
      })
    }
    case 'combatant.back': {
      // Conscious again: its HP is the engine's life until it falls anew.
      if (!Object.hasOwn(f.down, e.id)) return f
      const { [e.id]: _gone, ...down } = f.down
      return { ...f, down }
    }
    default:
      return f
  }
}

function declared(f: LogFacts, e: Extract<GameEvent, { type: 'attack.declared' }>): LogFacts {
  const next = {
    ...f,
    attackers: withMember(f.attackers, e.attackerId),
    attacked: withMember(f.attacked, e.targetId)
  }
  if (e.mode !== 'ranged') return next
  // athkri.md §5.3 A13: the shooters at each target this round (the 2nd and later get the volley bonus).
  const shooters = ownValue(f.shotThisRound, e.targetId) ?? []
  if (shooters.includes(e.attackerId)) return next
  return { ...next, shotThisRound: { ...f.shotThisRound, [e.targetId]: [...shooters, e.attackerId] } }
}

function rolled(f: LogFacts, e: Extract<GameEvent, { type: 'dice.rolled' }>, stabilizedHp: number): LogFacts {
  // athkri.md §5.6 [TEXT L56–58]: a failed control test throws the rider; a passed Cabalgar test gives +2.
  if (e.purpose === 'rideControl' && !e.success)
    return { ...f, thrownRiders: withMember(f.thrownRiders, e.actorId) }
  if (e.purpose === 'ride' && e.success) return { ...f, rideBonus: withMember(f.rideBonus, e.actorId) }
  // athkri.md §4 G-1: roll-off faces break initiative ties, in order.
  if (e.purpose === 'initiativeTie')
    return {
      ...f,
      tieRolls: { ...f.tieRolls, [e.actorId]: [...(ownValue(f.tieRolls, e.actorId) ?? []), e.result] }
    }
  if (e.purpose === 'bleed' && e.success) {
    // athkri.md §6 [TEXT L46]: a passed bleed save stabilizes at 1 HP; a new episode starts if hurt again.
    const ledger = ownValue(f.down, e.actorId)
    if (!ledger) return f
    const stable = { ...ledger, hp: stabilizedHp, stabilized: true, selfStabilized: true, failures: 0 }
    return withLedger(f, e.actorId, stable)
  }
  return f
}

function withLedger(f: LogFacts, figureId: string, ledger: DownLedger): LogFacts {
  return { ...f, down: { ...f.down, [figureId]: ledger } }
}

// athkri.md §6: bleeding counts failures; other damage to a stabilized figure opens a new episode, and a
// self-stabilized figure can no longer stabilize alone [TEXT L47].
function sufferWhileDown(ledger: DownLedger, amount: number, bleed: boolean): DownLedger {
  const hurt = { ...ledger, hp: ledger.hp - amount, damageSinceDown: ledger.damageSinceDown + amount }
  if (bleed) return { ...hurt, failures: hurt.failures + 1 }
  if (!hurt.stabilized || hurt.hp > 0) return hurt
  return {
    ...hurt,
    stabilized: false,
    canSelfStabilize: hurt.selfStabilized ? false : hurt.canSelfStabilize,
    selfStabilized: false,
    failures: 0
  }
}
