// electron-vite's `?nodeWorker` suffix (store/spawn-store-worker.ts): the module is a Worker factory for the
// file, built as its own chunk. Declared here rather than by referencing electron-vite/node, whose typings also
// make process.env.ELECTRON_RENDERER_URL read-only (main/index.test.ts sets it).
declare module '*?nodeWorker' {
  import type { Worker, WorkerOptions } from 'node:worker_threads'
  export default function (options: WorkerOptions): Worker
}
