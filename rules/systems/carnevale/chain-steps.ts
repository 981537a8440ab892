import type { Chain } from '../../core/chain'
import type { GameEvent } from '../../core/events'
import type { Outcome, PoolRoll } from './dice'
import type { CarnevaleSettings } from './settings'

// Small steps of a resolution on the engine's chain (rules/core/chain.ts), each seeing what the ones before
// did: a Disengage, then the enemy's AoO, then the move, then the Guard AoOs and the charge's, each maybe
// fumbled into a counter AoO.

/** §2: whether one face is an Ace against the pool's target (10 always, 1 never, as the settings say). */
function isAce(face: number, target: number, s: CarnevaleSettings): boolean {
  if (face === 10 && s.tenAlwaysAce) return true
  if (face === 1 && s.oneNeverAce) return false
  return face >= target
}

/**
 * One `dice.rolled` per die of a pool, Destiny die first (§2). Each die names its face (`face.<n>`, the
 * Destiny die `face.destiny<n>`) so the log shows a pool as one line with its Aces counted; the Destiny die
 * of a Critical or Fumble is marked natural success or failure (it decided the roll).
 */
export function poolEvents(
  actorId: string,
  purpose: string,
  pool: PoolRoll,
  outcome: Outcome | null,
  s: CarnevaleSettings
): GameEvent[] {
  return pool.faces.map((face, i) => {
    const destiny = i === 0
    const natural =
      destiny && outcome === 'critical' ? 'success' : destiny && outcome === 'fumble' ? 'failure' : undefined
    return {
      type: 'dice.rolled',
      actorId,
      purpose,
      sides: 10,
      result: face,
      target: pool.target,
      atLeast: true,
      success: isAce(face, pool.target, s),
      ...(natural ? { natural } : {}),
      face: destiny ? `destiny${face}` : String(face)
    }
  })
}

/** §6 [GAP-PUB]: the figure loses Life; at 0 it is taken out (removed). */
export function loseLife(chain: Chain, id: string, amount: number, source: string): void {
  if (amount <= 0) return
  const before = chain.figure(id)
  if (before.out) return
  chain.emit([{ type: 'damaged', id, amount, source }])
  if (chain.figure(id).life <= 0) chain.emit([{ type: 'combatant.out', id }])
}
