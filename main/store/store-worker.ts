import { parentPort, workerData } from 'node:worker_threads'
import { StoreError } from './campaign-store'
import { openCampaignStore } from './lowdb-campaign-store'
import { textStoreOver, type CampaignTextStore, type TextStoreMethod } from './text-store'
import type { StoreReply, StoreRequest, StoreWorkerData } from './worker-protocol'

// The campaign store's thread. Everything that scales with a campaign's size (reading, JSON.parse, the limits
// walk, the campaign schema, the rulesets' schemas, serializing, writing) happens here, so main's event loop,
// which serves the window and every IPC call, never waits on it. Requests are answered in the store's own
// order (its per-campaign queue), each with the id it came with.

const port = parentPort
if (port === null) throw new Error('store-worker.ts runs as a worker thread')
const data = workerData as StoreWorkerData

const opening = openCampaignStore({
  dir: data.dir,
  samplesDir: data.samplesDir,
  log: (message) => port.postMessage({ kind: 'log', message } satisfies StoreReply)
}).then((store) => textStoreOver(store))

opening.then(
  () => port.postMessage({ kind: 'ready' } satisfies StoreReply),
  (error: unknown) => port.postMessage({ kind: 'failed', error: errorShape(error) } satisfies StoreReply)
)

port.on('message', (request: StoreRequest) => {
  void answer(request).then((reply) => port.postMessage(reply))
})

async function answer(request: StoreRequest): Promise<StoreReply> {
  try {
    const store = await opening
    const method = store[request.method as TextStoreMethod] as (...args: unknown[]) => Promise<unknown>
    if (typeof method !== 'function') throw new Error(`no store method ${String(request.method)}`)
    const value = await method.apply(store, request.args)
    return { kind: 'result', id: request.id, ok: true, value }
  } catch (error) {
    return { kind: 'result', id: request.id, ok: false, error: errorShape(error) }
  }
}

/** A thrown value as it can cross to main: a StoreError's fields, or an internal error's message. */
function errorShape(error: unknown): Extract<StoreReply, { kind: 'failed' }>['error'] {
  if (error instanceof StoreError)
    return {
      store: true,
      code: error.code,
      message: error.message,
      quarantinedAs: error.quarantinedAs,
      problem: error.problem,
      params: error.params
    }
  return { store: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) }
}

export type { CampaignTextStore }
