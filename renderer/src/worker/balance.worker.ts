import '../zod-config'
import { autoBalance, type BalanceProgress } from '../../../ai/balance'
import { aggregate } from '../../../ai/sim-report'
import { playOut, type GameSummary } from '../../../ai/simulation'
import { getRuleset } from '../../../rules/systems'
import type { BalanceRequest, BalanceResponse } from './balance-protocol'

// Auto-balance off the UI thread: the search of ai/balance.ts with its games played here one by one,
// progress posted after each, and a macrotask break between games so a cancel message gets through.

interface WorkerScope {
  onmessage: ((event: MessageEvent<BalanceRequest>) => void) | null
  postMessage(message: BalanceResponse): void
}

const scope = self as unknown as WorkerScope
const cancelled = new Set<number>()

const breather = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Thrown inside a simulation when its search was cancelled: the search drops that candidate and stops. */
class Cancelled extends Error {}

async function run(request: Extract<BalanceRequest, { type: 'start' }>): Promise<void> {
  const { id, initial, heroSide, target, templates, seed, screenGames, refineGames, maxSteps } = request
  const ruleset = getRuleset(initial.system)
  const t0 = performance.now()
  let played = 0
  let total = 1
  let phase: BalanceProgress['phase'] = 'baseline'
  const result = await autoBalance(initial, {
    heroSide,
    target,
    templates,
    seed,
    screenGames,
    refineGames,
    ruleset,
    cancelled: () => cancelled.has(id),
    onProgress: (p) => {
      played = p.done
      total = p.total
      phase = p.phase
    },
    simulate: async (state, games, from) => {
      const summaries: GameSummary[] = []
      for (let i = 0; i < games; i++) {
        await breather()
        if (cancelled.has(id)) throw new Cancelled()
        summaries.push(playOut(state, ruleset, from + i, { maxSteps }))
        scope.postMessage({
          type: 'progress',
          id,
          done: played + i + 1,
          total: Math.max(total, played + i + 1),
          phase
        })
      }
      return aggregate(
        summaries,
        state.sides.map((s) => s.id)
      )
    }
  })
  cancelled.delete(id)
  scope.postMessage({ type: 'done', id, result, seconds: (performance.now() - t0) / 1000 })
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
