import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import { figure } from '../../core/test-fixtures'
import type { Action, EncounterState } from '../../core/types'
import { pathfinder1e } from '.'
import { act, answerAll, withTurn } from './flow-fixtures'
import type { PfStats, PfWeapon } from './stats'
import { pfFigure, pfState, spear } from './test-fixtures'

// pathfinder1e.md §3.2 Charge: "Spears, tridents and brace weapons readied against a charger deal double
// damage" [SRD]; multipliers add, each extra multiple one less than its value (a ×3 critical braced is ×4).
// Issue 20 bug 5: a readied brace weapon against a charger dealt single damage.

function setAgainstCharge(weapon: PfWeapon, trigger: 'charges' | 'entersReach'): EncounterState {
  const orc: Partial<PfStats> = {
    weapons: [weapon],
    wielding: { main: weapon.id, off: null },
    readied: { action: 'attack', trigger }
  }
  const state = pfState(
    [
      pfFigure('hero', { pos: { x: 2, y: 5 }, life: 30 }),
      pfFigure('orc', { side: 'b', pos: { x: 6, y: 5 }, stats: orc })
    ],
    { initiative: { hero: 20, orc: 10 }, settings: { gmPrompts: 'auto' } }
  )
  return withTurn(state, 'hero')
}

const damageDice = (events: GameEvent[], actorId: string) =>
  events.filter((e) => e.type === 'dice.rolled' && e.purpose === 'pf1.damage' && e.actorId === actorId).length

function charge(state: EncounterState): Action {
  const found = pathfinder1e.legalActions(state, 'hero').find((a) => a.kind === 'charge')
  if (!found) throw new Error('no charge')
  return found
}

describe('a brace weapon set against a charge (§3.2 Charge)', () => {
  it('deals double damage: its dice twice, 3 + 5 = 8', () => {
    const s = setAgainstCharge(spear, 'charges')
    const action = charge(s)
    // Orc: d20 12 hits AC 8 (charging −2), 1d8 twice: 3 + 5. Hero: d20 1 misses.
    const { events, state } = act(s, action, forcedDice([12, 3, 5, 1]), answerAll(s, action).answers)
    expect(damageDice(events, 'orc')).toBe(2)
    expect(figure(state, 'hero').life).toBe(22)
  })

  it('a critical braced is ×4 on a ×3 weapon: four dice', () => {
    const s = setAgainstCharge(spear, 'charges')
    const action = charge(s)
    const { events, state } = act(
      s,
      action,
      forcedDice([20, 15, 1, 1, 1, 1, 1]),
      answerAll(s, action).answers
    )
    expect(damageDice(events, 'orc')).toBe(4)
    expect(figure(state, 'hero').life).toBe(26)
  })

  it('an “enters reach” readied spear against a charge doubles too', () => {
    const s = setAgainstCharge(spear, 'entersReach')
    const action = charge(s)
    const { events } = act(s, action, forcedDice([12, 3, 5, 1]), answerAll(s, action).answers)
    expect(damageDice(events, 'orc')).toBe(2)
  })

  it('a weapon without brace deals single damage against the same charge', () => {
    const s = setAgainstCharge({ ...spear, id: 'pf1:club', traits: [] }, 'charges')
    const action = charge(s)
    const { events, state } = act(s, action, forcedDice([12, 3, 1]), answerAll(s, action).answers)
    expect(damageDice(events, 'orc')).toBe(1)
    expect(figure(state, 'hero').life).toBe(27)
  })

  it('the spear against a walker (not a charge) deals single damage', () => {
    const s = setAgainstCharge(spear, 'entersReach')
    const walk: Action = {
      kind: 'move',
      actorId: 'hero',
      path: [3, 4, 5].map((x) => ({ x, y: 5, z: 0 }))
    }
    const { events } = act(s, walk, forcedDice([12, 3]), answerAll(s, walk).answers)
    expect(damageDice(events, 'orc')).toBe(1)
  })
})
