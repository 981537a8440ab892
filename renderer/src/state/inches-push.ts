import type { BoardPoint, PathView, ReachView } from '../../battlemap/inches/view'
import { baseRadius, pushToward } from '../../../rules/core/inches'
import type { PointChoice } from '../../../rules/core/ruleset'
import type { Action, Combatant, EncounterState } from '../../../rules/core/types'
import { getRuleset } from '../../../rules/systems'

// An action that takes a board point from its player before any die (the ruleset's `pointChoice`: Carnevale's
// grapple push, D-5) is aimed on the map before it is declared. The default point and the reach come from the
// rules themselves: what the panel proposes is what the rules would do unasked. Nothing here knows a system.

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
  /** What the rules ask for: option keys, reach, the figure the preview may pass through. */
  choice: PointChoice
}

function pointChoice(state: EncounterState, action: Action): PointChoice | null {
  return getRuleset(state.system).pointChoice?.(state, action) ?? null
}

/** Whether declaring `action` first asks its player for a board point (the rules' `pointChoice`). */
export function aimsPush(state: EncounterState, action: Action): boolean {
  return pointChoice(state, action) !== null
}

const figure = (state: EncounterState, id: string | undefined): Combatant | undefined =>
  state.combatants.find((c) => c.id === id)

/** Starts aiming a Grapple at the rules' default push point, or null when the figures are not on the board. */
export function startAim(state: EncounterState, action: Action): PushAim | null {
  const choice = pointChoice(state, action)
  if (!choice || !figure(state, choice.fromId)) return null
  return {
    action,
    targetId: choice.fromId,
    max: choice.maxInches,
    point: choice.default,
    chosen: false,
    choice
  }
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
  const { xKey, yKey } = aim.choice
  return { ...aim.action, options: { ...aim.action.options, [xKey]: aim.point.x, [yKey]: aim.point.y } }
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
  const ignore = aim.choice.ignoreId
  const r = pushToward(state, target.id, aim.point, aim.max, ignore === undefined ? {} : { ignoreId: ignore })
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
