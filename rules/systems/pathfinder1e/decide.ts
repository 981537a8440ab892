import { GM_DECIDER } from '../../core/decision-key'
import type { Action, Answers, DecisionRequest, EncounterState } from '../../core/types'
import { attackProvoking, slotFor } from './resolve-attack'
import { castProvoking } from './spell-actions'
import { maneuverDecision, maneuverProvoking } from './maneuver-actions'
import { phaseOf } from './full-round'
import { reactionRequest, type Provoking } from './reactions'
import { movementProvoking } from './resolve-move'
import { readSettings } from './settings'
import { attackSetup, CONCEALMENT_CALL, COVER_CALL, IMPROVED_COVER_CALL } from './situation'

// The decisions an action waits for before it resolves (pathfinder1e.md §3.5 REACTION_WINDOW, §7 GM
// points): the GM's adjudication of cover (G-2, G-3) and concealment (G-4) when they arise, an action's own
// choices (the overrun target may step aside), then every reaction it allows, in the order they fire.

const MOVING = new Set(['move', 'step', 'run', 'withdraw', 'charge'])
const NOTHING: Provoking = { path: [], mode: null, trigger: null }

/** What an action provokes and triggers (§3.4 (a)–(c), §3.2 Ready). */
export function provokingOf(state: EncounterState, action: Action): Provoking {
  if (MOVING.has(action.kind)) return movementProvoking(action)
  // §3.2: a spell provokes as its casting begins (the start), a coup de grace as the blow falls (the
  // completion); the other half of a split full-round action provokes nothing.
  const phase = phaseOf(action)
  if ((phase === 'complete' && action.kind === 'cast') || (phase === 'start' && action.kind !== 'cast'))
    return NOTHING
  switch (action.kind) {
    case 'attack':
    case 'fullAttack':
      return attackProvoking(state, action)
    case 'coupDeGrace':
      return { path: [], mode: null, inPlace: { kind: 'coupDeGrace' }, trigger: 'attacks' }
    case 'standUp':
      return { path: [], mode: null, inPlace: { kind: 'standUp' }, trigger: null }
    case 'stabilize':
      return { path: [], mode: null, inPlace: { kind: 'stabilize' }, trigger: null }
    case 'cast':
      return castProvoking(state, action)
    default:
      return maneuverProvoking(state, action) ?? NOTHING
  }
}

/** G-2 / G-4: the GM's call on the cover or concealment of the attack's first swing, when it arises. */
function gmCall(state: EncounterState, action: Action, answers: Answers): DecisionRequest | null {
  if (readSettings(state).gmPrompts !== 'ask') return null
  if (action.kind !== 'attack' && action.kind !== 'fullAttack' && action.kind !== 'charge') return null
  const attacker = state.combatants.find((c) => c.id === action.actorId)
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!attacker || !target) return null
  const slot = slotFor(state, attacker, action)
  if (!slot) return null
  const setup = attackSetup(state, attacker, target, slot, { answers })
  const params = { attacker: attacker.name, target: target.name }
  if (setup.cover === 'normal' && !(COVER_CALL in answers))
    return {
      id: COVER_CALL,
      deciderId: GM_DECIDER,
      choices: ['normal', 'partial'],
      default: 'normal',
      params
    }
  if (setup.cover === 'improved' && !(IMPROVED_COVER_CALL in answers))
    return {
      id: IMPROVED_COVER_CALL,
      deciderId: GM_DECIDER,
      choices: ['improved', 'normal'],
      default: 'improved',
      params
    }
  if (setup.concealment !== 0 && !(CONCEALMENT_CALL in answers))
    return {
      id: CONCEALMENT_CALL,
      deciderId: GM_DECIDER,
      range: { min: 0, max: 100 },
      default: setup.mods.concealmentPercent,
      params
    }
  return null
}

/** The next decision a legal action needs (`Ruleset.decide`). */
export function decide(state: EncounterState, action: Action, answers: Answers): DecisionRequest | null {
  return (
    gmCall(state, action, answers) ??
    maneuverDecision(state, action, answers) ??
    reactionRequest(state, action, provokingOf(state, action), answers)
  )
}
