import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../core/events'
import { applyCommand } from '../../flow/engine'
import { athkri } from '.'
import { figure, makeEncounter } from './test-fixtures'

// `Ruleset.fate` for the simulation, athkri.md §6: HP below 0 lives in the log (the engine's life stops at
// 0); the default death rule (A6 'hpThreshold', multiplier 6) kills at HP ≤ −6 × Físico.

function fateAfter(log: GameEvent[], out = true, life = 0) {
  const state = makeEncounter({
    figures: [
      {
        id: 'pc',
        at: [1, 1],
        life,
        lifeMax: 30,
        out,
        stats: { attributes: { fisico: 5, agilidad: 3, mente: 3 } }
      },
      { id: 'foe', side: 'b', at: [9, 9] }
    ],
    log
  })
  return athkri.fate?.(state, figure(state, 'pc'))
}

const fell: GameEvent = { type: 'combatant.out', id: 'pc' }
const hurt = (amount: number): GameEvent => ({ type: 'damaged', id: 'pc', amount, source: 'attack' })

describe('athkri fate (§6)', () => {
  it('on its feet: standing', () => {
    expect(fateAfter([], false, 12)).toBe('standing')
  })

  it('fallen at −29 (Físico 5: death at −30) is only out; at −30 dead, though life reads 0 for both', () => {
    expect(fateAfter([fell, hurt(29)])).toBe('out')
    expect(fateAfter([fell, hurt(30)])).toBe('dead')
  })

  it('out on its feet (fled) is out, not dead', () => {
    expect(fateAfter([], true, 12)).toBe('out')
  })

  it('at 0 HP but not yet marked out: out (inconsciente), not standing', () => {
    expect(fateAfter([], false, 0)).toBe('out')
  })

  it('the GM’s life edit to 0 drops the figure, and the fight ends when its side has no one left', () => {
    const state = makeEncounter({
      figures: [
        { id: 'pc', at: [1, 1], lifeMax: 30 },
        { id: 'foe', side: 'b', at: [9, 9], lifeMax: 12 }
      ]
    })
    const result = applyCommand(state, { type: 'life.set', id: 'foe', life: 0 }, athkri)
    if (!result.ok) throw new Error(result.violation.code)
    expect(result.events.map((e) => e.type)).toEqual(['damaged', 'combatant.out', 'encounter.ended'])
    expect(figure(result.state, 'foe')).toMatchObject({ life: 0, out: true })
    expect(athkri.fate?.(result.state, figure(result.state, 'foe'))).toBe('out')
  })
})
