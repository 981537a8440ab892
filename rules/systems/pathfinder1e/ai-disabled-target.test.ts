import { describe, expect, it } from 'vitest'
import { chooseStep } from '../../../ai'
import { pathfinder1e } from '.'
import { withTurn } from './flow-fixtures'
import { pfFigure, pfState } from './test-fixtures'

// A hero at exactly 0 hp is disabled, not out (pathfinder1e.md §6): the monster beside it must still attack.
// The AI once scored damage as a fraction of the target's life, 0/0 = NaN, and ended its turn instead: the
// seed-61 Goblin ambush ran forever with three goblins idling next to a disabled Valeria (npm run sim).
describe('§6 the AI against a disabled (0 hp) target', () => {
  it.each([0, 1, 5])('attacks an adjacent hero at %i hp rather than end its turn', (life) => {
    const hero = pfFigure('hero', { side: 'heroes', life, lifeMax: 12, pos: { x: 5, y: 5 } })
    const goblin = pfFigure('goblin', { side: 'goblins', pos: { x: 6, y: 5 } })
    const step = chooseStep(withTurn(pfState([hero, goblin]), 'goblin'), pathfinder1e, 'goblin')
    expect(step.command.type).toBe('action.declare')
    if (step.command.type !== 'action.declare') return
    expect(step.command.action.targetId).toBe('hero')
    expect(step.trace.every((o) => Number.isFinite(o.score))).toBe(true)
  })
})
