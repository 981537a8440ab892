import '../zod-config'
import { aggregate } from '../../../ai/sim-report'
import { playOut, type GameSummary } from '../../../ai/simulation'
import { getRuleset } from '../../../rules/systems'
import type { SimRequest, SimResponse } from './sim-protocol'

// Encounter simulation off the UI thread: plays the games one by one, posts progress after each, and
// gives the event loop a turn between games so a cancel message gets through.

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

scope.onmessage = ({ data }) => {
  if (data.type === 'cancel') {
    cancelled.add(data.id)
    return
  }
  run(data).catch((error: unknown) => {
    cancelled.delete(data.id)
    scope.postMessage({
      type: 'error',
      id: data.id,
      message: error instanceof Error ? error.message : String(error)
    })
  })
}
