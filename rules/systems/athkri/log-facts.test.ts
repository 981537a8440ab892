import { describe, expect, it } from 'vitest'
import { applyEvents, type GameEvent } from '../../core/events'
import { ownValue } from '../../core/own-key'
import { inSet, sliceFromLog } from '../../core/system-state'
import type { EncounterState } from '../../core/types'
import { athkriFactsModel, logFacts } from './log-facts'
import { makeEncounter } from './test-fixtures'

// Athkri's slice of the encounter state (log-facts.ts): each fact changes as the digest's rule says, as
// the event is applied, and equals a reading of the whole log (the save migration).

const turn = (actorId: string): GameEvent =>
  ({ type: 'turn.started', sideId: 'a', actorId, economy: { value: 'open', context: {} } }) as GameEvent
const ended = (actorId: string): GameEvent => ({ type: 'turn.ended', actorId })
const attack = (attackerId: string, targetId: string, mode = 'ranged'): GameEvent => ({
  type: 'attack.declared',
  attackerId,
  targetId,
  mode
})
const moved = (id: string): GameEvent => ({ type: 'moved', id, path: [{ x: 2, y: 2, z: 0 }], facing: 0 })
const fell = (id: string): GameEvent => ({ type: 'combatant.out', id })
const hurt = (id: string, amount: number, source = 'attack'): GameEvent => ({
  type: 'damaged',
  id,
  amount,
  source
})
const roll = (actorId: string, purpose: string, success: boolean, result = 10): GameEvent => ({
  type: 'dice.rolled',
  actorId,
  purpose,
  sides: 20,
  result,
  target: 10,
  success
})

const start = (settings = {}): EncounterState =>
  makeEncounter({
    activeId: null,
    settings,
    figures: [
      { id: 'a', at: [1, 1] },
      { id: 'b', at: [5, 1], side: 'b' },
      { id: 'c', at: [9, 1], side: 'b' }
    ]
  })

/** The state after each batch of events, applied as the engine applies them. */
const after = (...batches: GameEvent[][]): EncounterState =>
  batches.reduce((s, batch) => applyEvents(s, batch), start())

