import { pushAlong } from '../../core/inches'
import type { PointChoice } from '../../core/ruleset'
import type { Action, Combatant, EncounterState } from '../../core/types'
import { grapplePush } from './grapple'
import { readSettings } from './settings'

// D-5 (carnevale.md §8): the grappler chooses where the grappled figure goes, up front (decisions come
// before dice). Its default is the most harmful push within reach: off a roof or deck (a fall), else into
// the water, else the longest push, away from the grappler on ties. Sixteen directions are tried.

const DIRECTIONS = 16

/** The point (board units) a grapple pushes toward: far enough that the rolled distance is what stops it. */
export interface PushPoint {
  x: number
  y: number
}

/** The longest push a grapple can roll (§5.3: base + one inch per net Ace, at most a full pool of Aces). */
export function longestPush(state: EncounterState): number {
  const s = readSettings(state)
  return grapplePush(s.maxDice, s)
}

/** D-5 default: where `pusher` pushes `pushed` when nobody says otherwise. */
export function defaultPushPoint(state: EncounterState, pusher: Combatant, pushed: Combatant): PushPoint {
  const s = readSettings(state)
  const u = state.board.inches?.unitsPerInch ?? 1
  // Judged at the push of one net Ace: the usual roll, and short pushes must still find the edge.
  const typical = grapplePush(1, s)
  const far = longestPush(state) * u
  let best = { score: -Infinity, x: 0, y: 0 }
  for (let k = 0; k < DIRECTIONS; k++) {
    const angle = (k * 2 * Math.PI) / DIRECTIONS
    const dir = { x: Math.cos(angle), y: Math.sin(angle) }
    const r = pushAlong(state, pushed.id, dir, typical, { ignoreId: pusher.id })
    const away = dir.x * (pushed.pos.x - pusher.pos.x) + dir.y * (pushed.pos.y - pusher.pos.y)
    const score =
      (r.fell > 0 ? 1000 + r.fell : 0) +
      (r.intoWater ? 500 : 0) +
      r.moved +
      (away > 0 ? 0.001 : 0) +
      // A stable tie-break: the first direction wins.
      -k * 1e-6
    if (score > best.score) best = { score, x: dir.x, y: dir.y }
  }
  return { x: Math.round(pushed.pos.x + best.x * far), y: Math.round(pushed.pos.y + best.y * far) }
}

/** The push an action names (`options.pushX`, `pushY`, `pushInches`), if any. */
export function pushOption(action: Action): (PushPoint & { inches?: number }) | undefined {
  const { pushX, pushY, pushInches } = action.options ?? {}
  if (typeof pushX !== 'number' || typeof pushY !== 'number') return undefined
  return typeof pushInches === 'number' ? { x: pushX, y: pushY, inches: pushInches } : { x: pushX, y: pushY }
}

/** D-5 as the engine's point choice: a Grapple on an inches board asks where the push goes. */
export function pushPointChoice(state: EncounterState, action: Action): PointChoice | null {
  if (action.kind !== 'grapple' || !state.board.inches) return null
  const pusher = state.combatants.find((c) => c.id === action.actorId)
  const pushed = state.combatants.find((c) => c.id === action.targetId)
  if (!pusher || !pushed) return null
  return {
    xKey: 'pushX',
    yKey: 'pushY',
    fromId: pushed.id,
    maxInches: longestPush(state),
    default: defaultPushPoint(state, pusher, pushed),
    ignoreId: pusher.id
  }
}
