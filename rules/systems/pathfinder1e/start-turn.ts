import { spendEconomy } from '../../core/economy'
import { applyEvents, type GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import { statsSet, trustStats } from '../../core/stats'
import type { Combatant, EncounterState } from '../../core/types'
import { damageEvents, rollD20 } from './damage'
import { economy, type PfEconomyEvent } from './economy.machine'
import { canAct, healthOf } from './health'
import { ridingMount } from './mount'
import { untrainedMountCheck } from './mount-economy'
import { runTurnStart } from './run-limit'
import { readSettings } from './settings'
import { abilityMod, readStats, type PfEffect, type PfStats } from './stats'

// pathfinder1e.md §3.5 TURN_START: what ends as a figure's turn opens (flat-footed, "until your next turn"
// effects, a readied action, last round's attacks of opportunity), then its own rolls: the dying figure's
// stabilization check (§5) and a held figure's save against hold person.

const END: PfEconomyEvent = { type: 'economy.end', end: 1 }
/** The schema's bound on `aooRound`: a reset past it is left to the parse (which refuses it). */
const MAX_ROUND = 100000

/**
 * Effects that end or tick as `actorId`'s turn opens: those lasting until its next turn go, those counted
 * in rounds lose one and go at 0. Returns the same array when nothing changes.
 */
export function expireEffects(effects: readonly PfEffect[], actorId: string): PfEffect[] {
  if (!effects.some((e) => e.until === actorId)) return effects as PfEffect[]
  return effects.flatMap((e) => {
    if (e.until !== actorId) return [e]
    if (e.rounds === undefined || e.rounds <= 1) return []
    return [{ ...e, rounds: e.rounds - 1 }]
  })
}

function find(state: EncounterState, id: string): Combatant | undefined {
  return state.combatants.find((c) => c.id === id)
}

/**
 * The turn-start reset of the active figure's own stats, as an event when it changes anything. Compared
 * field by field rather than as JSON (this runs for every hypothetical turn the AI plays): the reset only
 * touches these fields, and `effects` is a new array exactly when an effect expired or ticked.
 */
function turnReset(figure: Combatant, stats: PfStats, effects: PfEffect[], round: number): GameEvent[] {
  const same =
    stats.readied === undefined &&
    stats.flatFooted === false &&
    effects === stats.effects &&
    stats.aooUsed === 0 &&
    stats.aooRound === round
  if (same) return []
  const { readied: _expired, ...rest } = stats
  const next = { ...rest, flatFooted: false, effects, aooUsed: 0, aooRound: round }
  // Valid by construction (parsed stats, fewer effects, fields set in range), so not parsed again.
  return [statsSet(figure, round <= MAX_ROUND ? trustStats(readStats, next) : next)]
}

/** §3.5 TURN_START bookkeeping, as `stats.set` events (the feinted figure's effect lives on it). */
function expire(state: EncounterState, actorId: string): GameEvent[] {
  const events: GameEvent[] = []
  for (const c of state.combatants) {
    const stats = readStats(c)
    const effects = expireEffects(stats.effects, actorId)
    if (c.id !== actorId) {
      if (effects !== stats.effects) events.push(statsSet(c, trustStats(readStats, { ...stats, effects })))
      continue
    }
    // §3.1 flat-footed ends; §3.2 a readied action expires; §3.4 a new round of attacks of opportunity.
    events.push(...turnReset(c, stats, effects, state.round))
  }
  return events
}

/** [SRD] hold person: each round on its turn the subject saves again (Will) as a full-round action. */
function holdSaves(state: EncounterState, actorId: string, dice: DiceRoller): GameEvent[] {
  const actor = find(state, actorId)
  if (!actor) return []
  const stats = readStats(actor)
  const will = stats.saves.will + abilityMod(stats.abilities.wis)
  const events: GameEvent[] = []
  let effects = stats.effects
  for (const held of stats.effects.filter((e) => e.id === 'held' && e.dc !== undefined)) {
    const save = rollD20(dice, actorId, 'pf1.hold-save', will, held.dc ?? 0, 'save')
    events.push(save.event)
    if (save.success) effects = effects.filter((e) => e !== held)
  }
  if (effects !== stats.effects) events.push(statsSet(actor, { ...stats, effects }))
  return events
}

/**
 * §5 [SRD]: a dying figure rolls a Con check at DC `stabilizeDc` with its negative HP as a penalty (a natural
 * 20 always succeeds): success makes it stable; failure costs 1 HP, which may kill it.
 */
function stabilize(state: EncounterState, actorId: string, dice: DiceRoller): GameEvent[] {
  const actor = find(state, actorId)
  if (!actor || healthOf(actor) !== 'dying') return []
  const stats = readStats(actor)
  const bonus = abilityMod(stats.abilities.con) + actor.life
  const check = rollD20(dice, actorId, 'pf1.stabilize', bonus, readSettings(state).stabilizeDc, 'natural20')
  if (check.success) {
    const stable: PfStats = { ...stats, conditions: [...stats.conditions, 'stable'] }
    return [check.event, statsSet(actor, stable)]
  }
  return [check.event, ...damageEvents(state, actorId, { lethal: 1, nonlethal: 0 }, 'pf1.dying', dice)]
}

/**
 * §3.2 Run [TEXT L205] (run-limit.ts): the run count, the rest and the Con check to keep running of the
 * figure and of the mount it rides (a ridden mount runs on its rider's turn), read before `running` expires.
 */
function runLimits(state: EncounterState, actorId: string, dice: DiceRoller): GameEvent[] {
  const actor = find(state, actorId)
  if (!actor) return []
  const mount = ridingMount(state, actor)
  return [actor, ...(mount ? [mount] : [])].flatMap((f) => runTurnStart(f, dice))
}

/**
 * The Ruleset `startTurn` hook (§3.5 TURN_START): clears flat-footed, expires this figure's "until your next
 * turn" effects (charge, total defense, fighting defensively, a feint it gave) and ticks its timed ones,
 * drops its readied action, resets its attacks of opportunity (having first counted its run, §3.2 Run,
 * rolling the Con check to keep running when due), then rolls its stabilization check or hold
 * saves. A figure left unable to act (dying, stable, unconscious, paralyzed, held — or freed from hold
 * person by the save, which took its full-round action) gets a spent economy, so the flow passes its turn.
 * A rider's mount has its turn-start bookkeeping done with the rider's, and a rider on a mount not trained
 * for combat rolls its Ride check (§4.12).
 */
export function startTurn(state: EncounterState, actorId: string, dice: DiceRoller): GameEvent[] {
  const actor = find(state, actorId)
  if (!actor) return []
  const events: GameEvent[] = []
  // The state so far, advanced by each step's own events (folding them all again from `state` each step
  // copied the log every time).
  let sofar = state
  const step = (make: (now: EncounterState) => GameEvent[]) => {
    const made = make(sofar)
    events.push(...made)
    sofar = applyEvents(sofar, made)
  }
  step((now) => runLimits(now, actorId, dice))
  step((now) => expire(now, actorId))
  // §4.12 [TEXT L483]: a ridden mount acts on its rider's initiative, so its turn opens with the rider's.
  step((now) => {
    const rider = find(now, actorId)
    const mount = rider && ridingMount(now, rider)
    return mount ? expire(now, mount.id) : []
  })
  const held = readStats(find(sofar, actorId) ?? actor).effects.some((e) => e.id === 'held')
  step((now) => holdSaves(now, actorId, dice))
  step((now) => stabilize(now, actorId, dice))
  // §4.12 [TEXT L481]: the Ride check to control a mount not trained for combat, a move action.
  if (!held) step((now) => untrainedMountCheck(now, actorId, dice))
  const after = sofar
  const turn = after.turn
  const now = find(after, actorId)
  if (turn?.activeId === actorId && now && (held || !canAct(now))) {
    const spent = spendEconomy({ ...economy, charge: () => END }, turn.economy, END)
    if (spent) events.push({ type: 'economy.changed', actorId, economy: spent })
  }
  return events
}
