import type { esKeys } from './es-keys'

// The words of the keyboard shortcuts and their help overlay in English: part of the catalogue in `en.ts`.

/** English messages of the keyboard shortcuts and their help overlay: exactly the Spanish keys. */
export const enKeys: Record<keyof typeof esKeys, string> = {}
