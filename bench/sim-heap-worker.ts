// bench/sim-worker.ts plus this thread's live heap after every chunk of games (`npm run sim -- --heap-every`).
import { parentPort } from 'node:worker_threads'
import { liveHeapBytes } from './heap'
import './sim-worker'

// sim-worker's listener, registered by the import above before this one, plays the whole chunk
// synchronously; this one runs right after it, when the chunk's games are done and posted.
parentPort?.on('message', () => parentPort?.postMessage({ type: 'heap', bytes: liveHeapBytes() }))
