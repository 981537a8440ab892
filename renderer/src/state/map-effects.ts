import type { MapEffect } from '../../battlemap/view'
import type { GameEvent } from '../../../rules/core/events'
import type { EncounterState } from '../../../rules/core/types'

// What the map animates after a command: the events say what happened, in order, and each one the map
// can show becomes an effect. The AI's steps begin with a `focus` on its figure so the person sees where
// it acts before anything moves.

/** The figure a command's events are about: the first mover or attacker, else the active figure. */
export function actorOf(events: readonly GameEvent[], state?: EncounterState): string | null {
  for (const e of events) {
    if (e.type === 'moved') return e.id
    if (e.type === 'attack.declared' || e.type === 'attack.hit' || e.type === 'attack.missed')
      return e.attackerId
  }
  return state?.turn?.activeId ?? null
}

/**
 * The effects a command's events make, in their order; `focusOn` adds a focus on that figure first.
 * `before` (the state the command was applied to) gives each move its start square, so the slide begins
 * where the figure stood even when the map already shows it at the end (a one-square step too).
 */
export function effectsOf(
  events: readonly GameEvent[],
  focusOn?: string | null,
  before?: EncounterState
): MapEffect[] {
  const out: MapEffect[] = focusOn ? [{ kind: 'focus', id: focusOn }] : []
  const at = new Map(before?.combatants.map((c) => [c.id, { x: c.pos.x, y: c.pos.y }]))
  for (const e of events) {
    switch (e.type) {
      case 'moved': {
        const path = e.path.map(({ x, y }) => ({ x, y }))
        const from = at.get(e.id)
        if (path.length)
          out.push(from ? { kind: 'move', id: e.id, path, from } : { kind: 'move', id: e.id, path })
        if (path.length) at.set(e.id, path[path.length - 1]!)
        break
      }
      case 'attack.hit':
        out.push({ kind: 'hit', id: e.targetId })
        break
      case 'attack.missed':
        out.push({ kind: 'miss', id: e.targetId })
        break
      case 'damaged':
        if (e.amount > 0) out.push({ kind: 'damage', id: e.id, amount: e.amount })
        break
      case 'healed':
        if (e.amount > 0) out.push({ kind: 'heal', id: e.id, amount: e.amount })
        break
      case 'pushed':
        at.set(e.id, { x: e.to.x, y: e.to.y })
        out.push({
          kind: 'push',
          id: e.id,
          from: { x: e.from.x, y: e.from.y },
          to: { x: e.to.x, y: e.to.y }
        })
        break
    }
  }
  // A lone focus (the AI only ended its turn) shows nothing worth waiting for.
  return out.length === 1 && out[0]!.kind === 'focus' ? [] : out
}

/**
 * The effects of the AI's step: a focus on its figure first (when the step's actor is an AI figure),
 * then what its events show.
 */
export function stepEffects(
  state: EncounterState,
  events: readonly GameEvent[],
  before?: EncounterState
): MapEffect[] {
  const actorId = actorOf(events, state)
  const actor = state.combatants.find((c) => c.id === actorId)
  return effectsOf(events, actor?.controller === 'ai' ? actor.id : null, before)
}
