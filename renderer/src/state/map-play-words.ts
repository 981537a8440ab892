import type { AreaTemplate, Measure } from '../../../rules/core/ruleset'
import { formatCost, type CostPart } from './options'

// How the map in play words what it shows: ruler distances and template names through the system's terms
// (`unit.*`, `template.*`), a planned move's cost as the panels word costs.

/** How overlays and plans are worded (through i18n and the system's terms). */
export interface PlayWords {
  measure(measure: Measure): string
  template(template: AreaTemplate): string
  cost(parts: readonly CostPart[]): string
}

/** What `playWords` needs of the app's locale. */
interface WordSource {
  code(prefix: string, code: string, params?: Record<string, string | number>): string
  current: string
}

/** The play words through the locale: units and templates by the system's terms, costs as the panels word them. */
export function playWords(locale: WordSource): PlayWords {
  const number = (n: number) => new Intl.NumberFormat(locale.current, { maximumFractionDigits: 1 }).format(n)
  return {
    // A system's `unit.*` term is the unit's word alone ("casillas", "m"): the number goes before it.
    measure: (m) => `${number(m.value)} ${locale.code('unit', m.unit.replace(/^unit\./, ''))}`,
    template: (t) => locale.code('template', t.id.replace(/^template\./, ''), { n: t.size }),
    cost: (parts) => formatCost(locale.code, parts)
  }
}
