import { describe, expect, it } from 'vitest'
import { pathfinder1e } from '.'
import { pfFigure, pfState } from './test-fixtures'

// `Ruleset.fate` for the simulation, pathfinder1e.md §5: dead at HP ≤ −Con [TEXT L255] or by massive
// damage [TEXT L257] (the `dead` condition above the floor); dying, stable and unconscious are only out.

const fateAt = (life: number, conditions: string[] = [], out = false) => {
  const c = { ...pfFigure('h', { life, lifeMax: 20, stats: { conditions } as never }), out }
  return pathfinder1e.fate?.(pfState([c]), c)
}

describe('pathfinder1e fate (§5)', () => {
  it('standing above 0 and at 0 (disabled); out while dying between 0 and −Con (Con 10)', () => {
    expect(fateAt(5)).toBe('standing')
    expect(fateAt(0)).toBe('standing')
    expect(fateAt(-1, [], true)).toBe('out')
    expect(fateAt(-9, [], true)).toBe('out')
  })

  it('dead at −Con (−10) and below', () => {
    expect(fateAt(-10, [], true)).toBe('dead')
    expect(fateAt(-14, [], true)).toBe('dead')
  })

  it('a failed massive-damage save kills above the floor: the generic life reading would say out', () => {
    expect(fateAt(-3, ['dead'], true)).toBe('dead')
    expect(fateAt(4, ['dead'], true)).toBe('dead')
  })

  it('unconscious from nonlethal damage or asleep is out, not dead', () => {
    expect(fateAt(8, ['unconscious'], true)).toBe('out')
  })
})
