import type { MessageKey } from '../i18n'

// The first-run tour: which steps it has and whether to offer it. The dialog is TourDialog.svelte.

/** The storage key set once the tour was finished or skipped. */
export const TOUR_KEY = 'emboscada:tour'

/** One step of the tour: its words, and the sample campaign it offers to open, if any. */
export interface TourStep {
  title: MessageKey
  body: MessageKey
  /** A bundled sample's id: the step shows a button that closes the tour and opens it (when it is listed). */
  sample?: string
}

/** The tour's steps, in order. */
export const TOUR_STEPS: readonly TourStep[] = [
  { title: 'tour.1.title', body: 'tour.1.body' },
  { title: 'tour.2.title', body: 'tour.2.body' },
  { title: 'tour.3.title', body: 'tour.3.body', sample: 'pathfinder1e-sample' },
  { title: 'tour.4.title', body: 'tour.4.body' }
]

/**
 * True on a first visit: the tour was never closed in this browser profile, and the URL does not say
 * `?tour=0` (for links and tests that want the list without it).
 */
export function offerTour(storage: Pick<Storage, 'getItem'>, search: string): boolean {
  if (new URLSearchParams(search).get('tour') === '0') return false
  try {
    return storage.getItem(TOUR_KEY) === null
  } catch {
    return false
  }
}

/** Remembers that the tour was seen, so it is not offered again (the top bar's button still replays it). */
export function markTourSeen(storage: Pick<Storage, 'setItem'>, at: Date = new Date()): void {
  try {
    storage.setItem(TOUR_KEY, at.toISOString())
  } catch {
    // A full storage means the tour comes back next time, which is harmless.
  }
}
