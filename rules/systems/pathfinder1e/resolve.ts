import type { DiceRoller } from '../../core/rng'
import type { Action, Answers } from '../../core/types'
import type { Chain } from '../../core/chain'
import { completeFullRound, phaseOf, startFullRound } from './full-round'
import { applyDamage } from './damage'
import { provokingOf } from './decide'
import { healthOf } from './health'
import { resolveManeuver } from './maneuver-actions'
import { resolveMounted } from './mount-actions'
import { resolveAttack, resolveCharge, resolveCoupDeGrace, resolveFullAttack } from './resolve-attack'
import { addEffect, resolveMovement } from './resolve-move'
import { resolveSimple } from './resolve-simple'
import { rollSave, saveBonus } from './saves'
import { readSettings } from './settings'
import { resolveCast } from './spell-actions'

// pathfinder1e.md §3–§5: one legal action, resolved into events through a Chain so every step sees the
// ones before it (reactions mid-move, a target that fell before the next swing).

/** §4.8: a coup de grace survivor saves (Fort DC 10 + damage) or dies. */
function coupDeGraceSave(chain: Chain, targetId: string, damage: number, dice: DiceRoller): void {
  const dc = readSettings(chain.state).coupDeGraceBaseDc + damage
  const save = rollSave(dice, targetId, 'pf1.coup-de-grace', saveBonus(chain.figure(targetId), 'fort'), dc)
  chain.emit(save.events)
  if (save.success) return
  const target = chain.figure(targetId)
  const lethal = target.life - (target.lifeMin ?? 0)
  applyDamage(chain, targetId, { lethal, nonlethal: 0 }, 'coupDeGrace', dice)
}

/** G-11 [SRD]: a disabled figure's standard action deals it 1 damage once done (unless it healed it). */
function strenuous(chain: Chain, action: Action, wasDisabled: boolean, dice: DiceRoller): void {
  if (!wasDisabled || !readSettings(chain.state).disabledStandardIsStrenuous) return
  const actor = chain.figure(action.actorId)
  if (actor.out || actor.life > 0) return
  const standard = ['attack', 'cast', 'totalDefense', 'stabilize', 'ready', 'coupDeGrace'].includes(
    action.kind
  )
  if (standard) applyDamage(chain, action.actorId, { lethal: 1, nonlethal: 0 }, 'strenuous', dice)
}

/** Resolves a legal action with its answers into the engine's chain (`Ruleset.resolve`). */
export function resolveAction(chain: Chain, action: Action, dice: DiceRoller, answers: Answers = {}): void {
  // The engine validated the action before asking its decisions; checking again here would double the
  // cost of every move the AI weighs.
  const { state } = chain
  const actor = chain.figure(action.actorId)
  const wasDisabled = healthOf(actor) === 'disabled'
  const phase = phaseOf(action)
  if (phase === 'start') return startFullRound(chain, action)
  if (phase === 'complete') completeFullRound(chain, action.actorId)
  // §4.12: a rider's movement and charge are its mount's; mounting, dismounting, the mount's attack.
  if (resolveMounted(chain, action, dice, answers)) return
  switch (action.kind) {
    case 'run':
      addEffect(chain, action.actorId, { id: 'running', until: action.actorId })
      resolveMovement(chain, action, provokingOf(state, action), dice, answers)
      break
    case 'move':
    case 'step':
    case 'withdraw':
      resolveMovement(chain, action, provokingOf(state, action), dice, answers)
      break
    case 'charge':
      resolveCharge(chain, action, dice, answers)
      break
    case 'attack':
      resolveAttack(chain, action, dice, answers)
      break
    case 'fullAttack':
      resolveFullAttack(chain, action, dice, answers)
      break
    case 'coupDeGrace':
      resolveCoupDeGrace(chain, action, dice, answers, provokingOf(state, action), coupDeGraceSave)
      break
    case 'cast':
      resolveCast(chain, action, dice, answers)
      break
    default:
      if (!resolveSimple(chain, action, dice, answers)) resolveManeuver(chain, action, dice, answers)
  }
  strenuous(chain, action, wasDisabled, dice)
}
