import createStoreWorker from './store-worker?nodeWorker'
import type { SpawnStoreWorker } from './worker-store'

// The app's way to start the store's thread: electron-vite builds store-worker.ts as its own chunk and this
// import as a Worker factory for it. Only main/index.ts uses it; tests start the worker under tsx instead.

/** Starts the store worker thread of the built app. */
export const spawnStoreWorker: SpawnStoreWorker = (workerData) => createStoreWorker({ workerData })
