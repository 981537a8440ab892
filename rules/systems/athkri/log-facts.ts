import type { GameEvent } from '../../core/events'
import type { EncounterState } from '../../core/types'

// What the encounter's log says about the fight so far, indexed once per log: Athkri keeps no counters of
// its own outside the engine's events (HP below 0, bleeding, who shot whom, who moved), so saves and
// replays need nothing new. A state without its log (the AI's hypothetical steps) reads as a fresh fight.

/** athkri.md §6: what the log adds to a figure's HP once it fell (the engine's `life` stops at 0). */
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

/** Facts of the log, by combatant id. */
export interface LogFacts {
  /** Figures that have declared an attack (a hidden attacker is revealed). */
  attackers: ReadonlySet<string>
  /** Figures that have been attacked (they know about the hostile intent). */
  attacked: ReadonlySet<string>
  /** Figures that have opened an activation. */
  activated: ReadonlySet<string>
  /** Log index where each figure's latest activation opened. */
  lastTurnStart: ReadonlyMap<string, number>
  /** Figures that moved during their latest activation. */
  movedInLastTurn: ReadonlySet<string>
  /** Ranged attackers by target, this round. */
  shotThisRound: ReadonlyMap<string, ReadonlySet<string>>
  /** Riders that lost control of their mount. */
  thrownRiders: ReadonlySet<string>
  /** Log index of each rider's latest passed Cabalgar test before acting. */
  rideSuccessAt: ReadonlyMap<string, number>
  /** Initiative roll-off faces by figure, in order. */
  tieRolls: ReadonlyMap<string, readonly number[]>
  /** Ledgers of fallen figures. */
  down: ReadonlyMap<string, DownLedger>
}

const cache = new WeakMap<readonly GameEvent[], Map<number, LogFacts>>()

/** The facts of the state's log (cached per log); `stabilizedHp` is the HP a passed bleed save sets. */
export function logFacts(state: Pick<EncounterState, 'log'>, stabilizedHp: number): LogFacts {
  const byHp = cache.get(state.log) ?? new Map<number, LogFacts>()
  cache.set(state.log, byHp)
  const hit = byHp.get(stabilizedHp)
  if (hit) return hit
  const facts = index(state.log, stabilizedHp)
  byHp.set(stabilizedHp, facts)
  return facts
}

function index(log: readonly GameEvent[], stabilizedHp: number): LogFacts {
  const attackers = new Set<string>()
  const attacked = new Set<string>()
  const activated = new Set<string>()
  const lastTurnStart = new Map<string, number>()
  const movedInLastTurn = new Set<string>()
  const active = new Set<string>()
  let shotThisRound = new Map<string, Set<string>>()
  const thrownRiders = new Set<string>()
  const rideSuccessAt = new Map<string, number>()
  const tieRolls = new Map<string, number[]>()
  const down = new Map<string, DownLedger>()
  log.forEach((e, i) => {
    switch (e.type) {
      case 'round.started':
        shotThisRound = new Map()
        break
      case 'turn.started':
      case 'activation.changed': {
        activated.add(e.actorId)
        lastTurnStart.set(e.actorId, i)
        movedInLastTurn.delete(e.actorId)
        active.clear()
        active.add(e.actorId)
        break
      }
      case 'turn.ended':
        active.delete(e.actorId)
        break
      case 'moved':
        if (active.has(e.id)) movedInLastTurn.add(e.id)
        break
      case 'attack.declared': {
        attackers.add(e.attackerId)
        attacked.add(e.targetId)
        if (e.mode === 'ranged') {
          const set = shotThisRound.get(e.targetId) ?? new Set<string>()
          set.add(e.attackerId)
          shotThisRound.set(e.targetId, set)
        }
        break
      }
      case 'dice.rolled':
        diceFact(e, i, { thrownRiders, rideSuccessAt, tieRolls, down, stabilizedHp })
        break
      case 'combatant.out':
        down.set(e.id, {
          hp: 0,
          damageSinceDown: 0,
          failures: 0,
          stabilized: false,
          selfStabilized: false,
          canSelfStabilize: true
        })
        break
      case 'damaged': {
        const ledger = down.get(e.id)
        if (ledger) sufferWhileDown(ledger, e.amount, e.source === 'bleed')
        break
      }
      case 'healed': {
        // athkri.md §6 [TEXT L48]: healing while down sets HP to 0 and adds the healing; G-11: any
        // healing (even 0) is outside help that stops the bleeding.
        const ledger = down.get(e.id)
        if (ledger) {
          ledger.hp = e.amount
          ledger.stabilized = true
          ledger.selfStabilized = false
          ledger.failures = 0
        }
        break
      }
      case 'combatant.back':
        // Conscious again: its HP is the engine's life until it falls anew.
        down.delete(e.id)
        break
      default:
        break
    }
  })
  return {
    attackers,
    attacked,
    activated,
    lastTurnStart,
    movedInLastTurn,
    shotThisRound,
    thrownRiders,
    rideSuccessAt,
    tieRolls,
    down
  }
}

function diceFact(
  e: Extract<GameEvent, { type: 'dice.rolled' }>,
  i: number,
  into: {
    thrownRiders: Set<string>
    rideSuccessAt: Map<string, number>
    tieRolls: Map<string, number[]>
    down: Map<string, DownLedger>
    stabilizedHp: number
  }
): void {
  if (e.purpose === 'rideControl' && !e.success) into.thrownRiders.add(e.actorId)
  else if (e.purpose === 'ride' && e.success) into.rideSuccessAt.set(e.actorId, i)
  else if (e.purpose === 'initiativeTie')
    into.tieRolls.set(e.actorId, [...(into.tieRolls.get(e.actorId) ?? []), e.result])
  else if (e.purpose === 'bleed' && e.success) {
    // athkri.md §6 [TEXT L46]: a passed bleed save stabilizes at 1 HP; a new episode starts if hurt again.
    const ledger = into.down.get(e.actorId)
    if (ledger) {
      ledger.hp = into.stabilizedHp
      ledger.stabilized = true
      ledger.selfStabilized = true
      ledger.failures = 0
    }
  }
}

// athkri.md §6: bleeding counts failures; other damage to a stabilized figure opens a new episode, and a
// self-stabilized figure can no longer stabilize alone [TEXT L47].
function sufferWhileDown(ledger: DownLedger, amount: number, bleed: boolean): void {
  ledger.hp -= amount
  ledger.damageSinceDown += amount
  if (bleed) {
    ledger.failures += 1
    return
  }
  if (ledger.stabilized && ledger.hp <= 0) {
    ledger.stabilized = false
    if (ledger.selfStabilized) ledger.canSelfStabilize = false
    ledger.selfStabilized = false
    ledger.failures = 0
  }
}
