import type { Cell } from '../../battlemap/view'
import { IS_WEB } from '../platform'

/**
 * What the test hook needs of the map on screen: screen points, and on the square-grid map its health
 * (WebGL context losses survived, textures alive) and a way to lose its context on purpose.
 */
export type MapTestHandle = { cellCenter(cell: Cell): { x: number; y: number } } & Partial<{
  loseContextForTest(): Promise<void>
  readonly contextLosses: number
  liveTextures(): number
}>

/** What the e2e tests may read from the page: nothing they could change the game with. */
export interface TestHook {
  /** The determinism fingerprint of the open encounter's state ('' when none is open). */
  stateHash(): string
  /** Centre of a square in px relative to the battlemap canvas, or null when no map is shown. */
  cellCenter(cell: Cell): { x: number; y: number } | null
  /** The map's WebGL context losses survived and live textures, or null without a square-grid map. */
  mapHealth(): { contextLosses: number; liveTextures: number } | null
  /** Loses the map's WebGL context and waits for the rebuild (the recovery test); false without one. */
  loseMapContext(): Promise<boolean>
}

/** Installs `window.__emboscada` in the web build only (the Electron app never exposes it). */
export function installTestHook(hook: TestHook): void {
  if (!IS_WEB) return
  Object.defineProperty(window, '__emboscada', { value: Object.freeze({ ...hook }), configurable: false })
}
