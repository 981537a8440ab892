import type { GameEvent } from './events'
import type { RollRecord } from './rng'

type DiceEvent = Extract<GameEvent, { type: 'dice.rolled' }>

/**
 * Pairs the rolls of a rules step with the `dice.rolled` events it emitted: the rules log one event per
 * die, in the order they roll (attack, confirmation, damage dice...), but some rolls have no such event
 * (PF initiative logs `initiative.rolled`), so each event takes the next roll of the same sides and skips
 * the ones between. Returns, by event index, the index of its roll.
 */
export function pairRolls(events: readonly GameEvent[], rolls: readonly RollRecord[]): Map<number, number> {
  const pairs = new Map<number, number>()
  let next = 0
  events.forEach((event, index) => {
    if (event.type !== 'dice.rolled') return
    let at = next
    while (at < rolls.length && rolls[at]!.sides !== event.sides) at++
    if (at >= rolls.length) return
    pairs.set(index, at)
    next = at + 1
  })
  return pairs
}

/** The events with each `dice.rolled` whose die a person entered marked `entered: <face>` (the log says so). */
export function markEntered(events: readonly GameEvent[], rolls: readonly RollRecord[]): GameEvent[] {
  if (!rolls.some((r) => r.manual)) return [...events]
  const pairs = pairRolls(events, rolls)
  return events.map((event, index) => {
    const roll = rolls[pairs.get(index) ?? -1]
    return roll?.manual && event.type === 'dice.rolled'
      ? ({ ...event, entered: roll.face } as DiceEvent)
      : event
  })
}
