import type { Cell } from '../../battlemap/view'
import { IS_WEB } from '../platform'

/** What the e2e tests may read from the page: nothing they could change the game with. */
export interface TestHook {
  /** The determinism fingerprint of the open encounter's state ('' when none is open). */
  stateHash(): string
  /** Centre of a square in px relative to the battlemap canvas, or null when no map is shown. */
  cellCenter(cell: Cell): { x: number; y: number } | null
}

/** Installs `window.__emboscada` in the web build only (the Electron app never exposes it). */
export function installTestHook(hook: TestHook): void {
  if (!IS_WEB) return
  Object.defineProperty(window, '__emboscada', { value: Object.freeze({ ...hook }), configurable: false })
}
