import type { SimReport } from '../../../ai/sim-report'
import type { SimLevel } from '../../../ai/simulation'
import type { EncounterState } from '../../../rules/core/types'
import type { SimRequest, SimResponse } from '../worker/sim-protocol'

/** The games a panel asks for by default: ±7 pp on a win rate near one half, in seconds on fast systems. */
export const DEFAULT_SIM_RUNS = 200

/** A cap on each game's commands, as in `npm run sim`: an AI that stalls ends as truncated, not frozen. */
const MAX_STEPS = 3000

/** What a simulation panel shows: idle, a batch running (with progress), its report, or an error. */
export type SimStatus = 'idle' | 'running' | 'done' | 'error'

/** A finished (or cancelled) batch with the inputs it ran with. */
export interface SimResult {
  report: SimReport
  level: SimLevel
  seed: number
  cancelled: boolean
  /** Games per second in the worker. */
  speed: number
}

/**
 * One encounter's simulation as reactive state, run in its own module Web Worker so the page never
 * waits; the worker lives as long as the panel and is ended by `dispose`.
 */
export class SimulationRun {
  status = $state<SimStatus>('idle')
  done = $state(0)
  total = $state(0)
  result = $state.raw<SimResult | null>(null)
  error = $state('')
  #worker: Worker | null = null
  #id = 0
  #pending: { level: SimLevel; seed: number } | null = null

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker
    // Vite bundles the worker only from this literal `new URL(…, import.meta.url)`; it is never reactive.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = ({ data }: MessageEvent<SimResponse>) => this.#receive(data)
    worker.onerror = (event) => {
      event.preventDefault()
      this.status = 'error'
      this.error = event.message || 'worker failed'
    }
    this.#worker = worker
    return worker
  }

  #receive(data: SimResponse): void {
    // Messages of a batch this panel no longer waits for (cancelled and restarted) are dropped.
    if (data.id !== this.#id) return
    if (data.type === 'progress') {
      this.done = data.done
      this.total = data.total
    } else if (data.type === 'error') {
      this.status = 'error'
      this.error = data.message
    } else if (data.type === 'done' && this.#pending) {
      const speed = data.report.runs / Math.max(data.seconds, 1e-9)
      this.result = { report: data.report, ...this.#pending, cancelled: data.cancelled, speed }
      this.status = 'done'
    }
  }

  /** Plays `runs` games of `initial` with every figure at `level` (seeds `seed`..), replacing any result. */
  start(initial: EncounterState, runs: number, level: SimLevel, seed = 1): void {
    const worker = this.#ensureWorker()
    this.#id++
    this.#pending = { level, seed }
    this.status = 'running'
    this.done = 0
    this.total = runs
    this.result = null
    this.error = ''
    // $state proxies do not survive structured cloning: send a plain copy.
    const request: SimRequest = {
      type: 'start',
      id: this.#id,
      initial: JSON.parse(JSON.stringify(initial)) as EncounterState,
      runs,
      seed,
      level,
      maxSteps: MAX_STEPS
    }
    worker.postMessage(request)
  }

  /** Stops the running batch after the game in play; the games already played still make a report. */
  cancel(): void {
    if (this.status !== 'running' || !this.#worker) return
    const request: SimRequest = { type: 'cancel', id: this.#id }
    this.#worker.postMessage(request)
  }

  /** Ends the worker (the panel closed). */
  dispose(): void {
    this.#worker?.terminate()
    this.#worker = null
    this.#id++
    if (this.status === 'running') this.status = 'idle'
  }
}
