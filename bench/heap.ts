// Heap readings for the bench commands: the live heap of this thread (after a full GC) and MB rounding.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let gc: (() => void) | undefined

/** Runs a full garbage collection in this thread (exposing V8's `gc` on first use). */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc')
    gc = ((globalThis as { gc?: () => void }).gc ?? runInNewContext('gc')) as () => void
  }
  gc()
}

/** This thread's heap in use after a full GC: what it still holds, without the garbage of the moment. */
export function liveHeapBytes(): number {
  collectGarbage()
  return process.memoryUsage().heapUsed
}

/** Bytes as MB, 2 decimals. */
export const mb = (bytes: number): number => +(bytes / 2 ** 20).toFixed(2)
