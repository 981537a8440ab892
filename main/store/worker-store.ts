import type { Worker } from 'node:worker_threads'
import type { CampaignSummary } from '../../rules/core/schemas'
import {
  StoreError,
  type BackupEntry,
  type CampaignListEntry,
  type NewCampaign,
  type QuarantineEntry,
  type SaveReport
} from './campaign-store'
import type { CampaignTextStore, TextStoreMethod } from './text-store'
import type { CrossedError, StoreReply, StoreRequest, StoreWorkerData } from './worker-protocol'

// Main's side of the store worker (store-worker.ts): each call becomes a message, each answer settles it.
// Main never holds a campaign as objects, so its event loop stays free whatever a campaign weighs. If the
// worker dies (a bug, out of memory), the calls in flight fail as i/o errors, nothing is lost on disk (every
// write is atomic), and the next call starts a new worker, which takes the folder lock over (same process).

/** Starts a store worker thread: electron-vite's `?nodeWorker` import in the app, a tsx loader in tests. */
export type SpawnStoreWorker = (data: StoreWorkerData) => Worker

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: Error) => void
}

/** The campaign store as main uses it: a {@link CampaignTextStore} whose work runs on a worker thread. */
export class WorkerCampaignStore implements CampaignTextStore {
  #worker: Worker | null = null
  #ready: Promise<void> | null = null
  #pending = new Map<number, Pending>()
  #nextId = 1
  #closed = false

  private constructor(
    private readonly data: StoreWorkerData,
    private readonly spawn: SpawnStoreWorker,
    private readonly log: (message: string) => void
  ) {}

  /** Starts the worker and waits until it has opened the folder; its refusal (`locked`...) is thrown here. */
  static async open(
    data: StoreWorkerData,
    spawn: SpawnStoreWorker,
    log: (message: string) => void = (m) => console.warn(`[campaigns] ${m}`)
  ): Promise<WorkerCampaignStore> {
    const store = new WorkerCampaignStore(data, spawn, log)
    await store.#start()
    return store
  }

  list = (): Promise<CampaignListEntry[]> => this.#call('list', [])
  loadText = (id: string): Promise<string> => this.#call('loadText', [id])
  saveText = (json: string): Promise<SaveReport> => this.#call('saveText', [json])
  importJson = (json: string): Promise<CampaignSummary> => this.#call('importJson', [json])
  quarantined = (): Promise<QuarantineEntry[]> => this.#call('quarantined', [])
  backups = (id: string): Promise<BackupEntry[]> => this.#call('backups', [id])
  restoreBackupText = (id: string, file: string): Promise<string> =>
    this.#call('restoreBackupText', [id, file])
  create = (input: NewCampaign): Promise<CampaignSummary> => this.#call('create', [input])
  rename = (id: string, name: string): Promise<CampaignSummary> => this.#call('rename', [id, name])
  duplicate = (id: string, name?: string): Promise<CampaignSummary> => this.#call('duplicate', [id, name])
  remove = (id: string): Promise<void> => this.#call('remove', [id])
  undoRemove = (id: string): Promise<CampaignSummary> => this.#call('undoRemove', [id])
  whenIdle = (): Promise<void> => (this.#worker === null ? Promise.resolve() : this.#call('whenIdle', []))

  /** Lets queued saves land, releases the folder lock and stops the thread. */
  async close(): Promise<void> {
    if (this.#closed) return
    if (this.#worker !== null) await this.#call('close', [])
    this.#closed = true
    const worker = this.#worker
    this.#worker = null
    await worker?.terminate()
  }

  async #call<T>(method: TextStoreMethod, args: unknown[]): Promise<T> {
    if (this.#closed) throw new StoreError('io', 'the campaign store is closed')
    if (this.#worker === null) await this.#start()
    const worker = this.#worker!
    const id = this.#nextId++
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ id, method, args } satisfies StoreRequest)
    })
  }

  #start(): Promise<void> {
    if (this.#ready !== null) return this.#ready
    const worker = this.spawn(this.data)
    this.#worker = worker
    this.#ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (reply: StoreReply) => {
        if (reply.kind === 'ready') resolve()
        else if (reply.kind === 'log') this.log(reply.message)
        else if (reply.kind === 'failed') reject(errorOf(reply.error))
        else this.#settle(reply)
      })
      worker.on('error', (error) => this.#lost(worker, error.message, reject))
      worker.on('exit', (code) => this.#lost(worker, `it exited with code ${code}`, reject))
    })
    // A worker that could not open the folder is gone for good; the next call tries a new one.
    this.#ready.catch(() => this.#forget(worker))
    return this.#ready
  }

  #settle(reply: Extract<StoreReply, { kind: 'result' }>): void {
    const pending = this.#pending.get(reply.id)
    if (pending === undefined) return
    this.#pending.delete(reply.id)
    if (reply.ok) pending.resolve(reply.value)
    else pending.reject(errorOf(reply.error))
  }

  /** The worker stopped: every call in flight fails, and the next call starts a new one (unless closed). */
  #lost(worker: Worker, why: string, rejectStart: (error: Error) => void): void {
    if (this.#worker !== worker) return
    const error = new StoreError(
      'io',
      `the campaign store stopped (${why}); the last change may not be saved`
    )
    if (!this.#closed) this.log(error.message)
    rejectStart(error)
    for (const pending of this.#pending.values()) pending.reject(error)
    this.#pending.clear()
    this.#forget(worker)
  }

  #forget(worker: Worker): void {
    if (this.#worker !== worker) return
    this.#worker = null
    this.#ready = null
  }
}

/** A crossed error as main throws it: a StoreError with its fields, or a plain Error (a bug in the store). */
function errorOf(crossed: CrossedError): Error {
  if (!crossed.store) return new Error(`campaign store: ${crossed.message}`)
  const detail =
    crossed.problem === undefined ? undefined : { problem: crossed.problem, params: crossed.params }
  return new StoreError(crossed.code, crossed.message, crossed.quarantinedAs, detail)
}
