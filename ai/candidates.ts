import type { Ruleset } from '../rules/core/ruleset'
import type { Action, EncounterState, Vec3 } from '../rules/core/types'
import { posKey, type Perception } from './perception'
import { exitDistance, exitsOf } from './objective-terms'
import { moveInfoOf } from './rules-memo'

// ai.md §7.1 candidate generation: every reachable destination, pruned by cheap geometry to the few worth
// running the real rules on (the rules' own step — `applyCommand` — and their move info cost far more
// than a distance lookup). Kept: the squares within the actor's reach of each enemy (the attack squares:
// for a facing system all of them, so the one behind the target survives), the closest approaches to
// each enemy, flank squares, the safest squares (retreat, kiting), the squares by the ward, and, while
// fleeing, the best retreats.

/** How many destinations per kind of interest are kept (besides every attack square). */
export const PRUNE = { approachPerEnemy: 3, safest: 4, ward: 2, attackPerEnemy: 10 }

interface Dest {
  end: Vec3
  key: string
  variants: Action[]
  length: number
}

/** A movement action: a path, no target (moves, PF's 5-ft step, withdraw, run; Carnevale's jump). */
const isMove = (a: Action): boolean => !!a.path && a.path.length > 0 && a.targetId === undefined

function destinations(actions: readonly Action[]): Dest[] {
  const byEnd = new Map<string, Dest>()
  for (const action of actions) {
    if (!isMove(action)) continue
    const end = action.path![action.path!.length - 1]!
    const key = posKey(end)
    const known = byEnd.get(key)
    if (known) {
      known.variants.push(action)
      known.length = Math.min(known.length, action.path!.length)
    } else byEnd.set(key, { end, key, variants: [action], length: action.path!.length })
  }
  return [...byEnd.values()]
}

/** Smallest first by `f`, ties by shorter path then position key: deterministic. */
function bestBy(list: Dest[], f: (d: Dest) => number, n: number): Dest[] {
  return list
    .map((d) => ({ d, v: f(d) }))
    .filter((x) => Number.isFinite(x.v))
    .sort(
      (a, b) => a.v - b.v || a.d.length - b.d.length || (a.d.key < b.d.key ? -1 : a.d.key > b.d.key ? 1 : 0)
    )
    .slice(0, n)
    .map((x) => x.d)
}

/**
 * The destinations worth weighing, as the actions that reach them: per destination the variant that
 * provokes the fewest reactions (the ruleset's move info, asked only for the kept ones), else the first
 * the rules list. `all` keeps every destination (the property test compares).
 */
export function pruneMoves(
  p: Perception,
  ruleset: Ruleset,
  state: EncounterState,
  actions: readonly Action[],
  all = false
): Action[] {
  const dests = destinations(actions)
  const kept = new Map<string, Dest>()
  const keep = (list: Dest[]) => list.forEach((d) => kept.set(d.key, d))
  if (all) keep(dests)
  else {
    for (const e of p.enemies) {
      const dist = p.distances.get(e.id)!
      keep(
        bestBy(
          dests.filter((d) => dist(d.end) <= p.reach),
          (d) => dist(d.end),
          PRUNE.attackPerEnemy
        )
      )
      keep(bestBy(dests, (d) => dist(d.end), PRUNE.approachPerEnemy))
    }
    keep(dests.filter((d) => p.flankSquares.has(d.key)))
    const far = (d: Dest) => p.nearest(d.end)?.steps ?? 0
    keep(bestBy(dests, (d) => p.threatAt(d.end) * 1000 - far(d), PRUNE.safest))
    if (p.fleeing) keep(bestBy(dests, (d) => p.reachers(d.end) * 1000 - far(d), PRUNE.safest))
    // An escaping side's figures weigh the squares nearest its exits (objective-terms.ts).
    const exits = exitsOf(state, p.actor)
    if (exits.length) keep(bestBy(dests, (d) => exitDistance(d.end, exits), PRUNE.ward))
    const ward = p.ward
    if (ward)
      keep(
        bestBy(
          dests,
          (d) => Math.max(Math.abs(d.end.x - ward.pos.x), Math.abs(d.end.y - ward.pos.y)),
          PRUNE.ward
        )
      )
  }
  // The order the rules listed them in, so the scorer's tie-break stays the rules' order.
  const order = new Map(dests.map((d, i) => [d.key, i]))
  return [...kept.values()]
    .sort((a, b) => order.get(a.key)! - order.get(b.key)!)
    .map((d) => cheapestVariant(ruleset, state, d.variants))
}

function cheapestVariant(ruleset: Ruleset, state: EncounterState, variants: Action[]): Action {
  if (variants.length === 1 || !ruleset.moveInfo) return variants[0]!
  let best = variants[0]!
  let fewest = Infinity
  for (const v of variants) {
    const n = moveInfoOf(state, ruleset, v)!.provokes.length
    if (n < fewest) [best, fewest] = [v, n]
  }
  return best
}

/**
 * The move to the square with the least threat (ties: farther from the enemy, shorter), provoking no
 * reaction where the rules say: where a figure would fade to after striking. Null when it cannot move or
 * no square is safer than where it stands.
 */
export function safestMove(
  p: Perception,
  ruleset: Ruleset,
  state: EncounterState,
  actions: readonly Action[]
) {
  const here = p.threatAt(p.actor.pos)
  if (here <= 0) return null
  const far = (d: Dest) => p.nearest(d.end)?.steps ?? 0
  for (const d of bestBy(destinations(actions), (d) => p.threatAt(d.end) * 1000 - far(d), 3)) {
    if (p.threatAt(d.end) >= here) return null
    const action = cheapestVariant(ruleset, state, d.variants)
    if ((moveInfoOf(state, ruleset, action)?.provokes.length ?? 0) === 0) return { action, end: d.end }
  }
  return null
}
