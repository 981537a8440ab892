import { Chain } from '../core/chain'
import { applyEvents, type GameEvent } from '../core/events'
import { seededDice, type DiceRoller, type ManualDice } from '../core/rng'
import { markEntered } from '../core/roll-pairing'
import { foldSystemState } from '../core/system-state'
import type { EncounterState } from '../core/types'

type Paid = Extract<GameEvent, { type: 'economy.spent' }>

/** Events that replace or set aside the whole turn: folding the pay in after them would not commute. */
const TURN_SWAPS: ReadonlySet<GameEvent['type']> = new Set([
  'turn.started',
  'activation.changed',
  'activation.paused',
  'activation.resumed'
])

/**
 * The state `[paid, ...resolution]` leads to from `before`, given `after`, the state the resolution alone
 * led to. The pay only sets the turn's economy and counts an action, so it commutes with every event but
 * those that set the economy themselves (which, being later, win) and those that swap the turn (then the
 * events are folded again from `before`, the exact and rare way).
 */
function foldPay(
  before: EncounterState,
  after: EncounterState,
  paid: Paid,
  resolution: readonly GameEvent[]
): EncounterState {
  if (resolution.some((e) => TURN_SWAPS.has(e.type))) return applyEvents(before, [paid, ...resolution])
  const { turn } = after
  if (!turn) return after
  const repriced = resolution.some((e) => e.type === 'economy.spent' || e.type === 'economy.changed')
  const paidFor = {
    ...after,
    turn: { ...turn, economy: repriced ? turn.economy : paid.economy, actions: turn.actions + 1 }
  }
  // The system's slice (rules/core/system-state.ts) folds the payment too, in log order: the resolution
  // was applied without it, and a slice may read the economy the payment leaves (HQ2's Lucha a ciegas).
  return foldSystemState(before, paidFor, [paid, ...resolution])
}

/** The engine's chain for one command: the state so far and every event, each applied once. */
export class Step extends Chain {
  /** `manual`: the command's dice entered by hand (or a dry run's recorder); absent, the seeded RNG alone. */
  constructor(
    state: EncounterState,
    private readonly manual?: ManualDice
  ) {
    super(state)
  }

  private roller(): DiceRoller {
    return this.manual ? this.manual.over(this.state.rng) : seededDice(this.state.rng)
  }

  /** Runs a rules step with the game's dice, emits its events and keeps the advanced RNG. */
  withDice(rulesStep: (dice: DiceRoller) => GameEvent[]): void {
    const { manual } = this
    const dice = this.roller()
    const events = rulesStep(dice)
    this.emit(manual ? markEntered(events, manual.takeRecords()) : events)
    this.state = { ...this.state, rng: dice.state }
  }

  /**
   * Pays for an action and resolves it into this chain with the game's dice. The ruleset resolves against
   * the state it validated (it prices the action from the economy before the pay: PF's next attack of a
   * full routine, the attacks it hands back), so the pay is folded in after the resolution; the log holds
   * the pay first, then what happened, as a replay applies them.
   */
  payAndResolve(paid: Paid, resolve: (chain: Chain, dice: DiceRoller) => void): void {
    const before = this.state
    const from = this.events.length
    const dice = this.roller()
    resolve(this, dice)
    const resolution = this.events.splice(from)
    // Marking hand-entered dice only touches `dice.rolled` events, which change nothing but the log.
    const { manual } = this
    const logged = manual ? markEntered([paid, ...resolution], manual.takeRecords()) : [paid, ...resolution]
    this.events.push(...logged)
    const state = foldPay(before, this.state, paid, resolution)
    this.state = { ...state, log: before.log.concat(logged), rng: dice.state }
  }
}
