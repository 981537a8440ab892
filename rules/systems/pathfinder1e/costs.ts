import type { EventObject } from 'xstate'
import type { Action, EncounterState } from '../../core/types'
import { attackRoutine } from './attack-routine'
import { fightsWithTwoWeapons, sequenceRoutine } from './attack-sequence'
import type { PfEconomyEvent } from './economy.machine'
import { mountParity, ridingMount } from './mount'
import { pathCost } from './movement'
import { readSettings } from './settings'
import { phaseOf } from './full-round'
import { spellById } from './spells'
import { readStats } from './stats'

// What each action costs in Pathfinder's economy (pathfinder1e.md §3.2 table): the event the economy
// machine receives. Movement carries its squares and the diagonal parity it leaves (A2).

/** Kinds that replace one melee attack (trip, disarm, sunder) and so cost what an attack costs. */
export const ATTACK_REPLACING = new Set(['trip', 'disarm', 'sunder'])

const STANDARD = new Set([
  'bullRush',
  'grapple',
  'grappleMaintain',
  'escape',
  'feint',
  'totalDefense',
  'stabilize',
  'ready'
])

function actorHas(state: EncounterState, actorId: string, feat: 'ImprovedFeint'): boolean {
  const actor = state.combatants.find((c) => c.id === actorId)
  return actor ? readStats(actor).feats.includes(feat) : false
}

/** Speed in squares for a move action (§3.3); a mounted rider moves at its mount's speed (§4.12). */
export function speedSquares(state: EncounterState, actorId: string): number {
  const actor = state.combatants.find((c) => c.id === actorId)
  const mover = actor && (ridingMount(state, actor) ?? actor)
  return mover ? Math.floor(readStats(mover).speed.land / 5) : 0
}

/** The diagonal parity a movement starts from: the turn's, unless the setting resets it per move (A2). */
export function startParity(state: EncounterState): 0 | 1 {
  if (readSettings(state).diagonalParity === 'move') return 0
  return state.turn?.economy.context._parity === 1 ? 1 : 0
}

function movementCost(state: EncounterState, action: Action): { squares: number; parity: 0 | 1 } {
  const actor = state.combatants.find((c) => c.id === action.actorId)
  const path = action.path ?? []
  if (!actor || path.length === 0) return { squares: 0, parity: startParity(state) }
  const cost = pathCost(state, actor, path, startParity(state))
  // An illegal path is refused by validation; cost it out of reach so the economy refuses it too.
  return cost ? { squares: cost.cost, parity: cost.parity } : { squares: 999, parity: 0 }
}

/** The attacks a full attack makes (§3.2), for the economy's count. */
export function attackSlots(state: EncounterState, actorId: string): number {
  const actor = state.combatants.find((c) => c.id === actorId)
  return actor ? Math.max(1, attackRoutine(actor, 'full').length) : 1
}

/** An attack of the turn's sequence (§3.2): the sequence's length, and whether it fights with two weapons. */
function sequenceAttack(state: EncounterState, action: Action): PfEconomyEvent & EventObject {
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor) return { type: 'economy.attack', attack: 1, _slots: 1 }
  const slots = Math.max(1, sequenceRoutine(state, actor, action).length)
  const twoWeapon = fightsWithTwoWeapons(state, action)
  return {
    type: 'economy.attack',
    attack: 1,
    _slots: slots,
    ...(twoWeapon ? { _twoWeapon: 1 as const } : {})
  }
}

/**
 * §4.12 [TEXT L483] "the mount uses its action to move": what a mounted rider's action costs the rider
 * (null when the actor rides nothing or the action is its own). The mount pays for its movement from its
 * own budget (mount-economy.ts), so a move, run or withdraw costs the rider nothing — a zero free action
 * carrying the squares for the map and the log, outside the machine's event types, hence the cast. They
 * share the 5-ft step; the charge's attack at the end is the rider's; directing the mount's attack is a
 * free action (Ride, "fight with a combat-trained mount").
 */
function riderCharge(state: EncounterState, action: Action): (PfEconomyEvent & EventObject) | null {
  const actor = state.combatants.find((c) => c.id === action.actorId)
  const mount = actor && ridingMount(state, actor)
  if (!mount) return null
  switch (action.kind) {
    case 'move':
    case 'run':
    case 'withdraw': {
      const cost = pathCost(state, mount, action.path ?? [], mountParity(state))
      const riderPaysNothing = { type: 'economy.free', free: 0, squares: cost ? cost.cost : 999 }
      return riderPaysNothing as unknown as PfEconomyEvent & EventObject
    }
    case 'step':
      return { type: 'economy.step', step: 1, _parity: startParity(state) }
    case 'charge':
      return { type: 'economy.attack', attack: 1, _slots: attackSlots(state, action.actorId) }
    case 'mountAttack':
      return { type: 'economy.free', free: 1 }
    default:
      return null
  }
}

/** The economy event an action sends (`Economy.charge`). */
export function chargeOf(state: EncounterState, action: Action): PfEconomyEvent & EventObject {
  const kind = action.kind
  // §3.2: a full-round action started on a restricted turn, or completed on the next, costs a standard.
  if (phaseOf(action)) return { type: 'economy.standard', standard: 1 }
  const mounted = riderCharge(state, action)
  if (mounted) return mounted
  if (kind === 'move') {
    const { squares, parity } = movementCost(state, action)
    return squares > speedSquares(state, action.actorId)
      ? { type: 'economy.doubleMove', move: 2, squares, _parity: parity }
      : { type: 'economy.move', move: 1, squares, _parity: parity }
  }
  if (kind === 'step') return { type: 'economy.step', step: 1, _parity: movementCost(state, action).parity }
  if (kind === 'run' || kind === 'withdraw' || kind === 'charge') {
    const { squares, parity } = movementCost(state, action)
    return { type: 'economy.full', full: 1, squares, _parity: parity }
  }
  if (kind === 'attack') return sequenceAttack(state, action)
  if (ATTACK_REPLACING.has(kind))
    return { type: 'economy.attack', attack: 1, _slots: attackSlots(state, action.actorId) }
  if (kind === 'fullAttack')
    return { type: 'economy.full', full: 1, attacks: attackSlots(state, action.actorId) - 1 }
  if (kind === 'coupDeGrace') return { type: 'economy.full', full: 1 }
  if (kind === 'cast') {
    const spell = spellById(String(action.options?.spell ?? ''))
    return spell?.action === 'full'
      ? { type: 'economy.full', full: 1 }
      : { type: 'economy.standard', standard: 1 }
  }
  if (kind === 'standUp' || kind === 'drawWeapon' || kind === 'mount' || kind === 'dismount')
    return { type: 'economy.move', move: 1, squares: 0, _parity: startParity(state) }
  if (kind === 'dropProne') return { type: 'economy.free', free: 1 }
  // §4.11: an overrun is a standard action taken during a move, so it spends both.
  if (kind === 'overrun') {
    const { squares, parity } = movementCost(state, action)
    return { type: 'economy.doubleMove', move: 2, squares, _parity: parity }
  }
  if (kind === 'grappleMaintain' && action.options?.option === 'release')
    return { type: 'economy.free', free: 1 }
  if (kind === 'feint' && actorHas(state, action.actorId, 'ImprovedFeint'))
    return { type: 'economy.move', move: 1, squares: 0, _parity: startParity(state) }
  if (kind === 'delay') return { type: 'economy.end', end: 1 }
  if (STANDARD.has(kind)) return { type: 'economy.standard', standard: 1 }
  return { type: 'economy.standard', standard: 1 }
}
