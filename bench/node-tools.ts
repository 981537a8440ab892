// What the bench commands share on Node: TypeScript workers under tsx, and a main that sets the exit code.
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'

// tsx's loader does not reach a worker's own entry on Node 20 (`--import tsx` in execArgv fails with
// ERR_UNKNOWN_FILE_EXTENSION), so each worker registers tsx's ESM API first, then imports the TS file.
const tsxApi = new URL(
  'dist/esm/api/index.mjs',
  pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'))
).href

/** A worker thread running the TypeScript module at `entry` (a file URL), with `workerData`. */
export function typeScriptWorker(entry: URL, workerData: unknown): Worker {
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}) })`
  return new Worker(bootstrap, { eval: true, workerData })
}

/** Runs `main` when `moduleUrl` is the script Node was started with, exiting with its code (1 on a throw). */
export function runAsScript(moduleUrl: string, main: () => Promise<number>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e)
      process.exit(1)
    }
  )
}
