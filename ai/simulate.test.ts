import { describe, expect, it } from 'vitest'
import { getRuleset } from '../rules/systems'
import { makeEncounter } from '../rules/systems/minecraft/test-fixtures'
import { repeatsAffordable } from './simulate'

const minecraft = getRuleset('minecraft')

describe('repeatsAffordable', () => {
  const s = (ap: number) =>
    makeEncounter({
      figures: [
        { id: 'sk', side: 'monsters', at: [1, 1], creature: 'minecraft:skeleton' },
        { id: 'h', side: 'heroes', at: [2, 1], creature: 'minecraft:steve' }
      ],
      ap
    })
  it.each([
    [3, 'melee', 2],
    [2, 'melee', 1],
    [1, 'melee', 0],
    [3, 'ranged', 0],
    [3, 'face', 0]
  ])('with %i AP, a %s can be paid again %i more times', (ap, kind, repeats) => {
    const action = { kind, actorId: 'sk', targetId: 'h', facing: 3 }
    expect(repeatsAffordable(s(ap), minecraft, action)).toBe(repeats)
  })
})
