import { availableParallelism } from 'node:os'

// What the crash tests read from the environment, the same way in each: run counts, lanes, the seed, and a
// test timeout that grows with the runs.

/** A positive whole number from the environment, or `fallback` when unset or not one. */
export function positive(value: string | undefined, fallback: number): number {
  const n = Number(value)
  return value !== undefined && Number.isInteger(n) && n > 0 ? n : fallback
}

/** Children run at once: CRASH_LANES, else one in CI and min(4, cores) in a soak. */
export function lanesFor(soak: boolean): number {
  return positive(process.env.CRASH_LANES, soak ? Math.min(4, availableParallelism()) : 1)
}

/** CRASH_SEED, else a fresh one each run (explores new kill points over time; the printed seed replays). */
export function seedFromEnv(): number {
  return positive(process.env.CRASH_SEED, Math.floor(Math.random() * 2 ** 31))
}

/** A generous test timeout: a run takes ≈ 0.3–0.5 s, a few times that on a loaded machine; lanes share it. */
export function timeoutFor(runs: number, lanes: number): number {
  return 60_000 + Math.ceil((runs * 3_000) / lanes)
}
