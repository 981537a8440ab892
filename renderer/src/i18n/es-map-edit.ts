// The words of the map editor (tools, palette, new map, token placement, background) in Spanish: part of the catalogue in `es.ts`, kept apart for size.

/** Spanish messages of the map editor (tools, palette, new map, token placement, background). */
export const esMapEdit = {} as const satisfies Record<string, string>
