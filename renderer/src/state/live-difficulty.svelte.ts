import type { EncounterState } from '../../../rules/core/types'
import type { SimResponse } from '../worker/sim-protocol'
import { LiveEstimator, type LiveSnapshot, type SpawnWorker } from './live-estimate'
import { liveGamesFrom, liveWorkerCount, readLivePref, writeLivePref } from './live-prefs'

/** A module Web Worker running the simulation (the panel's own script, `play` shares). */
const spawnSimWorker: SpawnWorker = (onmessage, onerror) => {
  // Vite bundles the worker only from this literal `new URL(…, import.meta.url)`.
  const worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' })
  worker.onmessage = ({ data }: MessageEvent<SimResponse>) => onmessage(data)
  worker.onerror = (event) => {
    event.preventDefault()
    onerror(event.message || 'worker failed')
  }
  return worker
}

/**
 * The builder's live difficulty as reactive state: the estimator (live-estimate.ts) on real workers, its
 * latest snapshot, and the on/off switch, remembered across sessions. `dispose` ends the workers.
 */
export class LiveDifficulty {
  enabled = $state(readLivePref(globalThis.localStorage))
  snapshot = $state.raw<LiveSnapshot>(null as unknown as LiveSnapshot)
  readonly #estimator: LiveEstimator

  constructor() {
    this.#estimator = new LiveEstimator({
      spawn: spawnSimWorker,
      workers: liveWorkerCount(globalThis.navigator?.hardwareConcurrency),
      games: liveGamesFrom(globalThis.location?.search ?? ''),
      // The builder's states may be reactive proxies, which `postMessage` cannot clone.
      plain: (state) => $state.snapshot(state) as EncounterState,
      onchange: (snapshot) => (this.snapshot = snapshot)
    })
    this.#estimator.setEnabled(this.enabled)
    this.snapshot = this.#estimator.snapshot()
  }

  /** The encounter as edited now (null: nothing to estimate); the estimate restarts after a pause. */
  edit(state: EncounterState | null): void {
    this.#estimator.edit(state)
  }

  /** Turns the estimate on or off, and remembers it. */
  toggle(on = !this.enabled): void {
    this.enabled = on
    writeLivePref(globalThis.localStorage, on)
    this.#estimator.setEnabled(on)
  }

  dispose(): void {
    this.#estimator.dispose()
  }
}
