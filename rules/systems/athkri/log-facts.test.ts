import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../core/events'
import { logFacts, type LogFacts } from './log-facts'

// The log facts are read incrementally when a log extends an indexed one (athkri.md §6 HP below 0, §4
// who attacked and moved, §5.3 ranged shots this round): they must equal a reading from scratch.

const turn = (actorId: string): GameEvent => ({ type: 'turn.started', actorId }) as GameEvent
const shot = (attackerId: string, targetId: string): GameEvent =>
  ({ type: 'attack.declared', attackerId, targetId, mode: 'ranged' }) as GameEvent
const fell = (id: string): GameEvent => ({ type: 'combatant.out', id })
const hurt = (id: string, amount: number, source = 'attack'): GameEvent => ({
  type: 'damaged',
  id,
  amount,
  source
})
const bleedSave = (actorId: string): GameEvent =>
  ({
    type: 'dice.rolled',
    actorId,
    purpose: 'bleed',
    sides: 20,
    result: 15,
    target: 10,
    success: true
  }) as GameEvent

/** The facts as plain data, for comparison. */
const plain = (f: LogFacts) =>
  JSON.stringify(f, (_k, v) => (v instanceof Set || v instanceof Map ? [...v] : v))
/** A reading from scratch: fresh event objects, so nothing indexed before is a prefix. */
const fresh = (log: GameEvent[]) => logFacts({ log: log.map((e) => ({ ...e })) }, 1)

describe('athkri log facts, read incrementally', () => {
  const start: GameEvent[] = [
    { type: 'round.started', round: 1 } as GameEvent,
    turn('a'),
    shot('a', 'b'),
    fell('b'),
    hurt('b', 4)
  ]

  it('a log extended step by step reads as the whole log from scratch', () => {
    let log = start
    const readings: string[] = []
    for (const more of [
      [turn('b'), hurt('b', 3, 'bleed')],
      [bleedSave('b')],
      [turn('a'), shot('a', 'b'), hurt('b', 6)]
    ]) {
      readings.push(plain(logFacts({ log }, 1)))
      log = [...log, ...more]
      expect(plain(logFacts({ log }, 1))).toBe(plain(fresh(log)))
    }
    // The shorter logs' facts did not change while longer ones were read from them.
    expect(plain(logFacts({ log: start }, 1))).toBe(readings[0])
    // By hand: −4, a failed bleed save −3 (−7), a passed one stabilizes at 1, then 6 more: −5; 4 + 3 + 6
    // taken since the fall; hurt again after stabilizing alone, it cannot do so again [TEXT L47].
    expect(logFacts({ log }, 1).down.get('b')).toEqual({
      hp: -5,
      damageSinceDown: 13,
      failures: 0,
      stabilized: false,
      selfStabilized: false,
      canSelfStabilize: false
    })
  })

  it('the same event object after a different history is not taken for an indexed prefix', () => {
    const shared = hurt('b', 5)
    const one = [fell('b'), shared]
    const other = [turn('b'), shared]
    expect(logFacts({ log: one }, 1).down.get('b')?.hp).toBe(-5)
    expect(logFacts({ log: [...other, turn('a')] }, 1).down.has('b')).toBe(false)
  })

  it('another stabilized HP setting is its own reading', () => {
    const log = [...start, bleedSave('b')]
    expect(logFacts({ log }, 1).down.get('b')?.hp).toBe(1)
    expect(logFacts({ log }, 2).down.get('b')?.hp).toBe(2)
  })
})
