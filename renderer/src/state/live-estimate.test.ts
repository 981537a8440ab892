import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { aggregate } from '../../../ai/sim-report'
import { playOut, type GameSummary } from '../../../ai/simulation'
import type { EncounterState } from '../../../rules/core/types'
import { getRuleset } from '../../../rules/systems'
import type { SimRequest, SimResponse } from '../worker/sim-protocol'
import { sampleInitial } from './fixtures'
import { LiveEstimator, type LiveOptions, type LiveSnapshot, type SpawnWorker } from './live-estimate'
import { estimable, heroesOf, heroSideOf, readoutOf } from './live-readout'
import {
  LIVE_GAMES,
  LIVE_PREF_KEY,
  liveGamesFrom,
  liveWorkerCount,
  readLivePref,
  writeLivePref
} from './live-prefs'

type Play = Extract<SimRequest, { type: 'play' }>

/** A worker the test speaks for: what it was sent, whether it was ended, and its two callbacks. */
interface FakeWorker {
  sent: SimRequest[]
  terminated: boolean
  say: (data: SimResponse) => void
  crash: (message: string) => void
}

function harness(options: Partial<LiveOptions> = {}) {
  const workers: FakeWorker[] = []
  const snapshots: LiveSnapshot[] = []
  const spawn: SpawnWorker = (onmessage, onerror) => {
    const w: FakeWorker = { sent: [], terminated: false, say: onmessage, crash: onerror }
    workers.push(w)
    return {
      postMessage: (m) => w.sent.push(structuredClone(m)),
      terminate: () => {
        w.terminated = true
      }
    }
  }
  const live = new LiveEstimator({
    spawn,
    workers: 2,
    games: 6,
    onchange: (s) => snapshots.push(s),
    ...options
  })
  const last = () => snapshots[snapshots.length - 1] ?? live.snapshot()
  const plays = (w: FakeWorker) => w.sent.filter((m): m is Play => m.type === 'play')
  return { live, workers, snapshots, last, plays }
}

/** A game summary in which `winner` wins and the heroes' figure `dead` (if any) dies. */
function game(winner: string | null, rounds: number, dead?: string): GameSummary {
  const figure = (id: string, side: string) => ({
    id,
    side,
    downed: id === dead,
    out: id === dead,
    lifeLost: id === dead ? 20 : 0,
    fate: id === dead ? ('dead' as const) : ('standing' as const),
    spent: {},
    rose: []
  })
  return {
    winner,
    rounds,
    steps: rounds * 10,
    perFigure: [figure('steve', 'heroes'), figure('alex', 'heroes'), figure('zombie-1', 'monsters')],
    truncated: false
  }
}

const GAMES = [
  game('heroes', 3),
  game('monsters', 5, 'steve'),
  game('heroes', 4, 'alex'),
  game('heroes', 2),
  game('monsters', 6, 'steve'),
  game('heroes', 3)
]

