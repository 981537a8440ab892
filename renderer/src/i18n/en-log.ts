import type { esLog } from './es-log'

// The words of the combat log (filters, search, export) in English: part of the catalogue in `en.ts`.

/** English messages of the combat log (filters, search, export): exactly the Spanish keys. */
export const enLog: Record<keyof typeof esLog, string> = {}
