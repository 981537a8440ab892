import {
  baseContact,
  checkPath,
  measurePath,
  radiusUnits,
  type ContactOptions,
  type CostOptions
} from '../../core/inches'
import { segmentPointDist2 } from '../../core/inches/primitives'
import type { Combatant, EncounterState, Vec3 } from '../../core/types'

// How far a declared move really goes (carnevale.md §4): a charge "loses the rest of that move action's
// movement" once it comes into base contact with an enemy [TEXT L21], and a move stops where its movement
// runs out (a path declared for a Critical Disengage's extra inch that did not come). The declared path is
// walked a board unit at a time; the figure stops on the first whole-unit point where the rule bites and
// the path up to it is still legal.

/** The part of a declared path a figure actually moves. */
export interface Walk {
  /** Waypoints moved through after the start (empty when it does not move). */
  path: Vec3[]
  /** Where it ends. */
  end: Vec3
  /** Why it stopped before the declared end: a new base contact, the movement running out, or not at all. */
  stopped: 'contact' | 'budget' | null
}

/** What the walk watches for. */
export interface WalkRules {
  /** Inches the figure may move (Infinity: the whole declared path). */
  budget: number
  /** Enemies whose base contact stops the move (those not in contact at the start). */
  watch: readonly Combatant[]
  contact: ContactOptions
  cost: CostOptions
}

const EPS = 1e-9

/** Whole-unit points around (x, y) at height z, nearest first. */
function roundings(x: number, y: number, z: number): Vec3[] {
  const out: Vec3[] = []
  for (const cx of [Math.floor(x), Math.ceil(x)])
    for (const cy of [Math.floor(y), Math.ceil(y)])
      if (!out.some((p) => p.x === cx && p.y === cy)) out.push({ x: cx, y: cy, z })
  return out.sort((a, b) => Math.hypot(a.x - x, a.y - y) - Math.hypot(b.x - x, b.y - y))
}

/** Walks the declared waypoints (start excluded) from where the mover stands. */
export function walkPath(
  state: EncounterState,
  mover: Combatant,
  waypoints: readonly Vec3[],
  rules: WalkRules
): Walk {
  const start = mover.pos
  const done: Vec3[] = []
  let spent = 0
  const touches = (p: Vec3, among: readonly Combatant[] = rules.watch) =>
    among.some((e) => baseContact(state.board, { pos: p, baseMm: mover.baseMm }, e, rules.contact).via)
  const legal = (p: Vec3) => checkPath(state, mover.id, [start, ...done, p], rules.cost) === null
  const costTo = (p: Vec3) => measurePath(state.board, [start, ...done, p], rules.cost).inches
  for (const b of waypoints) {
    const a = done[done.length - 1] ?? start
    if (a.x === b.x && a.y === b.y && a.z === b.z) continue
    const total = measurePath(state.board, [a, b], rules.cost).inches
    if (a.z !== b.z) {
      // A climb or a ramp is taken whole or not at all: no whole height to stop at on the way.
      if (spent + total > rules.budget + EPS) return result(start, done, 'budget')
      done.push(b)
      spent += total
      if (touches(b)) return result(start, done, 'contact')
      continue
    }
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y)))
    const overflows = spent + total > rules.budget + EPS
    const near = nearLeg(state, mover, a, b, rules)
    for (let k = 1; k <= steps; k++) {
      const f = k / steps
      const p = { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, z: a.z }
      if (overflows && (k === steps || costTo(p) > rules.budget + EPS))
        return cutShort(start, done, a, b, k, steps, rules, legal, costTo)
      if (near.length === 0 || !touches(p, near)) continue
      const stop = k === steps ? [b] : roundings(p.x, p.y, p.z)
      const at = stop.find((q) => touches(q, near) && legal(q))
      if (at) {
        done.push(at)
        return result(start, done, 'contact')
      }
    }
    done.push(b)
    spent += total
  }
  return result(start, done, null)
}

// The budget ran out between sample k−1 and k of leg a→b: stop at the last whole-unit point within it.
function cutShort(
  start: Vec3,
  done: Vec3[],
  a: Vec3,
  b: Vec3,
  k: number,
  steps: number,
  rules: WalkRules,
  legal: (p: Vec3) => boolean,
  costTo: (p: Vec3) => number
): Walk {
  for (let j = k - 1; j >= 1; j--) {
    const f = j / steps
    const at = roundings(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z).find(
      (q) => costTo(q) <= rules.budget + EPS && legal(q)
    )
    if (at) {
      done.push(at)
      break
    }
  }
  return result(start, done, 'budget')
}

// The watched enemies close enough to leg a→b to touch the mover anywhere along it (contact reaches at
// most the shared-obstacle distance, 1" by default, beyond touching; a vertical gap only shortens it).
function nearLeg(state: EncounterState, mover: Combatant, a: Vec3, b: Vec3, rules: WalkRules): Combatant[] {
  const u = state.board.inches?.unitsPerInch ?? 1
  const reach = (rules.contact.sharedObstacle ?? 1) + (rules.contact.touchTolerance ?? 0.05) + 0.1
  const mine = radiusUnits(u, mover.baseMm)
  return rules.watch.filter((e) => {
    const d = Math.sqrt(segmentPointDist2(a.x, a.y, b.x, b.y, e.pos.x, e.pos.y))
    return d - mine - radiusUnits(u, e.baseMm) <= reach * u
  })
}

function result(start: Vec3, done: Vec3[], stopped: Walk['stopped']): Walk {
  return { path: done, end: done[done.length - 1] ?? start, stopped }
}
