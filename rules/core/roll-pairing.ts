import type { GameEvent } from './events'
import type { RollRecord } from './rng'

type DiceEvent = Extract<GameEvent, { type: 'dice.rolled' }>

/**
 * How many dice an event's result read: one, unless the event says more in a numeric `dice` field (a
 * kept-die check throws three d10 and keeps one, an explosion throws three more). Read structurally, so a
 * ruleset whose events carry the count is paired by it and the others pair one die per event as before.
 */
export function diceOf(event: DiceEvent): number {
  const count = 'dice' in event ? event.dice : undefined
  return typeof count === 'number' && Number.isInteger(count) && count > 1 ? count : 1
}

/**
 * Whether `roll` can be one of the dice `event` read: the same sides and, for a roll tagged as it was drawn
 * (`RollTag`), the event's purpose and figure. An untagged roll goes by its sides alone (the old rule).
 */
export function rollFits(roll: RollRecord, event: DiceEvent): boolean {
  if (roll.sides !== event.sides) return false
  if (roll.purpose === undefined) return true
  return roll.purpose === event.purpose && (roll.actorId === undefined || roll.actorId === event.actorId)
}

/**
 * Pairs the rolls of a rules step with the `dice.rolled` events it emitted: the rules log an event per
 * roll, in the order they roll (attack, confirmation, damage dice...), but some rolls have no such event
 * (a roll-off nobody logs), so each event takes the next roll that fits it (`rollFits`: its tag, or for an
 * untagged roll its sides) and skips the ones between, as many as it says it read (`diceOf`). A tagged roll
 * left over after that (the second and third d10 of a kept-die check whose event does not count them, an
 * explosion) belongs to the throw before it with the same tag. Returns, by event index, the indices of its
 * rolls in order.
 */
export function pairRollGroups(
  events: readonly GameEvent[],
  rolls: readonly RollRecord[]
): Map<number, number[]> {
  const pairs = new Map<number, number[]>()
  /** By roll index, the event that took it. */
  const owner: Array<number | undefined> = []
  let next = 0
  events.forEach((event, index) => {
    if (event.type !== 'dice.rolled') return
    const group: number[] = []
    for (let at = next; at < rolls.length && group.length < diceOf(event); at++)
      if (owner[at] === undefined && rollFits(rolls[at]!, event)) group.push(at)
    if (group.length === 0) return
    for (const at of group) owner[at] = index
    pairs.set(index, group)
    next = group.at(-1)! + 1
  })
  rolls.forEach((roll, at) => {
    if (owner[at] !== undefined || roll.purpose === undefined) return
    for (let before = at - 1; before >= 0; before--) {
      const index = owner[before]
      const event = index === undefined ? undefined : events[index]
      if (index === undefined || event?.type !== 'dice.rolled' || !rollFits(roll, event)) continue
      owner[at] = index
      pairs.get(index)!.push(at)
      return
    }
  })
  return pairs
}

/** By event index, the index of its first roll (see `pairRollGroups`). */
export function pairRolls(events: readonly GameEvent[], rolls: readonly RollRecord[]): Map<number, number> {
  return new Map([...pairRollGroups(events, rolls)].map(([event, group]) => [event, group[0]!]))
}

/**
 * The events with each `dice.rolled` whose die a person entered marked `entered: <face>` (the log says so);
 * an event that read several dice shows its first face entered by hand.
 */
export function markEntered(events: readonly GameEvent[], rolls: readonly RollRecord[]): GameEvent[] {
  if (!rolls.some((r) => r.manual)) return [...events]
  const pairs = pairRollGroups(events, rolls)
  return events.map((event, index) => {
    const roll = (pairs.get(index) ?? []).map((at) => rolls[at]).find((r) => r?.manual)
    return roll && event.type === 'dice.rolled' ? ({ ...event, entered: roll.face } as DiceEvent) : event
  })
}