const base = sampleInitial()
/** The sample with one zombie fewer: another encounter, as after the GM removed a monster. */
const edited: EncounterState = { ...base, combatants: base.combatants.filter((c) => c.id !== 'zombie-3') }

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('live estimate: restarts on edits', () => {
  it('waits for a pause in the edits, then splits the games among its workers', () => {
    const { live, workers, last, plays } = harness()
    live.edit(base)
    live.edit(edited)
    live.edit(base)
    expect(last().status).toBe('waiting')
    vi.advanceTimersByTime(299)
    expect(workers).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(workers).toHaveLength(2)
    expect(last()).toMatchObject({ status: 'running', run: 1, done: 0, total: 6, report: null })
    const shares = workers.map((w) => plays(w))
    expect(shares.map((s) => s.length)).toEqual([1, 1])
    expect(shares.map(([p]) => [p!.first, p!.stride, p!.total, p!.seed, p!.id])).toEqual([
      [0, 2, 6, 1, 1],
      [1, 2, 6, 1, 1]
    ])
    // Each figure plays at its own profile: no level is forced.
    expect(shares[0]![0]!.level).toBeUndefined()
    expect(shares[0]![0]!.initial.combatants.map((c) => c.id)).toEqual(base.combatants.map((c) => c.id))
  })

  it('an edit cancels the estimate under way and starts one of the new encounter', () => {
    const { live, workers, last, plays } = harness()
    live.edit(base)
    vi.advanceTimersByTime(300)
    const [a, b] = workers as [FakeWorker, FakeWorker]
    a.say({ type: 'started', id: 1 })
    b.say({ type: 'started', id: 1 })
    a.say({ type: 'game', id: 1, index: 0, summary: GAMES[0]! })
    expect(last()).toMatchObject({ status: 'running', run: 1, done: 1 })

    live.edit(edited)
    // Until the pause is over the old estimate stays, marked as waiting.
    expect(last()).toMatchObject({ status: 'waiting', run: 1, done: 1 })
    vi.advanceTimersByTime(300)
    expect(last()).toMatchObject({ status: 'running', run: 2, done: 0, report: null })
    for (const w of [a, b]) {
      expect(w.sent.slice(-2).map((m) => [m.type, m.id])).toEqual([
        ['cancel', 1],
        ['play', 2]
      ])
    }
    expect(plays(a).at(-1)!.initial.combatants).toHaveLength(edited.combatants.length)
    // Both workers took the new estimate up in time: none is replaced.
    a.say({ type: 'started', id: 2 })
    b.say({ type: 'started', id: 2 })
    vi.advanceTimersByTime(1000)
    expect(workers).toHaveLength(2)
    expect(workers.some((w) => w.terminated)).toBe(false)
  })

  it('ignores the games of a cancelled estimate that arrive after the restart', () => {
    const { live, workers, last } = harness()
    live.edit(base)
    vi.advanceTimersByTime(300)
    const [a, b] = workers as [FakeWorker, FakeWorker]
    live.edit(edited)
    vi.advanceTimersByTime(300)
    // The old estimate's games, still in flight, and its error: all stale.
    a.say({ type: 'game', id: 1, index: 0, summary: GAMES[0]! })
    b.say({ type: 'game', id: 1, index: 1, summary: GAMES[1]! })
    a.say({ type: 'error', id: 1, message: 'old' })
    expect(last()).toMatchObject({ status: 'running', run: 2, done: 0, report: null, error: '' })
    a.say({ type: 'game', id: 2, index: 0, summary: GAMES[3]! })
    expect(last().done).toBe(1)
    expect(last().report).toEqual(aggregate([GAMES[3]!], ['heroes', 'monsters']))
  })

  it('replaces a worker that is still in a long game of the dropped estimate', () => {
    const { live, workers, plays } = harness({ grace: 250 })
    live.edit(base)
    vi.advanceTimersByTime(300)
    const [a, b] = workers as [FakeWorker, FakeWorker]
    a.say({ type: 'started', id: 1 })
    b.say({ type: 'started', id: 1 })
    live.edit(edited)
    vi.advanceTimersByTime(300)
    a.say({ type: 'started', id: 2 })
    // b is deep in a game of estimate 1: after the grace it is ended and a fresh worker gets its share.
    vi.advanceTimersByTime(249)
    expect(b.terminated).toBe(false)
    vi.advanceTimersByTime(1)
    expect(b.terminated).toBe(true)
    expect(a.terminated).toBe(false)
    expect(workers).toHaveLength(3)
    expect(plays(workers[2]!).map((p) => [p.id, p.first, p.stride])).toEqual([[2, 1, 2]])
    // The ended worker's late messages go nowhere.
    b.say({ type: 'game', id: 2, index: 1, summary: GAMES[1]! })
    workers[2]!.say({ type: 'game', id: 2, index: 1, summary: GAMES[2]! })
    a.say({ type: 'game', id: 2, index: 0, summary: GAMES[0]! })
    expect(live.snapshot().report).toEqual(aggregate([GAMES[0]!, GAMES[2]!], ['heroes', 'monsters']))
  })

  it('an idle worker (its share over) takes the next estimate without a deadline', () => {
    const { live, workers } = harness({ games: 2 })
    live.edit(base)
    vi.advanceTimersByTime(300)
    const [a, b] = workers as [FakeWorker, FakeWorker]
    a.say({ type: 'game', id: 1, index: 0, summary: GAMES[0]! })
    b.say({ type: 'game', id: 1, index: 1, summary: GAMES[1]! })
    a.say({ type: 'played', id: 1 })
    b.say({ type: 'played', id: 1 })
    expect(live.snapshot().status).toBe('done')
    live.edit(edited)
    vi.advanceTimersByTime(300 + 10000)
    expect(workers).toHaveLength(2)
    expect(a.sent.map((m) => m.type)).toEqual(['play', 'play'])
  })

  it('an edit that comes back to the encounter being estimated carries on', () => {
    const { live, workers, last } = harness()
    live.edit(base)
    vi.advanceTimersByTime(300)
    workers[0]!.say({ type: 'game', id: 1, index: 0, summary: GAMES[0]! })
    live.edit(edited)
    vi.advanceTimersByTime(100)
    live.edit(structuredClone(base))
    vi.advanceTimersByTime(300)
    expect(last()).toMatchObject({ status: 'running', run: 1, done: 1 })
    expect(workers[0]!.sent.map((m) => m.type)).toEqual(['play'])
  })

  it('going back to an encounter estimated before resumes from the games it had', () => {
    const { live, workers, last, plays } = harness()
    live.edit(base)
    vi.advanceTimersByTime(300)
    const [a, b] = workers as [FakeWorker, FakeWorker]
    a.say({ type: 'game', id: 1, index: 0, summary: GAMES[0]! })
    b.say({ type: 'game', id: 1, index: 1, summary: GAMES[1]! })
    a.say({ type: 'game', id: 1, index: 2, summary: GAMES[2]! })
    live.edit(edited)
    vi.advanceTimersByTime(300)
    live.edit(base)
    vi.advanceTimersByTime(300)
    expect(last()).toMatchObject({ status: 'running', run: 3, done: 3, from: 3 })
    expect(last().report).toEqual(aggregate(GAMES.slice(0, 3), ['heroes', 'monsters']))
    // The workers that play it now (a and b, silent past their grace, were replaced): games 3 and 4 on.
    expect(workers.slice(-2).map((w) => [plays(w).at(-1)!.id, plays(w).at(-1)!.first])).toEqual([
      [3, 3],
      [3, 4]
    ])
  })

  it('turned off, it ends its workers and says so; turned on, it starts again', () => {
    const { live, workers, last } = harness()
    live.edit(base)
    vi.advanceTimersByTime(300)
    live.setEnabled(false)
    expect(last().status).toBe('off')
    expect(workers.every((w) => w.terminated)).toBe(true)
    live.edit(edited)
    vi.advanceTimersByTime(1000)
    expect(workers).toHaveLength(2)
    live.setEnabled(true)
    expect(last()).toMatchObject({ status: 'running', run: 2 })
    expect(workers).toHaveLength(4)
  })

  it('estimates nothing without an encounter or with one side only', () => {
    const { live, workers, last } = harness()
    live.edit(null)
    vi.advanceTimersByTime(300)
    expect(last()).toMatchObject({ status: 'none', reason: 'noEncounter' })
    live.edit({ ...base, combatants: base.combatants.filter((c) => c.side === 'heroes') })
    vi.advanceTimersByTime(300)
    expect(last()).toMatchObject({ status: 'none', reason: 'oneSide' })
    expect(workers).toHaveLength(0)
  })

  it('a game that fails, or a worker that crashes, shows an error and stops the others', () => {
    const { live, workers, last } = harness()
    live.edit(base)
    vi.advanceTimersByTime(300)
    workers[0]!.say({ type: 'error', id: 1, message: 'playOut: move refused' })
    expect(last()).toMatchObject({ status: 'error', error: 'playOut: move refused' })
    expect(workers[1]!.sent.at(-1)).toEqual({ type: 'cancel', id: 1 })

    live.edit(edited)
    vi.advanceTimersByTime(300 + 250)
    workers.at(-1)!.crash('script failed')
    expect(last()).toMatchObject({ status: 'error', run: 2, error: 'script failed' })
  })

  it('without Web Workers the estimate fails with a message instead of throwing', () => {
    const { live, last } = harness({
      spawn: () => {
        throw new ReferenceError('Worker is not defined')
      }
    })
    live.edit(base)
    expect(() => vi.advanceTimersByTime(300)).not.toThrow()
    expect(last()).toMatchObject({ status: 'error', error: 'Worker is not defined' })
  })

  it('dispose ends the workers and the pending restart', () => {
    const { live, workers } = harness()
    live.edit(base)
    vi.advanceTimersByTime(300)
    live.edit(edited)
    live.dispose()
    vi.advanceTimersByTime(1000)
    expect(workers).toHaveLength(2)
    expect(workers.every((w) => w.terminated)).toBe(true)
  })
})

