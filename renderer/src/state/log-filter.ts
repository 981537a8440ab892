// What the combat log shows: the GM's filter chips and search box over the log lines. Pure and view-only:
// the filter lives in the component, never in the encounter, so filtering never touches the saved game.
import type { LogLine } from './log-lines'

/** The filter chips, in the order the log shows them. */
export const FILTER_KINDS = ['dice', 'move', 'attack', 'turn', 'ai', 'other'] as const

/** A filter chip: dice rolls, movement, attacks & damage, turns/rounds, AI reasons, everything else. */
export type FilterKind = (typeof FILTER_KINDS)[number]

/** Which chip a line belongs to; several line kinds share a chip (a hit and its damage are one story). */
export function filterKindOf(line: Pick<LogLine, 'kind'>): FilterKind {
  switch (line.kind) {
    case 'dice':
      return 'dice'
    case 'move':
      return 'move'
    case 'attack':
    case 'effect':
      return 'attack'
    case 'round':
    case 'turn':
    case 'end':
      return 'turn'
    case 'ai':
      return 'ai'
    default:
      return 'other'
  }
}

/**
 * Text folded for searching: lower case and without accents, so "zombi" finds "Zombi" and "Dano" finds
 * "Daño" — a GM typing fast at the table should not need the exact diacritics of a Spanish log.
 */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('und')
}

/** The filter's settings: the chips turned on and the search text (blank searches nothing). */
export interface LogFilter {
  kinds: ReadonlySet<FilterKind>
  query: string
}

/** Every chip on and no search: the log as it is. */
export function allOn(): LogFilter {
  return { kinds: new Set(FILTER_KINDS), query: '' }
}

/** The lines the log shows, in order, and how many of them match the search (null without a search). */
export interface FilteredLog {
  lines: LogLine[]
  matches: number | null
}

/** The lines of chosen kinds whose text holds the search (case- and accent-insensitive substring). */
export function filterLog(lines: readonly LogLine[], filter: LogFilter): FilteredLog {
  const needle = fold(filter.query.trim())
  const shown = lines.filter(
    (line) => filter.kinds.has(filterKindOf(line)) && (!needle || fold(line.text).includes(needle))
  )
  return { lines: shown, matches: needle ? shown.length : null }
}

/** The chips with `kind` switched (on → off, off → on); the others unchanged. */
export function toggleKind(kinds: ReadonlySet<FilterKind>, kind: FilterKind): Set<FilterKind> {
  const next = new Set(kinds)
  if (next.has(kind)) next.delete(kind)
  else next.add(kind)
  return next
}
