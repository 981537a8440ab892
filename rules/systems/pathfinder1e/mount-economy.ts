import { openEconomy, spendEconomy } from '../../core/economy'
import type { GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import type { Combatant, EconomySnapshot, EncounterState } from '../../core/types'
import { economy } from './economy'
import { isSpent, type PfEconomyEvent } from './economy.machine'
import { canAct } from './health'
import { MOUNT_PACE, MOUNT_PREFIX, ridingMount, skillCheck } from './mount'
import { readSettings } from './settings'
import { readStats } from './stats'

// pathfinder1e.md §4.12 [TEXT L483] "you move at its speed, but the mount uses its action to move": the
// mount's own budget for its rider's turn. It is the same Pathfinder economy (standard, move, 5-ft step,
// full-round), opened for the mount, and kept between actions in the rider's economy snapshot under
// hidden `_mount.` keys (the economy machine keeps context keys it does not know; the UI hides `_` keys).
// A rider's movement spends the mount's budget and none of the rider's own actions, so a rider may let the
// mount double-move and still attack once, or shoot a full attack at −4 (§4.12).

const END: PfEconomyEvent = { type: 'economy.end', end: 1 }

/** The mount's budget this turn: the one kept in the rider's economy, else a fresh one for the mount. */
export function mountEconomy(state: EncounterState, mount: Combatant): EconomySnapshot {
  const kept: Record<string, number> = {}
  for (const [key, value] of Object.entries(state.turn?.economy.context ?? {}))
    if (key.startsWith(MOUNT_PREFIX)) kept[key.slice(MOUNT_PREFIX.length)] = value
  if (Object.keys(kept).length === 0) return openEconomy(economy, state, mount)
  return { value: isSpent(kept) ? 'done' : 'acting', context: kept }
}

/**
 * The state as the mount sees it: the turn is the mount's, with its budget. The movement rules (paths,
 * reachable squares, speed, run multiplier, what the turn can pay) then read the mount, not the rider.
 */
export function mountView(state: EncounterState, mount: Combatant): EncounterState {
  const turn = state.turn
  if (!turn) return state
  return { ...state, turn: { ...turn, activeId: mount.id, economy: mountEconomy(state, mount) } }
}

/** The rider's economy with the mount's budget written back under `_mount.` keys (and its pace, if given). */
export function withMountBudget(
  rider: EconomySnapshot,
  mount: EconomySnapshot,
  pace?: number
): EconomySnapshot {
  const context = { ...rider.context }
  for (const [key, value] of Object.entries(mount.context)) context[MOUNT_PREFIX + key] = value
  if (pace !== undefined) context[MOUNT_PACE] = pace
  return { value: rider.value, context }
}

/**
 * The mount's budget after `event`, or null when it cannot pay (a mount that has double-moved has no
 * standard action left to attack with, a mount that moved cannot run...).
 */
export function spendMount(
  state: EncounterState,
  mount: Combatant,
  event: PfEconomyEvent
): EconomySnapshot | null {
  return spendEconomy(economy, mountEconomy(state, mount), event)
}

/** Whether the mount's budget is restricted (surprise round, a staggered or disabled mount: §3.2). */
export function mountRestricted(state: EncounterState, mount: Combatant): boolean {
  return (mountEconomy(state, mount).context._restricted ?? 0) > 0
}

/**
 * §4.12 [TEXT L481] (setting `untrainedMountDc`): a rider on a mount that is not combat-trained makes a
 * Ride check each round as a move action, rolled as its turn opens (`pf1.ride`). Success spends its move
 * action (it may still take a standard action); failure turns that move into a full-round action: nothing
 * else this turn, for the rider or the mount.
 */
export function untrainedMountCheck(state: EncounterState, riderId: string, dice: DiceRoller): GameEvent[] {
  const rider = state.combatants.find((c) => c.id === riderId)
  const turn = state.turn
  if (!rider || !turn || turn.activeId !== riderId || !canAct(rider)) return []
  const mount = ridingMount(state, rider)
  if (!mount || readStats(mount).combatTrained === true) return []
  const ride = readStats(rider).skills.ride ?? 0
  const check = skillCheck(dice, riderId, 'pf1.ride', ride, readSettings(state).untrainedMountDc)
  if (check.success) {
    const move: PfEconomyEvent = { type: 'economy.move', move: 1, squares: 0, _parity: 0 }
    const spent = spendEconomy(economy, turn.economy, move)
    return [
      check.event,
      ...(spent ? [{ type: 'economy.changed' as const, actorId: riderId, economy: spent }] : [])
    ]
  }
  const riderSpent = spendEconomy(economy, turn.economy, END) ?? turn.economy
  const mountSpent = spendMount(state, mount, END) ?? mountEconomy(state, mount)
  return [
    check.event,
    { type: 'economy.changed', actorId: riderId, economy: withMountBudget(riderSpent, mountSpent) }
  ]
}
