import type { BalanceChange, BalanceTemplate } from '../../../ai/balance'
import type { Campaign } from '../../../rules/core/schemas'
import type { MessageKey } from '../i18n'
import { bundledCreatures, creatureTemplate } from './roster-content'
import { combatantOf } from './roster-templates'

// Auto-balance's inputs and words (issue 16 §7): the templates the search may place (the campaign's
// bestiary, then the ruleset's bundled content), the games knob for tests, and a change put in words.

/** Games per candidate in the first screen, unless the URL asks (`?balanceGames=N`); finalists play 3×. */
export const BALANCE_GAMES = 12

/** The screen's games: `?balanceGames=N` (1..1000) when the URL asks, else `BALANCE_GAMES`. */
export function balanceGamesFrom(search: string): number {
  const asked = new URLSearchParams(search).get('balanceGames')
  const n = asked === null ? NaN : Number(asked)
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : BALANCE_GAMES
}

/**
 * The figures auto-balance may add or swap in: the campaign's bestiary first, then the creatures of the
 * system's bundled content (none for a system without a content pack), all played by the AI.
 */
export function balanceTemplates(campaign: Campaign, lang: 'es' | 'en'): BalanceTemplate[] {
  const own = (campaign.bestiary ?? []).map((t) => ({
    key: t.source ?? t.id,
    name: t.name,
    model: combatantOf(t, 'template', 'ai')
  }))
  let content: BalanceTemplate[] = []
  try {
    content = bundledCreatures(campaign.system, lang).map((c) => {
      const t = creatureTemplate(campaign.system, c.id, lang)
      return { key: c.id, name: t.name, model: combatantOf(t, 'template', 'ai') }
    })
  } catch {
    // A system without a content pack: the bestiary and the encounter's own figures only.
  }
  return [...own, ...content]
}

/** A change as the list words it: its message key and parameters. */
export function changeWords(change: BalanceChange): { key: MessageKey; params: Record<string, string> } {
  if (change.kind === 'swap')
    return { key: 'balance.change.swap', params: { name: change.name, newName: change.newName } }
  return {
    key: change.kind === 'add' ? 'balance.change.add' : 'balance.change.remove',
    params: { name: change.name }
  }
}

/** Clamps a typed target percentage to 5..95 (a whole number; 60 when it is no number). */
export function targetPercent(value: number): number {
  return Number.isFinite(value) ? Math.min(95, Math.max(5, Math.round(value))) : 60
}
