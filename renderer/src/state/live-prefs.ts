// The live difficulty's settings: on or off (remembered like the map's switches), how many games an
// estimate aims at (a `?liveGames=N` knob for tests), and how many workers share it.

/** Games a live estimate aims at: ±7 pp on a win rate near one half, as the simulation panel's default. */
export const LIVE_GAMES = 200

/** Where the switch is remembered, `on` or `off` (on by default). */
export const LIVE_PREF_KEY = 'emboscada:builder.liveDifficulty'

type PrefStorage = Pick<Storage, 'getItem' | 'setItem'>

/** Whether the live estimate is on: on unless turned off before (or storage refuses to say). */
export function readLivePref(storage: PrefStorage | undefined): boolean {
  try {
    return storage?.getItem(LIVE_PREF_KEY) !== 'off'
  } catch {
    return true
  }
}

/** Remembers the switch; storage that refuses (private mode) leaves it for this session only. */
export function writeLivePref(storage: PrefStorage | undefined, on: boolean): void {
  try {
    storage?.setItem(LIVE_PREF_KEY, on ? 'on' : 'off')
  } catch {
    // The switch still applies to this session.
  }
}

/** The games target: `?liveGames=N` (1..10000) when the URL asks, else `LIVE_GAMES`. */
export function liveGamesFrom(search: string): number {
  const asked = new URLSearchParams(search).get('liveGames')
  const n = asked === null ? NaN : Number(asked)
  return Number.isInteger(n) && n >= 1 && n <= 10000 ? n : LIVE_GAMES
}

/** Workers for an estimate: one core left to the page, one worker at least, two at most. */
export function liveWorkerCount(cores: number | undefined): number {
  const n = Number.isFinite(cores) ? Math.floor(cores as number) : 2
  return Math.max(1, Math.min(2, n - 1))
}
