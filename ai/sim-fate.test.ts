import { describe, expect, it } from 'vitest'
import type { Ruleset } from '../rules/core/ruleset'
import type { Combatant, EncounterState } from '../rules/core/types'
import { fateOf, numericLeaves, ResourceWatch } from './sim-fate'

const figure = (over: Partial<Combatant>): Combatant => ({
  ...{ id: 'f', name: 'F', side: 'heroes', controller: 'ai', pos: { x: 0, y: 0, z: 0 }, facing: 0 },
  ...{ life: 10, lifeMax: 10, out: false, stats: {} },
  ...over
})
const stateOf = (...combatants: Combatant[]) => ({ combatants }) as unknown as EncounterState
const plain = {} as Ruleset

describe('fateOf', () => {
  it('reads dead at the life floor, out above it, standing while in the fight', () => {
    const s = stateOf()
    expect(fateOf(s, figure({ out: true, life: 0 }), plain)).toBe('dead')
    expect(fateOf(s, figure({ out: true, life: -12, lifeMin: -12 }), plain)).toBe('dead')
    expect(fateOf(s, figure({ out: true, life: -3, lifeMin: -12 }), plain)).toBe('out')
    expect(fateOf(s, figure({ out: true, life: 4 }), plain)).toBe('out')
    expect(fateOf(s, figure({ life: 0 }), plain)).toBe('standing')
  })

  it('asks the ruleset hook first when there is one', () => {
    const hooked = { fate: (_s, c) => (c.stats.dead ? 'dead' : 'out') } as Ruleset
    expect(fateOf(stateOf(), figure({ out: true, life: 0, stats: { dead: false } }), hooked)).toBe('out')
    expect(fateOf(stateOf(), figure({ life: 5, stats: { dead: true } }), hooked)).toBe('dead')
  })
})

describe('numericLeaves', () => {
  it('names numbers by path, array elements by their id when they have one', () => {
    const leaves = numericLeaves({ ap: 3, spells: [{ id: 'mm', uses: 2 }, { uses: 1 }], name: 'x', ok: true })
    expect([...leaves]).toEqual([
      ['ap', 3],
      ['spells.mm.uses', 2],
      ['spells.1.uses', 1]
    ])
  })
})

describe('ResourceWatch', () => {
  it('reports what only went down and lists what rose', () => {
    const at = (ap: number, mm: number, stunned: number) =>
      stateOf(figure({ stats: { ap, spells: [{ id: 'mm', uses: mm }], stunned } }))
    const watch = new ResourceWatch(at(3, 3, 0), plain)
    watch.observe(at(1, 2, 1))
    watch.observe(at(3, 2, 0))
    watch.observe(at(2, 1, 0))
    // ap rose back at a turn start, stunned rose from 0: neither is a resource; the spell went 3 → 1.
    expect(watch.spentBy('f')).toEqual({ spent: { 'spells.mm.uses': 2 }, rose: ['ap', 'stunned'] })
  })

  it('reads the resourcesLeft hook instead of the stats when the ruleset has it', () => {
    let potions = 2
    const hooked = { resourcesLeft: () => ({ potions }) } as unknown as Ruleset
    const watch = new ResourceWatch(stateOf(figure({ stats: { ap: 3 } })), hooked)
    potions = 1
    watch.observe(stateOf(figure({ stats: { ap: 1 } })))
    expect(watch.spentBy('f')).toEqual({ spent: { potions: 1 }, rose: [] })
  })
})
