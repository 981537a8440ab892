import { resolveEvents } from '../../core/chain'
import { openEconomy } from '../../core/economy'
import type { GameEvent } from '../../core/events'
import { applyEvents } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, EncounterState } from '../../core/types'
import { pathfinder1e } from '.'

// Test helpers for whole-action scenarios: open a figure's turn with the real economy, then decide and
// resolve actions with scripted dice the way the engine would.

/** `state` with `actorId`'s turn open (a fresh Pathfinder economy), as the engine opens it. */
export function withTurn(state: EncounterState, actorId: string): EncounterState {
  const actor = state.combatants.find((c) => c.id === actorId)
  if (!actor) throw new Error(`no combatant ${actorId}`)
  const economy = openEconomy(pathfinder1e.economy, state, actor)
  return {
    ...state,
    turn: { sideId: actor.side, activeId: actorId, activated: [actorId], economy, actions: 0 }
  }
}

/** Every decision the action asks, answered by `pick` (default: each request's default), in order. */
export function answerAll(
  state: EncounterState,
  action: Action,
  pick: (id: string, choices: readonly (string | number)[]) => string | number | undefined = () => undefined
): { answers: Answers; asked: string[] } {
  const answers: Answers = {}
  const asked: string[] = []
  for (let request = pathfinder1e.decide?.(state, action, answers); request;) {
    asked.push(request.id)
    answers[request.id] = pick(request.id, request.choices ?? []) ?? request.default
    request = pathfinder1e.decide?.(state, action, answers) ?? null
  }
  return { answers, asked }
}

/** Validates, answers and resolves one action with scripted dice; returns the events and the new state. */
export function act(
  state: EncounterState,
  action: Action,
  dice: DiceRoller,
  answers?: Answers
): { events: GameEvent[]; state: EncounterState } {
  const violation = pathfinder1e.validate(state, action)
  if (violation) throw new Error(`refused: ${violation.code}`)
  const events = resolveEvents(pathfinder1e, state, action, dice, answers ?? answerAll(state, action).answers)
  return { events, state: applyEvents(state, events) }
}
