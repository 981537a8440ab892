import { GM_DECIDER } from '../../core/decision-key'
import type { GameEvent } from '../../core/events'
import type { Answers, Combatant, DecisionRequest } from '../../core/types'
import type { McSettings } from './settings'

// Falls (minecraft.md §4.2 step 5 [REC] and G-4): the movement post with the falling rules was not
// provided, so the GM enters the life a fall takes. The engine asks decisions before it rolls any die,
// so an attack that could push its target off a ledge asks at declaration: "if it hits, the fall takes…".

/** The decision id of a fall's damage (i18n `decision.minecraft.fall`); answers are keyed by it. */
export const FALL_DECISION = 'minecraft.fall'

export { GM_DECIDER }

/** The proposed damage of one fall: fallDamagePerBlock per block beyond maxDropWithoutFall (G-4, default 0). */
export function proposedFallDamage(settings: McSettings, blocks: number): number {
  return settings.fallDamagePerBlock * Math.max(0, blocks - settings.maxDropWithoutFall)
}

/** The GM's fall-damage request for a figure about to fall `drops` (blocks per fall), or null when none. */
export function fallRequest(
  settings: McSettings,
  faller: Combatant,
  drops: readonly number[],
  answers: Answers
): DecisionRequest | null {
  if (!settings.askFallDamage || drops.length === 0 || FALL_DECISION in answers) return null
  return {
    id: FALL_DECISION,
    deciderId: GM_DECIDER,
    range: { min: 0, max: faller.life },
    default: Math.min(faller.life, proposedDamage(settings, drops)),
    params: { name: faller.name, blocks: drops.reduce((s, d) => s + d, 0) }
  }
}

/** The life the falls take: the GM's answer when given, else the proposal (never below 0). */
export function fallDamage(settings: McSettings, drops: readonly number[], answers: Answers = {}): number {
  if (drops.length === 0) return 0
  const answer = answers[FALL_DECISION]
  return typeof answer === 'number' ? Math.max(0, answer) : proposedDamage(settings, drops)
}

function proposedDamage(settings: McSettings, drops: readonly number[]): number {
  return drops.reduce((sum, blocks) => sum + proposedFallDamage(settings, blocks), 0)
}

/** The events of a fall taking `amount` life from a figure with `life` left (§5: out at 0). */
export function fallEvents(id: string, life: number, amount: number): GameEvent[] {
  const taken = Math.min(amount, life)
  if (taken <= 0) return []
  const events: GameEvent[] = [{ type: 'damaged', id, amount: taken, source: 'fall' }]
  if (taken >= life) events.push({ type: 'combatant.out', id })
  return events
}
