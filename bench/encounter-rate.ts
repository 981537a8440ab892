// The throughput part of `npm run bench`: whole AI-vs-AI encounters a second on a pool of worker threads
// (bench/sim.ts's runner), measured in a steady window that leaves out the workers' start-up.
import { performance } from 'node:perf_hooks'
import { runSimulation } from './sim'

/** Encounters a second on `workers` threads, Normal level. */
export interface EncounterRate {
  workers: number
  /** Games finished before the window opened: the first one per worker (start-up, compiling, warming). */
  warmupGames: number
  warmupSeconds: number
  /** Games finished inside the window, and its length (from the warm-up's end to the last game's end). */
  games: number
  seconds: number
  /** Wall-clock rate in the window: what a person waits for, on a machine that may be shared. */
  encountersPerSecond: number | null
  /** CPU time (process.cpuUsage, every thread) per game in the window: steadier on a loaded machine. */
  cpuMsPerEncounter: number | null
  /** Stopped by Ctrl+C before the window's end. */
  cancelled: boolean
}

const cpuMicros = (): number => {
  const u = process.cpuUsage()
  return u.user + u.system
}

/**
 * Plays `file`'s first encounter (seeds 1, 2...) on `workers` threads. The window opens when `workers`
 * games have finished (each thread has compiled and warmed up) and closes at the first game's end after
 * `seconds` seconds with at least `workers` games in it. Aborting `signal` closes it early.
 */
export async function encounterRate(
  file: string,
  workers: number,
  seconds: number,
  hooks: { signal?: AbortSignal; onProgress?: (text: string) => void } = {},
  maxRuns = 1_000_000
): Promise<EncounterRate> {
  const controller = new AbortController()
  const outer = () => controller.abort()
  hooks.signal?.addEventListener('abort', outer, { once: true })
  const t0 = performance.now()
  let open: { t: number; cpu: number } | undefined
  let last: { t: number; cpu: number; games: number } | undefined
  try {
    await runSimulation(
      { file, runs: maxRuns, seed: 1, workers, level: 'normal', maxSteps: 3000 },
      {
        signal: controller.signal,
        onProgress: (done) => {
          const t = performance.now()
          if (done === workers) open = { t, cpu: cpuMicros() }
          if (!open || done <= workers) {
            hooks.onProgress?.(`warming up, ${done}/${workers} games`)
            return
          }
          last = { t, cpu: cpuMicros(), games: done - workers }
          const inWindow = (t - open.t) / 1000
          hooks.onProgress?.(
            `${last.games} games in ${inWindow.toFixed(1)}/${seconds} s, ${(last.games / inWindow).toFixed(2)} games/s`
          )
          if (inWindow >= seconds && last.games >= workers) controller.abort()
        }
      }
    )
  } finally {
    hooks.signal?.removeEventListener('abort', outer)
  }
  const window = open && last ? (last.t - open.t) / 1000 : 0
  return {
    workers,
    warmupGames: open ? workers : 0,
    warmupSeconds: +((open ? open.t - t0 : performance.now() - t0) / 1000).toFixed(3),
    games: last?.games ?? 0,
    seconds: +window.toFixed(3),
    encountersPerSecond: last && window > 0 ? +(last.games / window).toFixed(3) : null,
    cpuMsPerEncounter: open && last ? +((last.cpu - open.cpu) / 1000 / last.games).toFixed(1) : null,
    cancelled: hooks.signal?.aborted ?? false
  }
}
