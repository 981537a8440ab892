import type { Cell } from '../../battlemap/view'
import { chebyshev } from '../../../rules/core/geometry'
import type { Ruleset } from '../../../rules/core/ruleset'
import type { Action, EncounterState, Vec3, Violation } from '../../../rules/core/types'
import { attackKinds, NOT_APPLICABLE } from './options'

/** A straight 8-direction walk from `from` to `to` (start excluded), at the walker's height. */
export function straightPath(from: Vec3, to: Cell): Vec3[] {
  const path: Vec3[] = []
  let { x, y } = from
  while (x !== to.x || y !== to.y) {
    x += Math.sign(to.x - x)
    y += Math.sign(to.y - y)
    path.push({ x, y, z: from.z })
  }
  return path
}

const onCell = (v: Violation, cell: Cell): boolean => v.params?.x === cell.x && v.params?.y === cell.y

/** The actor moved to `at` (a probe state: only used to ask the rules about one step). */
function standingAt(state: EncounterState, actorId: string, at: Vec3): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === actorId ? { ...c, pos: at } : c)) }
}

/**
 * Why the active figure cannot use a square it is not offered, in the rules' own words: for an enemy there,
 * why it cannot be attacked; for the square itself, the rules' verdict on stepping into it; then their
 * verdict on walking there straight (the AP); else "out of reach" (a way round costs more than is left).
 * The attacks tried are the ruleset's own kinds (`attackKinds`), learnt from the actions `seen` (its legal
 * actions, those declared so far); when none is known yet, the enemy is one it can do nothing to now.
 */
export function refusal(
  state: EncounterState,
  ruleset: Ruleset,
  actorId: string,
  cell: Cell,
  seen: readonly Action[] = []
): Violation | null {
  const actor = state.combatants.find((c) => c.id === actorId)
  if (!actor || (actor.pos.x === cell.x && actor.pos.y === cell.y)) return null
  const other = state.combatants.find((c) => !c.out && c.pos.x === cell.x && c.pos.y === cell.y)
  if (other && other.side !== actor.side) {
    const reasons = attackKinds(ruleset, state, actorId, other.id, seen)
      .map((kind) => ruleset.validate(state, { kind, actorId, targetId: other.id }))
      .filter((v): v is Violation => v !== null)
    return (
      reasons.find((v) => !NOT_APPLICABLE.has(v.code)) ??
      reasons[0] ?? { code: 'noActionOn', params: { targetId: other.id } }
    )
  }
  const path = straightPath(actor.pos, cell)
  const last = path[path.length - 1]
  const before = path[path.length - 2] ?? actor.pos
  if (!last) return null
  const step = ruleset.validate(standingAt(state, actorId, before), { kind: 'move', actorId, path: [last] })
  if (step && onCell(step, cell)) return step
  const walk = ruleset.validate(state, { kind: 'move', actorId, path })
  if (walk && !('x' in (walk.params ?? {}))) return walk
  return { code: 'unreachable', params: { distance: chebyshev(actor.pos, cell) } }
}
