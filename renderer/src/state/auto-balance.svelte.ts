import type { BalanceResult, BalanceTemplate } from '../../../ai/balance'
import type { EncounterState } from '../../../rules/core/types'
import type { BalanceRequest, BalanceResponse } from '../worker/balance-protocol'
import { balanceGamesFrom } from './auto-balance'

/** The module Web Worker that runs the search. */
const spawnBalanceWorker = (): Worker =>
  // Vite bundles the worker only from this literal `new URL(…, import.meta.url)`.
  new Worker(new URL('../worker/balance.worker.ts', import.meta.url), { type: 'module' })

/** What the auto-balance control shows: nothing yet, a search under way, its result, or why it failed. */
export type BalanceStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'error'

/**
 * Auto-balance as reactive state: one search at a time in its own Web Worker (balance.worker.ts), its
 * progress, its result; `cancel` stops it (the worker stops between two games), `dispose` ends the worker.
 */
export class AutoBalancer {
  status = $state<BalanceStatus>('idle')
  done = $state(0)
  total = $state(0)
  result = $state.raw<BalanceResult | null>(null)
  error = $state('')
  seconds = $state(0)
  #worker: Worker | null = null
  #id = 0
  readonly #screenGames = balanceGamesFrom(globalThis.location?.search ?? '')

  #ensure(): Worker {
    if (this.#worker) return this.#worker
    const worker = spawnBalanceWorker()
    worker.onmessage = ({ data }: MessageEvent<BalanceResponse>) => this.#receive(data)
    worker.onerror = (event) => {
      event.preventDefault()
      this.status = 'error'
      this.error = event.message || 'worker failed'
      this.#worker?.terminate()
      this.#worker = null
    }
    this.#worker = worker
    return worker
  }

  #receive(data: BalanceResponse): void {
    if (data.id !== this.#id) return
    if (data.type === 'progress') {
      this.done = data.done
      this.total = data.total
    } else if (data.type === 'done') {
      this.result = data.result
      this.seconds = data.seconds
      this.done = data.result.games
      this.total = Math.max(this.total, data.result.games)
      this.status = data.result.cancelled ? 'cancelled' : 'done'
    } else {
      this.status = 'error'
      this.error = data.message
    }
  }

  /** Starts a search of `initial` for `target` (0.05..0.95), dropping any search under way. */
  start(initial: EncounterState, heroSide: string, target: number, templates: BalanceTemplate[]): void {
    if (this.status === 'running') this.cancel()
    const id = ++this.#id
    this.status = 'running'
    this.result = null
    this.error = ''
    this.done = 0
    this.total = 0
    const request: BalanceRequest = {
      type: 'start',
      id,
      initial,
      heroSide,
      target,
      templates,
      // A fixed seed: the same encounter and target always get the same proposals.
      seed: 1,
      screenGames: this.#screenGames,
      refineGames: 3 * this.#screenGames,
      maxSteps: 3000
    }
    this.#ensure().postMessage(request)
  }

  cancel(): void {
    if (this.status !== 'running') return
    this.#worker?.postMessage({ type: 'cancel', id: this.#id } satisfies BalanceRequest)
  }

  dispose(): void {
    this.#worker?.terminate()
    this.#worker = null
  }
}