describe('athkri facts kept as events are applied', () => {
  it('§5.2 / §4 Emboscada: attacking reveals the attacker, being attacked or activating wakes the unaware', () => {
    const before = logFacts(start())
    expect(before.attackers).toEqual({})
    const s = after([attack('a', 'b', 'melee')], [turn('c')])
    expect(logFacts(s)).toMatchObject({
      attackers: { a: true },
      attacked: { b: true },
      activated: { c: true }
    })
  })

  it('§9 A11: a move counts only inside the mover’s own activation, and only until its next one opens', () => {
    expect(logFacts(after([moved('a')])).movedInLastTurn).toEqual({})
    const moving = after([turn('a'), moved('a')], [ended('a')])
    expect(logFacts(moving).movedInLastTurn).toEqual({ a: true })
    expect(logFacts(applyEvents(moving, [turn('a')])).movedInLastTurn).toEqual({})
  })

  it('§5.3 A13: ranged shooters at a target are listed once each and the list resets as a round starts', () => {
    const s = after([attack('a', 'c'), attack('b', 'c'), attack('a', 'c'), attack('b', 'a', 'melee')])
    expect(logFacts(s).shotThisRound).toEqual({ c: ['a', 'b'] })
    expect(logFacts(applyEvents(s, [{ type: 'round.started', round: 2 }])).shotThisRound).toEqual({})
  })

  it('§5.6 [TEXT L56–58]: a passed Cabalgar test lasts the activation; a failed control test throws the rider', () => {
    const riding = after([turn('a'), roll('a', 'ride', true)])
    expect(logFacts(riding).rideBonus).toEqual({ a: true })
    expect(logFacts(applyEvents(riding, [ended('a'), turn('a')])).rideBonus).toEqual({})
    expect(logFacts(after([roll('a', 'rideControl', true)])).thrownRiders).toEqual({})
    expect(logFacts(after([roll('a', 'rideControl', false)])).thrownRiders).toEqual({ a: true })
  })

  it('§4 G-1: initiative roll-off faces are kept in order per figure', () => {
    const s = after(
      [roll('a', 'initiativeTie', true, 4), roll('b', 'initiativeTie', true, 6)],
      [roll('a', 'initiativeTie', true, 2)]
    )
    expect(logFacts(s).tieRolls).toEqual({ a: [4, 2], b: [6] })
  })

  it('§6 [TEXT L46–48]: the ledger of a fallen figure follows bleeding, saves, healing and new wounds', () => {
    const down = after([hurt('b', 20), fell('b'), hurt('b', 4)])
    expect(logFacts(down).down.b).toMatchObject({
      hp: -4,
      damageSinceDown: 4,
      failures: 0,
      stabilized: false
    })
    // A failed bleed save hurts and counts; a passed one stabilizes at the setting's HP (1 by default).
    const bled = applyEvents(down, [hurt('b', 3, 'bleed')])
    expect(logFacts(bled).down.b).toMatchObject({ hp: -7, failures: 1 })
    const saved = applyEvents(bled, [roll('b', 'bleed', true)])
    expect(logFacts(saved).down.b).toMatchObject({
      hp: 1,
      stabilized: true,
      selfStabilized: true,
      failures: 0
    })
    // [TEXT L47]: hurt below 0 again, a self-stabilized figure bleeds anew and cannot stabilize alone.
    const again = applyEvents(saved, [hurt('b', 6)])
    expect(logFacts(again).down.b).toEqual({
      hp: -5,
      damageSinceDown: 13,
      failures: 0,
      stabilized: false,
      selfStabilized: false,
      canSelfStabilize: false
    })
    // G-11: healing is outside help: HP from 0 plus the healing, bleeding stopped; back up, no ledger.
    const healed = applyEvents(again, [{ type: 'healed', id: 'b', amount: 2, source: 'firstAid' }])
    expect(logFacts(healed).down.b).toMatchObject({ hp: 2, stabilized: true, selfStabilized: false })
    expect(logFacts(applyEvents(healed, [{ type: 'combatant.back', id: 'b' }])).down).toEqual({})
  })

  it('§6: a passed bleed save stabilizes at the stabilizedHp setting', () => {
    const s = applyEvents(start({ stabilizedHp: 2 }), [fell('b'), hurt('b', 4), roll('b', 'bleed', true)])
    expect(logFacts(s).down.b?.hp).toBe(2)
  })

  it('the kept slice is the whole log read again (the save migration), and no earlier state changes', () => {
    const first = after([turn('a'), attack('a', 'b'), moved('a')])
    const kept = JSON.stringify(first.systemState)
    const later = applyEvents(first, [
      ended('a'),
      turn('b'),
      fell('c'),
      hurt('c', 2),
      roll('b', 'ride', true)
    ])
    expect(JSON.stringify(first.systemState)).toBe(kept)
    const { systemState: _kept, ...old } = later
    expect(sliceFromLog(old, athkriFactsModel)).toEqual(later.systemState)
    expect(athkriFactsModel.schema.parse(JSON.parse(JSON.stringify(later.systemState)))).toEqual(
      later.systemState
    )
  })

  it('a figure named like an Object.prototype member reads as nobody until it acts', () => {
    const s = makeEncounter({
      activeId: null,
      figures: [
        { id: 'constructor', at: [1, 1] },
        { id: 'x', at: [3, 1], side: 'b' }
      ]
    })
    expect(inSet(logFacts(s).activated, 'constructor')).toBe(false)
    expect(ownValue(logFacts(s).down, 'constructor')).toBeUndefined()
    expect(inSet(logFacts(applyEvents(s, [turn('constructor')])).activated, 'constructor')).toBe(true)
  })
})
