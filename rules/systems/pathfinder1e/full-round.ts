import { statsSet } from '../../core/stats'
import type { Action, EncounterState, Violation } from '../../core/types'
import type { Chain } from '../../core/chain'
import { spellById } from './spells'
import { readStats } from './stats'

// pathfinder1e.md §3.2 restricted turns [TEXT L91, L139, L281]: a figure limited to one standard or move
// action (surprise round, staggered, disabled) may START a full-round action now and COMPLETE it with a
// standard action on its next turn. Not for full attack, charge, run or withdraw. Here that covers the
// full-round actions with one effect: a coup de grace and a spell with a full-round casting time.

/** Whether an action is a full-round action that may be started on a restricted turn. */
export function startable(action: Action): boolean {
  if (action.kind === 'coupDeGrace') return true
  if (action.kind !== 'cast') return false
  return spellById(String(action.options?.spell ?? ''))?.action === 'full'
}

/** What the start records: the action and the round, so only the next turn can complete it. */
function startedKey(state: EncounterState, action: Action): string {
  const what = action.kind === 'cast' ? String(action.options?.spell ?? '') : (action.targetId ?? '')
  return `${action.kind}:${what}`.slice(0, 30)
}

/** A start or a completion of a full-round action (`options.start` / `options.complete` = 1). */
export function phaseOf(action: Action): 'start' | 'complete' | null {
  if (action.options?.start === 1) return 'start'
  if (action.options?.complete === 1) return 'complete'
  return null
}

/** Why the start or the completion is not allowed now, or null (the action's own checks come after). */
export function fullRoundPhaseViolation(state: EncounterState, action: Action): Violation | null {
  const phase = phaseOf(action)
  if (!phase) return null
  if (!startable(action)) return { code: 'notStartable' }
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor) return { code: 'unknownActor' }
  if (phase === 'start')
    return state.turn?.economy.context._restricted === 1 ? null : { code: 'notRestricted' }
  const started = readStats(actor).startedFull
  return started === `${startedKey(state, action)}@${state.round - 1}` ? null : { code: 'notStarted' }
}

/** Records the start; the action's effect waits for the completion next turn. */
export function startFullRound(chain: Chain, action: Action): void {
  const stats = readStats(chain.figure(action.actorId))
  const startedFull = `${startedKey(chain.state, action)}@${chain.state.round}`
  chain.emit([statsSet(chain.figure(action.actorId), { ...stats, startedFull })])
}

/** Clears the record once the action completes. */
export function completeFullRound(chain: Chain, actorId: string): void {
  const { startedFull: _done, ...stats } = readStats(chain.figure(actorId))
  chain.emit([statsSet(chain.figure(actorId), stats)])
}

/** The start variants of full-round actions the figure could begin on a restricted turn. */
export function startVariants(state: EncounterState, candidates: readonly Action[]): Action[] {
  if (state.turn?.economy.context._restricted !== 1) return []
  return candidates.filter(startable).map((a) => ({ ...a, options: { ...a.options, start: 1 } }))
}

/** The completion variants of a full-round action started on the figure's previous turn. */
export function completeVariants(state: EncounterState, candidates: readonly Action[]): Action[] {
  return candidates
    .filter(startable)
    .map((a) => ({ ...a, options: { ...a.options, complete: 1 } }))
    .filter((a) => fullRoundPhaseViolation(state, a) === null)
}
