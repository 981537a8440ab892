import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../core/events'
import { hq2 } from '.'
import { figure, makeEncounter } from './test-fixtures'

// `Ruleset.resourcesLeft` for the simulation, hq2.md §5 [GAP-PUB]: a dying hero drinks a carried healing
// potion at once; `stats.healingPotions` is what it set out with, each drunk one a `healed … potion` event.

function left(log: GameEvent[], potions?: number) {
  const state = makeEncounter({
    beings: [
      { id: 'hero', at: [1, 1], stats: potions === undefined ? {} : { healingPotions: potions } },
      { id: 'orc', side: 'b', at: [5, 5] }
    ]
  })
  const withLog = { ...state, log: [...state.log, ...log] }
  return hq2.resourcesLeft?.(withLog, figure(withLog, 'hero'))
}

const potion = (id: string): GameEvent => ({ type: 'healed', id, amount: 10, source: 'potion' })

describe('hq2 resourcesLeft: healing potions (§5)', () => {
  it('carried less drunk: 3 carried, 2 drunk → 1', () => {
    expect(left([], 3)).toEqual({ healingPotions: 3 })
    expect(left([potion('hero'), potion('hero')], 3)).toEqual({ healingPotions: 1 })
  })

  it("another being's potion or other healing does not count", () => {
    const spell: GameEvent = { type: 'healed', id: 'hero', amount: 4, source: 'spell' }
    expect(left([potion('orc'), spell], 2)).toEqual({ healingPotions: 2 })
  })

  it('a being that carries none has no limited uses to watch', () => {
    expect(left([potion('hero')])).toEqual({})
  })
})
