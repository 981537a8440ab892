import '../zod-config'
import { aggregate } from '../../../ai/sim-report'
import { playOut, type GameSummary } from '../../../ai/simulation'
import { getRuleset } from '../../../rules/systems'
import type { SimRequest, SimResponse } from './sim-protocol'

// Encounter simulation off the UI thread: plays the games one by one, posts progress after each, and
// gives the event loop a turn between games so a cancel message gets through. A live estimate's share
// (`play`) posts each game's summary instead, and the page folds them into its report.

interface WorkerScope {
  onmessage: ((event: MessageEvent<SimRequest>) => void) | null
  postMessage(message: SimResponse): void
}

const scope = self as unknown as WorkerScope
const cancelled = new Set<number>()

/** A macrotask break: messages queued meanwhile (a cancel) are handled before the next game. */
const breather = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function run(request: Extract<SimRequest, { type: 'start' }>): Promise<void> {
  const { id, initial, runs, seed, level, maxSteps } = request
  const ruleset = getRuleset(initial.system)
  const games: GameSummary[] = []
  const t0 = performance.now()
  for (let i = 0; i < runs && !cancelled.has(id); i++) {
    games.push(playOut(initial, ruleset, seed + i, { maxSteps, level }))
    scope.postMessage({ type: 'progress', id, done: games.length, total: runs })
    await breather()
  }
  const report = aggregate(
    games,
    initial.sides.map((s) => s.id)
  )
  const seconds = (performance.now() - t0) / 1000
  scope.postMessage({ type: 'done', id, report, cancelled: cancelled.delete(id), seconds })
}

async function play(request: Extract<SimRequest, { type: 'play' }>): Promise<void> {
  const { id, initial, first, stride, total, seed, level, maxSteps } = request
  // Posted as this message is handled: whatever game this worker was playing before is over.
  scope.postMessage({ type: 'started', id })
  const ruleset = getRuleset(initial.system)
  const opts = level === undefined ? { maxSteps } : { maxSteps, level }
  try {
    for (let i = first; i < total; i += Math.max(1, stride)) {
      // Messages queued behind this share (its own cancel, after an edit) are read before each game.
      await breather()
      if (cancelled.has(id)) break
      scope.postMessage({ type: 'game', id, index: i, summary: playOut(initial, ruleset, seed + i, opts) })
    }
  } finally {
    cancelled.delete(id)
    scope.postMessage({ type: 'played', id })
  }
}

scope.onmessage = ({ data }) => {
  if (data.type === 'cancel') {
    cancelled.add(data.id)
    return
  }
  const task = data.type === 'play' ? play(data) : run(data)
  task.catch((error: unknown) => {
    cancelled.delete(data.id)
    scope.postMessage({
      type: 'error',
      id: data.id,
      message: error instanceof Error ? error.message : String(error)
    })
  })
}
