import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../rules/core/events'
import { makeEncounter } from '../../../rules/systems/minecraft/test-fixtures'
import { actorOf, effectsOf, stepEffects } from './map-effects'

const events: GameEvent[] = [
  { type: 'moved', id: 'z', path: [{ x: 1, y: 0, z: 0 }], facing: 2 },
  { type: 'attack.hit', attackerId: 'z', targetId: 'h', automatic: false },
  { type: 'damaged', id: 'h', amount: 2, source: 'z' },
  { type: 'pushed', id: 'h', from: { x: 2, y: 0, z: 0 }, to: { x: 3, y: 0, z: 0 } },
  { type: 'attack.missed', attackerId: 'z', targetId: 'h' },
  { type: 'healed', id: 'h', amount: 0, source: 'potion' }
]

describe('map effects', () => {
  it('turns events into effects in their order (nothing for a zero heal)', () => {
    expect(effectsOf(events).map((e) => e.kind)).toEqual(['move', 'hit', 'damage', 'push', 'miss'])
    expect(effectsOf(events)[2]).toEqual({ kind: 'damage', id: 'h', amount: 2 })
  })

  it('puts a focus on an AI figure first, and none on a person', () => {
    const s = makeEncounter({
      figures: [
        { id: 'z', side: 'm', at: [0, 0] },
        { id: 'h', side: 'h', at: [2, 0] }
      ]
    })
    expect(actorOf(events)).toBe('z')
    expect(stepEffects(s, events)[0]).toEqual({ kind: 'focus', id: 'z' })
    const human = { ...s, combatants: s.combatants.map((c) => ({ ...c, controller: 'human' as const })) }
    expect(stepEffects(human, events)[0]?.kind).toBe('move')
    expect(stepEffects(s, [{ type: 'turn.ended', actorId: 'z' }])).toEqual([])
  })

  it('starts each move where the figure stood before the command, following earlier moves in it', () => {
    const before = makeEncounter({
      figures: [
        { id: 'z', side: 'm', at: [0, 0] },
        { id: 'h', side: 'h', at: [2, 0] }
      ]
    })
    const twice: GameEvent[] = [
      { type: 'moved', id: 'z', path: [{ x: 1, y: 0, z: 0 }], facing: 2 },
      { type: 'moved', id: 'z', path: [{ x: 1, y: 1, z: 0 }], facing: 4 }
    ]
    const moves = effectsOf(twice, null, before)
    expect(moves[0]).toEqual({ kind: 'move', id: 'z', path: [{ x: 1, y: 0 }], from: { x: 0, y: 0 } })
    expect(moves[1]).toMatchObject({ from: { x: 1, y: 0 } })
    expect(effectsOf(twice)[0]).not.toHaveProperty('from')
  })
})
