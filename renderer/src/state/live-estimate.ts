import { aggregate, type SimReport } from '../../../ai/sim-report'
import type { GameSummary, SimLevel } from '../../../ai/simulation'
import { stateHash } from '../../../rules/core/hash'
import type { EncounterState } from '../../../rules/core/types'
import type { SimRequest, SimResponse } from '../worker/sim-protocol'
import { estimable, heroesOf, heroSideOf } from './live-readout'

// The builder's live difficulty (issue 16 §6): while the GM edits an encounter, seeded AI-vs-AI games of
// it are played in Web Workers and folded into a report as they come in. Each edit (after a short pause)
// drops the estimate under way and starts one of the new encounter. Plain TypeScript, workers and all
// given from outside: `live-difficulty.svelte.ts` wires it to real workers and reactive state.
//
// Determinism: game i is played with seed `seed + i` whichever worker plays it, and the report only
// folds the unbroken run of games 0..n−1, so the estimate after n games is the same however many workers
// share it and in whatever order they finish. Stale messages (from an estimate dropped by an edit) carry
// an older run id and are ignored.

/** A worker as the estimator sees it: it is spoken to, and ended. */
export interface WorkerHandle {
  postMessage(message: SimRequest): void
  terminate(): void
}

/** Starts a worker whose messages go to `onmessage` and whose crash (a script that failed) to `onerror`. */
export type SpawnWorker = (
  onmessage: (data: SimResponse) => void,
  onerror: (message: string) => void
) => WorkerHandle

/**
 * What the readout shows: `off` (turned off), `none` (nothing to estimate: see `reason`), `waiting` (an
 * edit, the estimate restarts after a pause), `running`, `done`, or `error`.
 */
export type LiveStatus = 'off' | 'none' | 'waiting' | 'running' | 'done' | 'error'

/** Why there is nothing to estimate: no encounter (unsaved problems, locked...), or fewer than two sides. */
export type LiveReason = 'noEncounter' | 'oneSide'

/** The estimate as of its last game. */
export interface LiveSnapshot {
  status: LiveStatus
  reason: LiveReason | null
  /** The estimate's number, bumped by every restart (0 before the first). */
  run: number
  /** Games folded into the report (the unbroken run from game 0), and the target. */
  done: number
  total: number
  /** Games of this estimate found already played (the same encounter estimated before, e.g. after an undo). */
  from: number
  report: SimReport | null
  /** The heroes' side (see `heroSideOf`) and the heroes, of the encounter being estimated. */
  heroSide: string | null
  heroes: Array<{ id: string; name: string }>
  error: string
  /** Wall-clock seconds from the start of this estimate to its latest folded game. */
  seconds: number
}

export interface LiveOptions {
  spawn: SpawnWorker
  /** Workers sharing an estimate (at least 1). */
  workers: number
  /** Games an estimate aims at. */
  games: number
  onchange: (snapshot: LiveSnapshot) => void
  /** Milliseconds without edits before the estimate restarts (default 300). */
  delay?: number
  /**
   * Milliseconds a worker still playing a dropped estimate's game gets to take up the new one before it is
   * ended and replaced (default 250): a fast game finishes and keeps the worker's warm JIT, a slow one is
   * not waited for.
   */
  grace?: number
  /** Seed of game 0 (default 1). */
  seed?: number
  /** Commands after which a game counts as cut short (default 3000, as `npm run sim`). */
  maxSteps?: number
  /** Every figure at this AI level; absent = each figure's own profile (the encounter as set up). */
  level?: SimLevel
  /** A plain, cloneable copy of a state (reactive proxies do not survive `postMessage`). */
  plain?: (state: EncounterState) => EncounterState
  /** Estimates remembered by encounter, so an undo resumes where its estimate stopped (default 8). */
  cacheSize?: number
  now?: () => number
}

interface Slot {
  worker: WorkerHandle | null
  /** The request this worker was last given (its share of the current estimate). */
  request: Extract<SimRequest, { type: 'play' }> | null
  /** Playing a share, as far as the estimator knows. */
  busy: boolean
  /** A run posted while the worker was busy, until the worker says it took it up. */
  awaiting: number | null
  grace: ReturnType<typeof setTimeout> | null
}

interface Run {
  id: number
  key: string
  state: EncounterState
  sideIds: string[]
  heroSide: string | null
  heroes: Array<{ id: string; name: string }>
  /** Game summaries by index (sparse while workers finish out of order). */
  games: GameSummary[]
  /** The unbroken run of games from 0. */
  prefix: number
  from: number
  t0: number
  seconds: number
  report: SimReport | null
  error: string
}

