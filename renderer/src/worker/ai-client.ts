import type { AiStep } from '../../../ai/types'
import type { EncounterState } from '../../../rules/core/types'
import { parseAiStep, type AiRequest, type AiResponse } from './protocol'

export type { AiStep } from '../../../ai/types'

/** Who plays the AI's figures: the worker in the app, a stub in tests. */
export interface AiPlayer {
  choose(state: EncounterState, actorId: string): Promise<AiStep>
  dispose(): void
}

/** The AI in a module Web Worker; requests are answered in order, and the UI never waits on them. */
export class WorkerAiPlayer implements AiPlayer {
  #worker = new Worker(new URL('./ai.worker.ts', import.meta.url), { type: 'module' })
  #pending = new Map<number, { resolve(step: AiStep): void; reject(error: Error): void }>()
  #nextId = 1

  constructor() {
    this.#worker.onmessage = ({ data }: MessageEvent<AiResponse>) => {
      const pending = this.#pending.get(data.id)
      this.#pending.delete(data.id)
      if (!pending) return
      if (!data.ok) return pending.reject(new Error(data.error))
      // The trace drives buttons the GM presses: a malformed step is a failure, never half-shown.
      const step = parseAiStep(data.step)
      if (step) pending.resolve(step)
      else pending.reject(new Error('malformed AI step'))
    }
    this.#worker.onerror = (event) => {
      event.preventDefault()
      const error = new Error(event.message || 'AI worker failed')
      for (const pending of this.#pending.values()) pending.reject(error)
      this.#pending.clear()
    }
  }

  /**
   * The next step for `actorId`. The whole state goes, log included: some rules read history from it
   * (Athkri's wounds below 0, who is hidden or unaware), and the AI must see what the rules see.
   */
  choose(state: EncounterState, actorId: string): Promise<AiStep> {
    const id = this.#nextId++
    const request: AiRequest = { id, state, actorId }
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      this.#worker.postMessage(request)
    })
  }

  /** Stops the worker; pending requests never settle (their session is gone). */
  dispose(): void {
    this.#worker.terminate()
    this.#pending.clear()
  }
}
