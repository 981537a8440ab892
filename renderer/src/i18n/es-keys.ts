// The words of the keyboard shortcuts and their help overlay in Spanish: part of the catalogue in `es.ts`, kept apart for size.

/** Spanish messages of the keyboard shortcuts and their help overlay. */
export const esKeys = {} as const satisfies Record<string, string>
