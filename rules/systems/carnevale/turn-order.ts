import type { GameEvent } from '../../core/events'
import { ownValue } from '../../core/own-key'
import type { DiceRoller } from '../../core/rng'
import type { TurnOrder } from '../../core/ruleset'
import type { EncounterState } from '../../core/types'
import { carnevaleFacts } from './round-facts'
import { readSettings } from './settings'

// carnevale.md §4 [GAP-PUB]: players alternate activating one character at a time until every character
// has activated once; a side with nobody left to activate passes; then the round ends. The side chooses
// which of its characters to activate (`activation.select`). Who opens each round is the `roundOpener`
// setting: a d10 roll-off as the encounter starts (ties re-rolled), then the opener alternates or stays.

/** Figures that have opened an activation this round, in order (a handed-over one is replaced). */
export function activatedThisRound(state: EncounterState): readonly string[] {
  return carnevaleFacts(state).activated
}

/** The side ids in the order they open this round (the first opens; the rest follow in the cycle). */
export function openingOrder(state: EncounterState): string[] {
  const ids = state.sides.map((s) => s.id)
  const { roundOpener } = readSettings(state)
  if (roundOpener === 'sideOrder' || ids.length === 0) return ids
  const rolled = (id: string) => ownValue(state.initiative, id) ?? -Infinity
  const winner = ids.reduce((best, id) => (rolled(id) > rolled(best) ? id : best))
  const shift = roundOpener === 'rollOffAlternate' ? Math.max(0, state.round - 1) : 0
  const start = (ids.indexOf(winner) + shift) % ids.length
  return [...ids.slice(start), ...ids.slice(0, start)]
}

/** The first side from `order[from]` on (cyclically) with a figure still to activate, and that figure. */
function pick(state: EncounterState, order: string[], from: number) {
  const done = new Set(activatedThisRound(state))
  for (let k = 0; k < order.length; k++) {
    const sideId = order[(from + k) % order.length]
    const actor = state.combatants.find((c) => c.side === sideId && !c.out && !done.has(c.id))
    if (sideId !== undefined && actor) return { sideId, actorId: actor.id }
  }
  return null
}

/** §4 [GAP-PUB]: alternating activations, the round opened by the side the settings name. */
export function carnevaleTurnOrder(): TurnOrder {
  return {
    first: (state) => pick(state, openingOrder(state), 0),
    next(state) {
      const order = openingOrder(state)
      const current = state.turn ? order.indexOf(state.turn.sideId) : -1
      return pick(state, order, current + 1)
    },
    // A character activates once per round; any of the side's others may take the activation instead.
    canSelect: (state, actorId) => !activatedThisRound(state).includes(actorId)
  }
}

const ROLL_OFF_ROUNDS = 20

/**
 * §4 [GAP-PUB]: the roll-off that decides who opens: every side rolls a d10, the tied leaders re-roll.
 * Each side's total is its first roll plus each re-roll over 11^k, so the order of the totals is the
 * order of the roll-off and the log still shows the first roll.
 */
export function rollOff(state: EncounterState, dice: DiceRoller): GameEvent[] {
  if (readSettings(state).roundOpener === 'sideOrder') return []
  const events: GameEvent[] = []
  const totals = new Map(state.sides.map((s) => [s.id, 0]))
  let contenders = state.sides.map((s) => s.id)
  for (let k = 0; k < ROLL_OFF_ROUNDS && contenders.length > 1; k++) {
    const rolls = contenders.map((id) => ({ id, face: dice.roll(10, { purpose: 'rollOff', actorId: id }) }))
    const top = Math.max(...rolls.map((r) => r.face))
    for (const r of rolls) {
      totals.set(r.id, (totals.get(r.id) ?? 0) + r.face / 11 ** k)
      events.push({
        type: 'dice.rolled',
        actorId: r.id,
        purpose: 'rollOff',
        sides: 10,
        result: r.face,
        success: r.face === top
      })
    }
    contenders = rolls.filter((r) => r.face === top).map((r) => r.id)
  }
  for (const [id, total] of totals) events.push({ type: 'initiative.rolled', id, total })
  return events
}
