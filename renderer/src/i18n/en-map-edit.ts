import type { esMapEdit } from './es-map-edit'

// The words of the map editor (tools, palette, new map, token placement, background) in English: part of the catalogue in `en.ts`.

/** English messages of the map editor (tools, palette, new map, token placement, background): exactly the Spanish keys. */
export const enMapEdit: Record<keyof typeof esMapEdit, string> = {}
