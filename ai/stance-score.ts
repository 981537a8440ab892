import type { Ruleset } from '../rules/core/ruleset'
import { toNumber } from '../rules/core/fraction'
import type { Action, EncounterState } from '../rules/core/types'
import { controlHeadlines, makeOption, positionTerms, type Candidate, type ScoreContext } from './terms'

/** Full rounds without anyone losing life after which holding a reaction is worth nothing (a standoff). */
export const STANDOFF_ROUNDS = 2

/**
 * Whether the fight has stood still: `STANDOFF_ROUNDS` rounds have started since anyone last lost life.
 * Two figures each holding a reaction for the other to come (Carnevale's Guard) would otherwise wait
 * forever; at a table the GM's monsters break such a standoff. Reads the log back only that far.
 */
export function standingOff(state: EncounterState): boolean {
  let rounds = 0
  for (let i = state.log.length - 1; i >= 0; i--) {
    const e = state.log[i]!
    if (e.type === 'damaged') return false
    if (e.type === 'round.started' && ++rounds >= STANDOFF_ROUNDS) return true
  }
  return false
}

/**
 * Actions with neither target nor path whose odds report a control effect (Carnevale's Guard: a reaction
 * held for an enemy that moves near): worth their control value while some enemy can reach the actor
 * next turn, nothing otherwise, nor in a standoff.
 */
export function scoreStances(ctx: ScoreContext, state: EncounterState, ruleset: Ruleset, actions: Action[]) {
  const { p, w } = ctx
  const out: Candidate[] = []
  if (w.control === 0 || p.reachers(p.actor.pos) === 0 || standingOff(state)) return out
  for (const action of actions) {
    if (action.targetId !== undefined || action.path || action.kind === 'face') continue
    const odds = ruleset.odds(state, action)
    if (!odds) continue
    let control = 0
    for (const h of odds.headline) control += (controlHeadlines[h.key] ?? 0) * toNumber(h.p)
    if (control <= 0) continue
    const terms = [{ key: 'control', value: w.control * control }, ...positionTerms(ctx, p.actor.pos)]
    out.push({
      option: makeOption(action, terms, [], {
        key: 'stance',
        params: { actor: p.actor.name, mode: action.kind }
      }),
      pKill: 0,
      end: p.actor.pos
    })
  }
  return out
}