/** The live estimate of an encounter being edited (see the file comment). */
export class LiveEstimator {
  readonly #o: Required<Omit<LiveOptions, 'level'>> & { level?: SimLevel }
  #enabled = true
  #latest: EncounterState | null = null
  #debounce: ReturnType<typeof setTimeout> | null = null
  #waiting = false
  #reason: LiveReason | null = 'noEncounter'
  #run: Run | null = null
  #nextId = 0
  #slots: Slot[] = []
  readonly #cache = new Map<string, GameSummary[]>()

  constructor(options: LiveOptions) {
    this.#o = {
      delay: 300,
      grace: 250,
      seed: 1,
      maxSteps: 3000,
      plain: (s) => s,
      cacheSize: 8,
      now: () => performance.now(),
      ...options,
      workers: Math.max(1, Math.floor(options.workers)),
      games: Math.max(1, Math.floor(options.games))
    }
  }

  get enabled(): boolean {
    return this.#enabled
  }

  /** The estimate as of now. */
  snapshot(): LiveSnapshot {
    const run = this.#run
    const status: LiveStatus = !this.#enabled
      ? 'off'
      : this.#waiting
        ? 'waiting'
        : !run
          ? 'none'
          : run.error
            ? 'error'
            : run.prefix >= this.#o.games
              ? 'done'
              : 'running'
    return {
      status,
      reason: run ? null : this.#reason,
      run: run?.id ?? 0,
      done: run?.prefix ?? 0,
      total: this.#o.games,
      from: run?.from ?? 0,
      report: run?.report ?? null,
      heroSide: run?.heroSide ?? null,
      heroes: run?.heroes ?? [],
      error: run?.error ?? '',
      seconds: run?.seconds ?? 0
    }
  }

  /** The encounter as edited now (null: nothing to estimate). The estimate follows after `delay` ms of calm. */
  edit(state: EncounterState | null): void {
    this.#latest = state
    if (!this.#enabled) return
    if (this.#debounce !== null) clearTimeout(this.#debounce)
    this.#debounce = setTimeout(() => {
      this.#debounce = null
      this.#apply()
    }, this.#o.delay)
    if (!this.#waiting) {
      this.#waiting = true
      this.#emit()
    }
  }

  /** Turns the estimate on (it starts at once on the latest encounter) or off (its workers are ended). */
  setEnabled(on: boolean): void {
    if (on === this.#enabled) return
    this.#enabled = on
    if (on) this.#apply()
    else {
      this.#clearDebounce()
      this.#leave()
      this.#endWorkers()
      this.#emit()
    }
  }

  /** Ends everything (the builder closed). */
  dispose(): void {
    this.#clearDebounce()
    this.#endWorkers()
    this.#run = null
  }

  #clearDebounce(): void {
    if (this.#debounce !== null) clearTimeout(this.#debounce)
    this.#debounce = null
    this.#waiting = false
  }

  #emit(): void {
    this.#o.onchange(this.snapshot())
  }

  /** The latest edit takes effect: the same encounter carries on, another one restarts the estimate. */
  #apply(): void {
    this.#waiting = false
    const state = this.#latest
    if (!state || !estimable(state)) {
      this.#reason = state ? 'oneSide' : 'noEncounter'
      this.#leave()
      this.#stopWorkers()
      this.#emit()
      return
    }
    const key = stateHash(state)
    if (this.#run?.key !== key) this.#start(state, key)
    this.#emit()
  }

  /** Keeps the games of the estimate being left, for a return to the same encounter. */
  #leave(): void {
    const run = this.#run
    this.#run = null
    if (!run || run.prefix === 0 || run.error) return
    this.#remember(run.key, run.games.slice(0, run.prefix))
  }

  #remember(key: string, games: GameSummary[]): void {
    this.#cache.delete(key)
    this.#cache.set(key, games)
    while (this.#cache.size > this.#o.cacheSize) {
      const oldest = this.#cache.keys().next().value
      if (oldest === undefined) break
      this.#cache.delete(oldest)
    }
  }

  #start(state: EncounterState, key: string): void {
    this.#leave()
    const total = this.#o.games
    const known = (this.#cache.get(key) ?? []).slice(0, total)
    const run: Run = {
      id: ++this.#nextId,
      key,
      state,
      sideIds: state.sides.map((s) => s.id),
      heroSide: heroSideOf(state),
      heroes: heroesOf(state),
      games: [...known],
      prefix: known.length,
      from: known.length,
      t0: this.#o.now(),
      seconds: 0,
      report: null,
      error: ''
    }
    if (run.prefix > 0) run.report = aggregate(known, run.sideIds)
    this.#run = run
    if (run.prefix >= total) {
      this.#stopWorkers()
      return
    }
    const initial = this.#o.plain(state)
    for (let k = 0; k < this.#o.workers; k++) {
      const request: Extract<SimRequest, { type: 'play' }> = {
        type: 'play',
        id: run.id,
        initial,
        first: run.prefix + k,
        stride: this.#o.workers,
        total,
        seed: this.#o.seed,
        maxSteps: this.#o.maxSteps,
        ...(this.#o.level ? { level: this.#o.level } : {})
      }
      this.#give(k, request)
    }
  }

  /** Hands worker `k` its share: a busy worker is told to stop its game first and given `grace` ms. */
  #give(k: number, request: Extract<SimRequest, { type: 'play' }>): void {
    const slot = (this.#slots[k] ??= {
      worker: null,
      request: null,
      busy: false,
      awaiting: null,
      grace: null
    })
    const previous = slot.request
    slot.request = request
    if (!slot.worker) {
      this.#spawnInto(slot)
      return
    }
    if (slot.busy && previous) {
      slot.worker.postMessage({ type: 'cancel', id: previous.id })
      slot.worker.postMessage(request)
      slot.awaiting = request.id
      if (slot.grace !== null) clearTimeout(slot.grace)
      slot.grace = setTimeout(() => this.#replace(slot), this.#o.grace)
    } else slot.worker.postMessage(request)
    slot.busy = true
  }

  #spawnInto(slot: Slot): void {
    let handle: WorkerHandle | null = null
    try {
      handle = this.#o.spawn(
        (data) => {
          if (slot.worker === handle) this.#receive(slot, data)
        },
        (message) => {
          if (slot.worker === handle) this.#crashed(slot, message)
        }
      )
    } catch (error) {
      // No workers here (a page without Web Workers): the estimate says so instead of throwing.
      this.#crashed(slot, error instanceof Error ? error.message : String(error))
      return
    }
    slot.worker = handle
    slot.awaiting = null
    slot.busy = slot.request !== null
    if (slot.request) handle.postMessage(slot.request)
  }

  /** A worker that did not take up the new estimate in time is ended and replaced. */
  #replace(slot: Slot): void {
    slot.grace = null
    slot.worker?.terminate()
    slot.worker = null
    if (this.#run && slot.request?.id === this.#run.id) this.#spawnInto(slot)
    else {
      slot.busy = false
      slot.request = null
    }
  }

  /** Asks every busy worker to drop its share (there is no estimate to play now). */
  #stopWorkers(): void {
    for (const slot of this.#slots) {
      // A share posted but not yet taken up is dropped too: the worker reads its queue before each game.
      if (slot.worker && slot.busy && slot.request)
        slot.worker.postMessage({ type: 'cancel', id: slot.request.id })
    }
  }

  #endWorkers(): void {
    for (const slot of this.#slots) {
      if (slot.grace !== null) clearTimeout(slot.grace)
      slot.worker?.terminate()
    }
    this.#slots = []
  }

  #receive(slot: Slot, data: SimResponse): void {
    if (data.type === 'started') {
      if (data.id === slot.awaiting) {
        if (slot.grace !== null) clearTimeout(slot.grace)
        slot.grace = null
        slot.awaiting = null
      }
      return
    }
    if (data.type === 'played') {
      if (data.id === slot.request?.id) slot.busy = false
      return
    }
    const run = this.#run
    // Anything else of an estimate no longer shown (dropped by an edit) is stale.
    if (!run || data.id !== run.id) return
    if (data.type === 'game') this.#fold(run, data.index, data.summary)
    else if (data.type === 'error' && !run.error) {
      run.error = data.message || 'error'
      this.#stopWorkers()
      this.#emit()
    }
  }

  #fold(run: Run, index: number, summary: GameSummary): void {
    const total = this.#o.games
    if (!Number.isInteger(index) || index < 0 || index >= total || run.games[index]) return
    run.games[index] = summary
    const before = run.prefix
    while (run.prefix < total && run.games[run.prefix]) run.prefix++
    if (run.prefix === before) return
    run.report = aggregate(run.games.slice(0, run.prefix), run.sideIds)
    run.seconds = (this.#o.now() - run.t0) / 1000
    if (run.prefix >= total) this.#remember(run.key, run.games.slice(0, total))
    this.#emit()
  }

  #crashed(slot: Slot, message: string): void {
    if (slot.grace !== null) clearTimeout(slot.grace)
    slot.grace = null
    slot.worker?.terminate()
    slot.worker = null
    slot.busy = false
    const run = this.#run
    if (run && slot.request?.id === run.id && run.prefix < this.#o.games && !run.error) {
      run.error = message || 'worker failed'
      this.#stopWorkers()
      this.#emit()
    }
    slot.request = null
  }
}