describe('live estimate: aggregation', () => {
  it('folds the unbroken run of games from 0, whatever order they come in', () => {
    const { live, workers, snapshots, last } = harness()
    live.edit(base)
    vi.advanceTimersByTime(300)
    const [a, b] = workers as [FakeWorker, FakeWorker]
    b.say({ type: 'game', id: 1, index: 1, summary: GAMES[1]! })
    // Game 1 alone is not a prefix: nothing to show yet.
    expect(last()).toMatchObject({ done: 0, report: null })
    a.say({ type: 'game', id: 1, index: 0, summary: GAMES[0]! })
    expect(last().done).toBe(2)
    b.say({ type: 'game', id: 1, index: 3, summary: GAMES[3]! })
    b.say({ type: 'game', id: 1, index: 5, summary: GAMES[5]! })
    expect(last().done).toBe(2)
    a.say({ type: 'game', id: 1, index: 2, summary: GAMES[2]! })
    expect(last().done).toBe(4)
    a.say({ type: 'game', id: 1, index: 4, summary: GAMES[4]! })
    // Duplicates and indices out of range are not counted twice.
    a.say({ type: 'game', id: 1, index: 4, summary: GAMES[0]! })
    a.say({ type: 'game', id: 1, index: 9, summary: GAMES[0]! })
    expect(last()).toMatchObject({ status: 'done', done: 6 })
    expect(last().report).toEqual(aggregate(GAMES, ['heroes', 'monsters']))
    expect(snapshots.map((s) => s.done).filter((d, i, all) => d !== all[i - 1])).toEqual([0, 2, 4, 6])
  })

  it('the readout: the heroes’ win odds with their interval, the rounds, each hero’s death risk', () => {
    const { live, workers, last } = harness({ workers: 1, games: 4 })
    live.edit(base)
    vi.advanceTimersByTime(300)
    expect(readoutOf(last())).toBeNull()
    GAMES.slice(0, 4).forEach((summary, index) => workers[0]!.say({ type: 'game', id: 1, index, summary }))
    const readout = readoutOf(last())!
    expect(readout.win).toMatchObject({ side: 'heroes', count: 3, rate: 0.75 })
    expect(readout.win!.ci[0]).toBeLessThan(0.75)
    expect(readout.win!.ci[1]).toBeGreaterThan(0.75)
    expect(readout.rounds).toBe(3.5)
    expect(readout.risks.map((r) => [r.id, r.dead?.count])).toEqual([
      ['steve', 1],
      ['alex', 1]
    ])
  })
})

