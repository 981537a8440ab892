import type { EncounterState, Violation } from '../../../rules/core/types'
import { placeName } from './square-name'

/**
 * A refusal's parameters ready for words: ids become figure names (`targetId` → `target`, `actorId` →
 * `actor`, `by`), and x/y also a map square's name (`square`). Split from the encounter session.
 */
export function violationParams(
  state: EncounterState,
  violation: Violation
): NonNullable<Violation['params']> {
  const params = { ...violation.params }
  const name = (id: string | number | undefined): string | undefined =>
    state.combatants.find((c) => c.id === id)?.name
  for (const [idKey, nameKey] of [
    ['targetId', 'target'],
    ['actorId', 'actor'],
    ['by', 'by']
  ] as const) {
    const found = name(params[idKey])
    if (found) params[nameKey] = found
  }
  if (typeof params.x === 'number' && typeof params.y === 'number') {
    params.square = placeName(state.board, { x: params.x, y: params.y })
  }
  return params
}
