import type { BoardPoint, PathView, ReachView } from '../../battlemap/inches/view'
import { baseRadius, pushToward } from '../../../rules/core/inches'
import type { Action, Combatant, EncounterState } from '../../../rules/core/types'
import { defaultPushPoint, longestPush } from '../../../rules/systems/carnevale/push-choice'

// D-5 (carnevale.md §5.3, §8): the grappler chooses where the grappled figure goes before any die is rolled,
// so a person aims the push on the map before declaring the Grapple. The default point and the longest push
// come from the rules themselves: what the panel proposes is what the rules would do unasked.

/** How many points mark the circle of the longest push around the grappled figure. */
const ARC_SAMPLES = 48

/** A Grapple being aimed: the action to declare and where the push goes. */
export interface PushAim {
  /** The Grapple as the rules list it, without a push point yet. */
  action: Action
  targetId: string
  /** The longest push a Grapple can roll (2″ + 1″ per net Ace), in inches. */
  max: number
  /** The push point (board units): the rules' default until the person clicks the map. */
  point: BoardPoint
  /** The person chose the point (false: the rules' default). */
  chosen: boolean
}

/** Whether declaring `action` first asks where to push: a Grapple on a board measured in inches. */
export function aimsPush(state: EncounterState, action: Action): boolean {
  return action.kind === 'grapple' && !!state.board.inches && state.system === 'carnevale'
}

const figure = (state: EncounterState, id: string | undefined): Combatant | undefined =>
  state.combatants.find((c) => c.id === id)

/** Starts aiming a Grapple at the rules' default push point, or null when the figures are not on the board. */
export function startAim(state: EncounterState, action: Action): PushAim | null {
  const actor = figure(state, action.actorId)
  const target = figure(state, action.targetId)
  if (!actor || !target) return null
  const point = defaultPushPoint(state, actor, target)
  return { action, targetId: target.id, max: longestPush(state), point, chosen: false }
}

/** Aims at a clicked point; a point farther than the longest push is brought back onto its circle. */
export function aimAt(state: EncounterState, aim: PushAim, p: BoardPoint): PushAim {
  const target = figure(state, aim.targetId)
  if (!target) return aim
  const u = state.board.inches?.unitsPerInch ?? 1
  const dx = p.x - target.pos.x
  const dy = p.y - target.pos.y
  const d = Math.hypot(dx, dy)
  const far = aim.max * u
  const k = d > far ? far / d : 1
  return {
    ...aim,
    point: { x: Math.round(target.pos.x + dx * k), y: Math.round(target.pos.y + dy * k) },
    chosen: true
  }
}

/** The Grapple to declare: the listed action with the push point (`options.pushX`, `pushY`). */
export function aimedAction(aim: PushAim): Action {
  return { ...aim.action, options: { ...aim.action.options, pushX: aim.point.x, pushY: aim.point.y } }
}

/**
 * What the map shows while aiming: the circle the longest push can reach around the grappled figure (as
 * reach dots), and the push itself as a path from the figure to where the longest roll would leave it —
 * a building or a base in the way stops it short, as the rules' `pushToward` does.
 */
export function aimView(state: EncounterState, aim: PushAim): { path: PathView; reach: ReachView[] } | null {
  const target = figure(state, aim.targetId)
  if (!target) return null
  const u = state.board.inches?.unitsPerInch ?? 1
  const r = pushToward(state, target.id, aim.point, aim.max, { ignoreId: aim.action.actorId })
  const reach = Array.from({ length: ARC_SAMPLES }, (_, i) => {
    const a = (i * 2 * Math.PI) / ARC_SAMPLES
    return {
      x: target.pos.x + Math.cos(a) * aim.max * u,
      y: target.pos.y + Math.sin(a) * aim.max * u,
      z: 0,
      band: 1
    }
  })
  const path: PathView = {
    points: [target.pos, r.to],
    length: r.moved,
    cost: null,
    legal: true,
    reason: null,
    charge: false,
    provokes: 0,
    radius: baseRadius(state.board, target)
  }
  return { path, reach }
}
