import type { AiPlayer } from '../worker/ai-client'

// After an undo the AI must not play its turn again at once (its figure is active again, and the AI turns
// pacer asks for a step after every change). The gate sits between the pacer and the AI player: while
// paused, a step asked for waits at the gate, and it goes on only when the GM resumes. The pacer drops a
// step whose state moved on meanwhile (a redo, a profile edit) and asks again, so nothing stale is played.

/** An AI player that can be paused: while paused, `choose` waits for `resume`. */
export class AiGate implements AiPlayer {
  #paused = false
  #waiting: { go(): void; stop(error: Error): void }[] = []

  constructor(
    private readonly inner: AiPlayer,
    private readonly onChange: (paused: boolean) => void = () => {}
  ) {}

  /** Whether the AI waits for the GM. */
  get paused(): boolean {
    return this.#paused
  }

  /** Holds every AI step from now on until `resume`. */
  pause(): void {
    if (this.#paused) return
    this.#paused = true
    this.onChange(true)
  }

  /** Lets the held step, and the ones after it, go on. */
  resume(): void {
    if (!this.#paused) return
    this.#paused = false
    const waiting = this.#waiting
    this.#waiting = []
    for (const w of waiting) w.go()
    this.onChange(false)
  }

  /** Asks the AI player for a step, once the gate is open. */
  choose(...args: Parameters<AiPlayer['choose']>): ReturnType<AiPlayer['choose']> {
    if (!this.#paused) return this.inner.choose(...args)
    return new Promise<void>((go, stop) => this.#waiting.push({ go, stop })).then(() =>
      this.inner.choose(...args)
    )
  }

  /** Drops the held steps (they fail, which a stopped pacer ignores) and the AI player. */
  dispose(): void {
    const waiting = this.#waiting
    this.#waiting = []
    for (const w of waiting) w.stop(new Error('the AI player was closed'))
    this.inner.dispose()
  }
}