describe('live estimate: real games', () => {
  it('the same report as the games played in order, on one worker or two', async () => {
    vi.useRealTimers()
    const ruleset = getRuleset(base.system)
    const summaries = [1, 2].map((seed) => playOut(base, ruleset, seed, { maxSteps: 3000 }))
    const expected = aggregate(
      summaries,
      base.sides.map((s) => s.id)
    )
    // Workers that play their share with the real rules, one game per macrotask.
    const spawn: SpawnWorker = (onmessage) => ({
      postMessage: (m) => {
        if (m.type !== 'play') return
        onmessage({ type: 'started', id: m.id })
        const next = (i: number) =>
          setTimeout(() => {
            if (i >= m.total) return onmessage({ type: 'played', id: m.id })
            const summary = playOut(m.initial, getRuleset(m.initial.system), m.seed + i, m)
            onmessage({ type: 'game', id: m.id, index: i, summary })
            next(i + m.stride)
          }, 0)
        next(m.first)
      },
      terminate: () => {}
    })
    for (const workers of [1, 2]) {
      const done = new Promise<LiveSnapshot>((resolve) => {
        const live = new LiveEstimator({
          spawn,
          workers,
          games: 2,
          delay: 0,
          onchange: (s) => s.status === 'done' && resolve(s)
        })
        live.edit(base)
      })
      expect((await done).report).toEqual(expected)
    }
  })
})

describe('live estimate: helpers and settings', () => {
  it('the heroes are the figures people play, their side the first with one', () => {
    expect(heroSideOf(base)).toBe('heroes')
    expect(heroesOf(base).map((h) => h.id)).toEqual(['steve', 'alex'])
    const allAi = { ...base, combatants: base.combatants.map((c) => ({ ...c, controller: 'ai' as const })) }
    expect(heroSideOf(allAi)).toBe(base.sides[0]!.id)
    expect(heroesOf(allAi).map((h) => h.id)).toEqual(['steve', 'alex'])
    expect(estimable(base)).toBe(true)
    expect(estimable({ ...base, combatants: [] })).toBe(false)
  })

  it('the games target from the URL, the workers from the cores', () => {
    expect(liveGamesFrom('')).toBe(LIVE_GAMES)
    expect(liveGamesFrom('?fast=1&liveGames=6')).toBe(6)
    for (const bad of ['?liveGames=0', '?liveGames=2.5', '?liveGames=x', '?liveGames=100000'])
      expect(liveGamesFrom(bad)).toBe(LIVE_GAMES)
    expect([undefined, 1, 2, 3, 8].map(liveWorkerCount)).toEqual([1, 1, 1, 2, 2])
  })

  it('the switch is on by default and remembered', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v)
    }
    expect(readLivePref(storage)).toBe(true)
    writeLivePref(storage, false)
    expect(store.get(LIVE_PREF_KEY)).toBe('off')
    expect(readLivePref(storage)).toBe(false)
    writeLivePref(storage, true)
    expect(readLivePref(storage)).toBe(true)
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      }
    }
    expect(readLivePref(broken)).toBe(true)
    expect(() => writeLivePref(broken, false)).not.toThrow()
    expect(readLivePref(undefined)).toBe(true)
  })
})
