import { openEconomy } from '../../../rules/core/economy'
import type { ActionOdds, Ruleset } from '../../../rules/core/ruleset'
import type { Action, EncounterState, Violation } from '../../../rules/core/types'

// What the side panels offer the active figure, straight from the ruleset: attacks with their exact
// odds (or the reason they are refused) and the economy counters left.

/** The attack kinds the target panel offers (the Action vocabulary's attacks). */
export const ATTACK_KINDS = ['melee', 'ranged'] as const

/** Refusals meaning "this figure has no such attack at all", not "not now": such a kind is not offered. */
export const NOT_APPLICABLE = new Set(['noRangedWeapon', 'unknownAction'])

/** An attack the panel offers against the selected target. */
export interface AttackOption {
  action: Action
  /** Why the rules refuse it now, or null. */
  violation: Violation | null
  cost: number
  /** Exact odds, shown before acting. */
  odds: ActionOdds | null
}

/**
 * The active figure's actions that need no figure chosen on the map (hide, split, equip an item...):
 * one per kind and item, moves and facings excluded (the map and the facing pad offer those).
 */
export function ownActions(state: EncounterState, legal: readonly Action[]): Action[] {
  const isFigure = (id: string | undefined) => id !== undefined && state.combatants.some((c) => c.id === id)
  const seen = new Set<string>()
  return legal.filter((a) => {
    if (a.kind === 'move' || a.kind === 'face' || a.path || isFigure(a.targetId)) return false
    const key = `${a.kind}:${a.targetId ?? ''}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** One counter of the active figure's economy (e.g. AP 2 of 3). */
export interface EconomyCounter {
  key: string
  value: number
  max: number
}

/** A counter of at most 1 (PF's standard, move, swift actions, a 5-ft step): available or spent. */
export function isFlag(counter: EconomyCounter): boolean {
  return counter.max === 1
}

/**
 * A counter's label: the rule system's term or the app's (`economy.<key>`); a key nobody translates is
 * spelt out from its code ("fiveFootStep" → "five foot step") rather than shown as an identifier.
 */
export function economyLabel(code: (prefix: string, code: string) => string, key: string): string {
  const label = code('economy', key)
  if (label !== key) return label
  return (
    key
      .replace(/([a-z\d])([A-Z])/g, '$1 $2')
      .replace(/[_.-]+/g, ' ')
      .trim()
      .toLowerCase() || key
  )
}

/** What an action costs: the numeric fields of the economy event it sends, summed (AP for Minecraft). */
export function totalCost(ruleset: Ruleset, state: EncounterState, action: Action): number {
  const charge = ruleset.economy.charge(state, action) as unknown as Record<string, unknown>
  return Object.entries(charge).reduce<number>(
    (sum, [k, v]) => sum + (typeof v === 'number' && !k.startsWith('_') ? v : 0),
    0
  )
}

/**
 * Every action the actor has against the target: the basic attacks, legal now or not (with the reason),
 * plus whatever else the ruleset lists as legal on that figure (maneuvers, first aid...), with odds.
 */
export function attackOptions(
  ruleset: Ruleset,
  state: EncounterState,
  actorId: string,
  targetId: string,
  legal: readonly Action[] = []
): AttackOption[] {
  const onTarget = legal.filter((a) => a.targetId === targetId && a.kind !== 'move')
  const kinds = [...new Set([...ATTACK_KINDS, ...onTarget.map((a) => a.kind)])]
  return kinds
    .map((kind): AttackOption => {
      const action: Action = onTarget.find((a) => a.kind === kind) ?? { kind, actorId, targetId }
      return {
        action,
        violation: ruleset.validate(state, action),
        cost: totalCost(ruleset, state, action),
        odds: ruleset.odds(state, action)
      }
    })
    .filter((o) => !NOT_APPLICABLE.has(o.violation?.code ?? ''))
}

/**
 * The active figure's economy counters, each with what it started the activation with. Keys starting
 * with `_` are the economy's own bookkeeping (e.g. feet moved so far), not something a person spends.
 */
export function economyCounters(ruleset: Ruleset, state: EncounterState): EconomyCounter[] {
  const active = state.combatants.find((c) => c.id === state.turn?.activeId)
  if (!state.turn || !active) return []
  const opened = openingEconomy(state) ?? openEconomy(ruleset.economy, state, active).context
  return Object.entries(state.turn.economy.context).flatMap(([key, value]) => {
    if (key.startsWith('_') || typeof value !== 'number') return []
    // A counter the activation opened with nothing in (a flag such as HQ2's blind fighting) is no pool.
    const max = Math.max(opened[key] ?? 0, value)
    return max > 0 ? [{ key, value, max }] : []
  })
}

/**
 * What the active figure's economy held once its activation opened, start-of-turn grants included
 * (HQ2's rolled movement): the last economy logged before its first paid action.
 */
function openingEconomy(state: EncounterState): Record<string, number> | null {
  const { log } = state
  let start = log.length - 1
  while (start >= 0 && log[start]?.type !== 'turn.started' && log[start]?.type !== 'activation.changed')
    start--
  let opened: Record<string, number> | null = null
  for (const e of log.slice(Math.max(start, 0))) {
    if (e.type === 'economy.spent') break
    if (e.type === 'turn.started' || e.type === 'activation.changed' || e.type === 'economy.changed') {
      opened = e.economy.context
    }
  }
  return opened
}
