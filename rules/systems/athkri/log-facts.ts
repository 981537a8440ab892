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

const cache = new WeakMap<readonly GameEvent[], Map<number, Indexer>>()

/**
 * Indexers by the last event of the log they read, so a log that extends an indexed one (the engine
 * appends each batch of events to a copy of the log) is read from there on instead of from the start:
 * the AI plays thousands of hypothetical steps, each a new log hundreds of events long. The log is held
 * weakly (only to check it is a true prefix, event by event) so old logs can go.
 */
const byLastEvent = new WeakMap<
  GameEvent,
  { log: WeakRef<readonly GameEvent[]>; byHp: Map<number, Indexer> }
>()

/** How far back from a log's end to look for an indexed prefix (one batch of events is far shorter). */
const LOOK_BACK = 64

/** The facts of the state's log (cached per log); `stabilizedHp` is the HP a passed bleed save sets. */
export function logFacts(state: Pick<EncounterState, 'log'>, stabilizedHp: number): LogFacts {
  const log = state.log
  const byHp = cache.get(log) ?? new Map<number, Indexer>()
  cache.set(log, byHp)
  const hit = byHp.get(stabilizedHp)
  if (hit) return hit.facts
  const from = indexedPrefix(log, stabilizedHp)
  const indexer = from ? from.indexer.clone() : new Indexer(stabilizedHp)
  for (let i = from ? from.length : 0; i < log.length; i++) indexer.feed(log[i]!, i)
  byHp.set(stabilizedHp, indexer)
  const last = log[log.length - 1]
  if (last) {
    const entry = byLastEvent.get(last)
    if (entry && entry.log.deref() === log) entry.byHp.set(stabilizedHp, indexer)
    else byLastEvent.set(last, { log: new WeakRef(log), byHp: new Map([[stabilizedHp, indexer]]) })
  }
  return indexer.facts
}

/** The longest indexed log (under these settings) that `log` starts with, among its last few lengths. */
function indexedPrefix(log: readonly GameEvent[], stabilizedHp: number) {
  for (let k = log.length - 1; k >= Math.max(0, log.length - LOOK_BACK); k--) {
    const entry = byLastEvent.get(log[k]!)
    const prefix = entry?.log.deref()
    const indexer = entry?.byHp.get(stabilizedHp)
    if (!prefix || !indexer || prefix.length !== k + 1) continue
    let same = true
    for (let i = k; i >= 0 && same; i--) same = prefix[i] === log[i]
    if (same) return { indexer, length: k + 1 }
  }
  return undefined
}

/**
 * The log read event by event. An indexer that has handed out its facts is never fed again: a longer log
 * continues from a clone, so facts already returned never change.
 */
class Indexer {
  readonly attackers = new Set<string>()
  readonly attacked = new Set<string>()
  readonly activated = new Set<string>()
  readonly lastTurnStart = new Map<string, number>()
  readonly movedInLastTurn = new Set<string>()
  readonly active = new Set<string>()
  shotThisRound = new Map<string, Set<string>>()
  readonly thrownRiders = new Set<string>()
  readonly rideSuccessAt = new Map<string, number>()
  readonly tieRolls = new Map<string, number[]>()
  readonly down = new Map<string, DownLedger>()

  constructor(readonly stabilizedHp: number) {}

  /** A copy to feed further; Map and Set orders are kept, ledgers and shot sets copied (they change). */
  clone(): Indexer {
    const c = new Indexer(this.stabilizedHp)
    for (const [to, from] of [
      [c.attackers, this.attackers],
      [c.attacked, this.attacked],
      [c.activated, this.activated],
      [c.movedInLastTurn, this.movedInLastTurn],
      [c.active, this.active],
      [c.thrownRiders, this.thrownRiders]
    ] as const)
      for (const id of from) to.add(id)
    for (const [k, v] of this.lastTurnStart) c.lastTurnStart.set(k, v)
    for (const [k, v] of this.shotThisRound) c.shotThisRound.set(k, new Set(v))
    for (const [k, v] of this.rideSuccessAt) c.rideSuccessAt.set(k, v)
    // Roll lists are replaced, never appended to, so they can be shared.
    for (const [k, v] of this.tieRolls) c.tieRolls.set(k, v)
    for (const [k, v] of this.down) c.down.set(k, { ...v })
    return c
  }

  #facts: LogFacts | undefined

  /** The facts read so far (taken once the indexer is fed its log; the same object every time after). */
  get facts(): LogFacts {
    return (this.#facts ??= {
      attackers: this.attackers,
      attacked: this.attacked,
      activated: this.activated,
      lastTurnStart: this.lastTurnStart,
      movedInLastTurn: this.movedInLastTurn,
      shotThisRound: this.shotThisRound,
      thrownRiders: this.thrownRiders,
      rideSuccessAt: this.rideSuccessAt,
      tieRolls: this.tieRolls,
      down: this.down
    })
  }

  /** Reads the `i`-th event of the log. */
  feed(e: GameEvent, i: number): void {
    switch (e.type) {
      case 'round.started':
        this.shotThisRound = new Map()
        break
      case 'turn.started':
      case 'activation.changed': {
        this.activated.add(e.actorId)
        this.lastTurnStart.set(e.actorId, i)
        this.movedInLastTurn.delete(e.actorId)
        this.active.clear()
        this.active.add(e.actorId)
        break
      }
      case 'turn.ended':
        this.active.delete(e.actorId)
        break
      case 'moved':
        if (this.active.has(e.id)) this.movedInLastTurn.add(e.id)
        break
      case 'attack.declared': {
        this.attackers.add(e.attackerId)
        this.attacked.add(e.targetId)
        if (e.mode === 'ranged') {
          const set = this.shotThisRound.get(e.targetId) ?? new Set<string>()
          set.add(e.attackerId)
          this.shotThisRound.set(e.targetId, set)
        }
        break
      }
      case 'dice.rolled':
        diceFact(e, i, this)
        break
      case 'combatant.out':
        this.down.set(e.id, {
          hp: 0,
          damageSinceDown: 0,
          failures: 0,
          stabilized: false,
          selfStabilized: false,
          canSelfStabilize: true
        })
        break
      case 'damaged': {
        const ledger = this.down.get(e.id)
        if (ledger) sufferWhileDown(ledger, e.amount, e.source === 'bleed')
        break
      }
      case 'healed': {
        // athkri.md §6 [TEXT L48]: healing while down sets HP to 0 and adds the healing; G-11: any
        // healing (even 0) is outside help that stops the bleeding.
        const ledger = this.down.get(e.id)
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
        this.down.delete(e.id)
        break
      default:
        break
    }
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
