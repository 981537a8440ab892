// The words of the combat log (filters, search, export) in Spanish: part of the catalogue in `es.ts`, kept apart for size.

/** Spanish messages of the combat log (filters, search, export). */
export const esLog = {} as const satisfies Record<string, string>
