import type { GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import type { Combatant, EncounterState } from '../../core/types'
import type { AttackSlot } from './attack-routine'
import { readSettings } from './settings'
import { readStats, sizes } from './stats'

// pathfinder1e.md §4.12 mounted combat, the relations every other file reads: who rides what, how a rider
// stands in its mount's space, and how far the mount has gone this turn. A rider and its mount name each
// other (`mountId` / `riderId`); the rider's `pos` is always its mount's top-left square. The rider is the
// one who acts: a ridden mount has no turn of its own (turn-order.ts) and moves on its rider's turn with a
// budget of its own — "the mount uses its action to move" — kept in the rider's economy under hidden keys
// (mount-economy.ts). The actions live in mount-actions.ts, falls and dismounting in mount-fall.ts.

/** Hidden keys of the rider's economy holding its mount's budget for the turn: `_mount.<key>`. */
export const MOUNT_PREFIX = '_mount.'
/**
 * Hidden key of the rider's economy: how the mount has moved this turn, for the ranged penalties
 * (§4.12 [TEXT L491]): 0 not at all or a 5-ft step, 1 one move action, 2 a double move, 3 a run.
 */
export const MOUNT_PACE = '_mountPace'
/** §4.12 [TEXT L493]: the Ride DC to fall softly when the mount falls. */
export const MOUNT_FALL_RIDE_DC = 15

function byId(state: EncounterState, id: string | undefined): Combatant | undefined {
  return id === undefined ? undefined : state.combatants.find((c) => c.id === id)
}

/** The mount `rider` sits on, when both name each other (either may be out of the fight). */
export function linkedMount(state: EncounterState, rider: Combatant): Combatant | undefined {
  const mount = byId(state, readStats(rider).mountId)
  return mount && readStats(mount).riderId === rider.id ? mount : undefined
}

/** The rider `mount` carries, when both name each other (either may be out of the fight). */
export function linkedRider(state: EncounterState, mount: Combatant): Combatant | undefined {
  const rider = byId(state, readStats(mount).riderId)
  return rider && readStats(rider).mountId === mount.id ? rider : undefined
}

/** §4.12: the mount a rider in the fight directs now (both in the fight): the rider moves as the mount. */
export function ridingMount(state: EncounterState, rider: Combatant): Combatant | undefined {
  if (rider.out) return undefined
  const mount = linkedMount(state, rider)
  return mount && !mount.out ? mount : undefined
}

/**
 * §4.12 [TEXT L483]: a mount whose rider is in the fight acts on its rider's initiative, as part of the
 * rider's turn. A riderless mount — its rider out of the fight (even if still in the saddle) or gone —
 * acts on its own again; the text has it avoid combat, here it is simply a figure its controller plays.
 */
export function isRiddenMount(state: EncounterState, mount: Combatant): boolean {
  const rider = linkedRider(state, mount)
  return rider !== undefined && !rider.out
}

/**
 * The figure as attacks see it (§4.12 [TEXT L485] "you share its space"): a rider spread over its mount's
 * whole footprint, so it strikes and is struck from any square of the mount. Others are returned as is.
 */
export function inSaddle(state: EncounterState, c: Combatant): Combatant {
  if (readStats(c).mountId === undefined) return c
  const mount = linkedMount(state, c)
  return mount && (mount.size ?? 1) !== (c.size ?? 1) ? { ...c, size: mount.size ?? 1 } : c
}

/** The hidden economy number `key` of the active turn when `riderId` holds it (0 otherwise). */
function turnKey(state: EncounterState, riderId: string, key: string): number {
  const turn = state.turn
  return turn && turn.activeId === riderId ? (turn.economy.context[key] ?? 0) : 0
}

/** The diagonal parity the mount's next movement starts from (§2 A2: its own, kept with its budget). */
export function mountParity(state: EncounterState): 0 | 1 {
  if (readSettings(state).diagonalParity === 'move') return 0
  return state.turn?.economy.context[`${MOUNT_PREFIX}_parity`] === 1 ? 1 : 0
}

/** §4.12 [TEXT L487]: the rider's mount has moved more than 5 ft this turn (a 5-ft step is not counted). */
export function mountMovedFar(state: EncounterState, riderId: string): boolean {
  return turnKey(state, riderId, `${MOUNT_PREFIX}_moved`) > 1
}

/** §4.12 [TEXT L491]: how the attacker's mount moves this turn, for ranged attacks from the saddle. */
export function mountMoveOf(state: EncounterState, attacker: Combatant): 'none' | 'double' | 'run' {
  if (!ridingMount(state, attacker)) return 'none'
  const pace = turnKey(state, attacker.id, MOUNT_PACE)
  return pace >= 3 ? 'run' : pace === 2 ? 'double' : 'none'
}

/**
 * §4.12 [TEXT L487]: +1 on melee attacks from the saddle against a creature smaller than the mount and on
 * foot (not riding, not flying). It is the text's higher ground, so the caller does not add both.
 */
export function mountedVsSmallerOnFoot(
  state: EncounterState,
  attacker: Combatant,
  target: Combatant
): boolean {
  const mount = ridingMount(state, attacker)
  if (!mount) return false
  const t = readStats(target)
  const onFoot = !t.flying && ridingMount(state, target) === undefined
  return onFoot && sizes.indexOf(t.size) < sizes.indexOf(readStats(mount).size)
}

/**
 * §3.2 / §4.12 [TEXT L489]: a lance deals double damage on a mounted charge — its dice and bonus twice.
 * Multipliers add (§0 L37: ×2 and the lance's ×3 critical make ×4), so the critical rolls the doubled
 * damage (critMult + 1) / 2 times: exact for odd multipliers (the lance is ×3); an even one rounds up.
 * Any other slot, or a rider not mounted, is returned as is.
 */
export function mountedChargeSlot(state: EncounterState, rider: Combatant, slot: AttackSlot): AttackSlot {
  if (slot.source !== 'weapon' || !ridingMount(state, rider)) return slot
  const weapon = readStats(rider).weapons.find((w) => w.id === slot.id)
  if (!weapon?.traits.includes('lance')) return slot
  const { count, sides, bonus } = slot.damage
  return {
    ...slot,
    damage: { count: count * 2, sides, bonus: bonus * 2 },
    critMult: Math.ceil((slot.critMult + 1) / 2)
  }
}

/** A skill check (Ride): d20 + bonus against a DC; skills have no automatic natural results ([SRD]). */
export function skillCheck(
  dice: DiceRoller,
  actorId: string,
  purpose: string,
  bonus: number,
  dc: number
): { event: GameEvent; success: boolean } {
  const total = dice.roll(20, { purpose, actorId }) + bonus
  const success = total >= dc
  return {
    event: { type: 'dice.rolled', actorId, purpose, sides: 20, result: total, target: dc, success },
    success
  }
}
