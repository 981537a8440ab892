// The words of the combat log (filters, search, export) in English: part of the catalogue in `en.ts`.
import type { esLog } from './es-log'

/** English messages of the combat log (filters, search, export): exactly the Spanish keys. */
export const enLog: Record<keyof typeof esLog, string> = {
  'log.filter.label': 'Show in the log',
  'log.filter.dice': 'Rolls',
  'log.filter.dice.hint': 'Dice rolls, with their breakdown',
  'log.filter.move': 'Moves',
  'log.filter.move.hint': 'Moves, facing and doors',
  'log.filter.attack': 'Attacks',
  'log.filter.attack.hint': 'Attacks, hits and damage',
  'log.filter.turn': 'Turns',
  'log.filter.turn.hint': 'Rounds, turns and decisions',
  'log.filter.ai': 'AI',
  'log.filter.ai.hint': 'The AI’s reasons',
  'log.filter.other': 'Other',
  'log.filter.other.hint': 'Spending, healing and the rest',
  'log.search.label': 'Search the log',
  'log.search.placeholder': 'Search…',
  'log.search.matches': 'Matches: {count}',
  'log.noMatch': 'No line matches the filters.',
  'log.export.txt': 'Export .txt',
  'log.export.md': 'Export .md',
  'log.export.hint': 'Downloads the whole log, unfiltered.',
  'log.export.title': 'Combat log',
  'log.export.campaign': 'Campaign',
  'log.export.encounter': 'Encounter',
  'log.export.system': 'System',
  'log.export.date': 'Date',
  'log.export.ai': 'AI'
}
