import { GM_DECIDER } from '../../core/decision-key'
import type { Action, Answers, DecisionRequest, EncounterState } from '../../core/types'
import { AMBUSH_BONUS, COVER_ADJUST, DODGE, planAction } from './attack-action'
import { readSettings } from './settings'

// Decisions asked before an attack resolves (athkri.md §4 DEFENSE_CHOICE, §8 GM points), each with the
// default unattended play takes. GM points go to the decider id `gm` (no figure of the board).

export { GM_DECIDER }

/**
 * The next decision an attack-like action needs: the GM's ambush bonus (G-4), the GM's Cobertura change
 * (G-3) for ranged attacks, then the defender's choice of passive Defensa or the opposed dodge (§5.2).
 */
export function decide(state: EncounterState, action: Action, answers: Answers): DecisionRequest | null {
  const plan = planAction(state, action, answers)
  const first = plan?.attacks[0]
  if (!plan || !first) return null
  const settings = readSettings(state)
  const ask = settings.gmPrompts === 'ask'
  if (plan.ambush && ask && !(AMBUSH_BONUS in answers)) {
    return {
      id: AMBUSH_BONUS,
      deciderId: GM_DECIDER,
      range: { min: 0, max: settings.ambushBonusMax },
      default: 0,
      params: { attacker: first.attacker.name, target: first.target.name }
    }
  }
  if (first.mode === 'ranged' && ask && !(COVER_ADJUST in answers)) {
    return {
      id: COVER_ADJUST,
      deciderId: GM_DECIDER,
      range: { min: -settings.coverAdjustMax, max: settings.coverAdjustMax },
      default: 0,
      params: { attacker: first.attacker.name, target: first.target.name, cover: first.difficulty }
    }
  }
  if (first.dodge && !(DODGE in answers)) {
    return {
      id: DODGE,
      deciderId: first.target.id,
      choices: ['passive', 'dodge'],
      default: settings.dodgeDefault,
      params: { attacker: first.attacker.name, target: first.target.name, defensa: first.difficulty }
    }
  }
  return null
}
