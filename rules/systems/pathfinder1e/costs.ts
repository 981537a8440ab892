import type { EventObject } from 'xstate'
import type { Action, EncounterState } from '../../core/types'
import { attackRoutine } from './attack-routine'
import type { PfEconomyEvent } from './economy.machine'
import { pathCost } from './movement'
import { readSettings } from './settings'
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

/** Speed in squares for a move action (§3.3). */
export function speedSquares(state: EncounterState, actorId: string): number {
  const actor = state.combatants.find((c) => c.id === actorId)
  return actor ? Math.floor(readStats(actor).speed.land / 5) : 0
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

/** The economy event an action sends (`Economy.charge`). */
export function chargeOf(state: EncounterState, action: Action): PfEconomyEvent & EventObject {
  const kind = action.kind
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
  if (kind === 'attack' || ATTACK_REPLACING.has(kind))
    return { type: 'economy.attack', attack: 1, _slots: attackSlots(state, action.actorId) }
  if (kind === 'fullAttack')
    return { type: 'economy.full', full: 1, attacks: attackSlots(state, action.actorId) - 1 }
  if (kind === 'coupDeGrace') return { type: 'economy.full', full: 1 }
  if (kind === 'cast') {
    const spell = spellById(String(action.options?.spell ?? ''))
    return spell?.action === 'full' ? { type: 'economy.full', full: 1 } : { type: 'economy.standard', standard: 1 }
  }
  if (kind === 'standUp' || kind === 'drawWeapon' || kind === 'mount' || kind === 'dismount')
    return { type: 'economy.move', move: 1, squares: 0, _parity: startParity(state) }
  if (kind === 'dropProne') return { type: 'economy.free', free: 1 }
  // §4.11: an overrun is a standard action taken during a move, so it spends both.
  if (kind === 'overrun') {
    const { squares, parity } = movementCost(state, action)
    return { type: 'economy.doubleMove', move: 2, squares, _parity: parity }
  }
  if (kind === 'grappleMaintain' && action.options?.option === 'release') return { type: 'economy.free', free: 1 }
  if (kind === 'feint' && actorHas(state, action.actorId, 'ImprovedFeint'))
    return { type: 'economy.move', move: 1, squares: 0, _parity: startParity(state) }
  if (kind === 'delay') return { type: 'economy.end', end: 1 }
  if (STANDARD.has(kind)) return { type: 'economy.standard', standard: 1 }
  return { type: 'economy.standard', standard: 1 }
}
