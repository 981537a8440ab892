import { describe, expect, it } from 'vitest'
import { applyEvents, type GameEvent } from '../../core/events'
import { sliceFromLog } from '../../core/system-state'
import type { EncounterState } from '../../core/types'
import { guardHeld, isStunned, stun, takeGuard } from './counters'
import { carnevaleFacts, carnevaleFactsModel } from './round-facts'
import { at, cvFigure, cvState } from './test-fixtures'
import { activatedThisRound } from './turn-order'

// Carnevale's slice of the encounter state (round-facts.ts): who activated this round (§4), and when
// rounds and activations started and ended, which the Guard and Stunned counters (§7) read.

const economy = { value: 'open', context: {} }
const round = (n: number): GameEvent => ({ type: 'round.started', round: n })
const opens = (actorId: string): GameEvent => ({ type: 'turn.started', sideId: 'x', actorId, economy })
const handedTo = (actorId: string): GameEvent => ({ type: 'activation.changed', actorId, economy })
const ends = (actorId: string): GameEvent => ({ type: 'turn.ended', actorId })

const start = (settings: Record<string, unknown> = {}): EncounterState =>
  applyEvents(
    cvState(
      [cvFigure('a', 'red', at(2, 2)), cvFigure('b', 'red', at(4, 2)), cvFigure('z', 'blue', at(8, 8))],
      { settings }
    ),
    [round(1)]
  )

const play = (state: EncounterState, ...events: GameEvent[]) => applyEvents(state, events)
const fig = (state: EncounterState, id: string) => state.combatants.find((c) => c.id === id)!
/** `id` takes a Stunned counter now (§5.3 [TEXT L82] a Critical grapple). */
const stunned = (state: EncounterState, id: string) => play(state, stun(state, fig(state, id)))

describe('carnevale round facts kept as events are applied', () => {
  it('§4 [GAP-PUB]: the round’s activations in order; a handed-over activation replaces its figure; a round resets them', () => {
    const s = play(start(), opens('a'), ends('a'), opens('z'), handedTo('b'))
    expect(activatedThisRound(s)).toEqual(['a', 'b'])
    expect(activatedThisRound(play(s, ends('b'), round(2)))).toEqual([])
  })

  it('§7 [REC] endOfNextActivation: Stunned lasts until the figure ends an activation opened after the stun', () => {
    // Stunned during its own activation: ending that one does not count.
    const own = stunned(play(start(), opens('a')), 'a')
    expect(isStunned(own, fig(own, 'a'))).toBe(true)
    const afterOwn = play(own, ends('a'), opens('z'), ends('z'))
    expect(isStunned(afterOwn, fig(afterOwn, 'a'))).toBe(true)
    // A round passing does not end it; its next activation, once ended, does.
    const next = play(afterOwn, round(2), opens('a'))
    expect(isStunned(next, fig(next, 'a'))).toBe(true)
    const done = play(next, ends('a'))
    expect(isStunned(done, fig(done, 'a'))).toBe(false)
    expect(carnevaleFacts(done).ownActivationEnded).toEqual({
      a: next.log.length - 1,
      z: afterOwn.log.length - 2
    })
  })

  it('§7: an activation offered to the stunned figure and handed to another before it acted does not count', () => {
    const s = stunned(play(start(), opens('z')), 'a')
    const handed = play(s, ends('z'), opens('a'), handedTo('b'), ends('b'))
    expect(isStunned(handed, fig(handed, 'a'))).toBe(true)
  })

  it('§7 [REC] endOfRound: Stunned ends as the next round starts, whatever the figure did', () => {
    const s = stunned(play(start({ stunnedUntil: 'endOfRound' }), opens('z')), 'a')
    const acted = play(s, ends('z'), opens('a'), ends('a'))
    expect(isStunned(acted, fig(acted, 'a'))).toBe(true)
    const next = play(acted, round(2))
    expect(isStunned(next, fig(next, 'a'))).toBe(false)
  })

  it('§4 [TEXT L34–36]: a Guard counter from last round holds until its holder activates this round', () => {
    const guarded = play(start(), opens('a'), takeGuard(start(), fig(start(), 'a')), ends('a'))
    const next = play(guarded, round(2), opens('z'))
    expect(guardHeld(next, fig(next, 'a'))).toBe(true)
    const activated = play(next, ends('z'), opens('a'))
    expect(guardHeld(activated, fig(activated, 'a'))).toBe(false)
  })

  it('the kept slice is the whole log read again (the save migration)', () => {
    const s = play(
      stunned(play(start(), opens('a')), 'z'),
      ends('a'),
      opens('z'),
      handedTo('b'),
      ends('b'),
      round(2)
    )
    const { systemState: _kept, ...old } = s
    expect(sliceFromLog(old, carnevaleFactsModel)).toEqual(s.systemState)
    expect(carnevaleFactsModel.schema.parse(JSON.parse(JSON.stringify(s.systemState)))).toEqual(s.systemState)
  })
})
