import type { AiNote } from '../state/log-lines'
import type { KeyValueStorage } from './web-store'

// The AI's reasons are table talk, not rules state: they live beside the campaign in browser storage
// (the Electron renderer has it too), keyed by campaign and encounter, so a reload shows the same log.

/** The storage key of an encounter's AI notes. */
export function notesKey(campaignId: string, encounterId: string): string {
  return `emboscada:notes:${campaignId}:${encounterId}`
}

function isNote(value: unknown): value is AiNote {
  const note = value as AiNote
  return (
    typeof note === 'object' &&
    note !== null &&
    typeof note.at === 'number' &&
    typeof note.reason?.key === 'string' &&
    typeof note.reason.params === 'object'
  )
}

/** The saved notes (an unreadable entry reads as none: they are commentary, never needed to resume). */
export function loadNotes(storage: Pick<KeyValueStorage, 'getItem'>, key: string): AiNote[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter(isNote) : []
  } catch {
    return []
  }
}

/** Saves the notes; a full or missing storage only loses commentary, so failures are ignored. */
export function saveNotes(
  storage: Pick<KeyValueStorage, 'setItem'>,
  key: string,
  notes: readonly AiNote[]
): void {
  try {
    storage.setItem(key, JSON.stringify(notes))
  } catch {
    // See above: nothing the rules need is lost.
  }
}
