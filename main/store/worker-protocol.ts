import type { StoreErrorCode } from './campaign-store'
import type { ProblemParams, StoreProblem } from './store-problem'
import type { TextStoreMethod } from './text-store'

// The messages between main (worker-store.ts) and the store's thread (store-worker.ts).

/** What the worker is started with. */
export interface StoreWorkerData {
  dir: string
  samplesDir?: string
}

/** A call: the method of the text store and its arguments (plain data and strings). */
export interface StoreRequest {
  id: number
  method: TextStoreMethod
  args: unknown[]
}

/** A failure as it crosses threads: a StoreError's fields, or an internal error (a bug) with its stack. */
export type CrossedError =
  | {
      store: true
      code: StoreErrorCode
      message: string
      quarantinedAs?: string
      problem?: StoreProblem
      params?: ProblemParams
    }
  | { store: false; message: string }

/**
 * What the worker says: opened, could not open, the answer to call `id`, or a line for main's log (the worker
 * never writes to stderr itself: main owns the log, and a host that replaced process.stderr, like a test
 * runner, would otherwise see the thread die on its first warning).
 */
export type StoreReply =
  | { kind: 'ready' }
  | { kind: 'log'; message: string }
  | { kind: 'failed'; error: CrossedError }
  | { kind: 'result'; id: number; ok: true; value: unknown }
  | { kind: 'result'; id: number; ok: false; error: CrossedError }
