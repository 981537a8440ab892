import { describe, expect, it } from 'vitest'
import { forcedDice } from '../rules/core/rng'
import { pathfinder1e } from '../rules/systems/pathfinder1e'
import { act, withTurn } from '../rules/systems/pathfinder1e/flow-fixtures'
import { pfFigure, pfState } from '../rules/systems/pathfinder1e/test-fixtures'
import { chooseStep } from './choose'

// The bug of issue 5: on a restricted turn the PF AI began a coup de grace (a full-round action started
// now, completed next turn, pathfinder1e.md §3.2) every round and never completed it.
function surprise() {
  const s = pfState(
    [
      pfFigure('goblin', { side: 'b', pos: { x: 6, y: 5 } }),
      pfFigure('hero', { pos: { x: 5, y: 5 }, stats: { conditions: ['asleep'] } })
    ],
    { initiative: { goblin: 15, hero: 10 }, settings: { gmPrompts: 'auto' } }
  )
  // Surprise comes from the encounter's list, not a figure's awareness (issue 21 bug 1).
  return withTurn({ ...s, surprised: ['hero'] }, 'goblin')
}

describe('full-round actions begun on a restricted turn', () => {
  it('completes a coup de grace it began last turn rather than begin it again', () => {
    const start = { kind: 'coupDeGrace', actorId: 'goblin', targetId: 'hero', options: { start: 1 } }
    const started = act(surprise(), start, forcedDice([])).state
    const next = withTurn({ ...started, round: 2 }, 'goblin')
    const step = chooseStep(next, pathfinder1e, 'goblin')
    expect(step.command).toMatchObject({
      type: 'action.declare',
      action: { kind: 'coupDeGrace', targetId: 'hero', options: { complete: 1 } }
    })
  })

  it('values a start at less than the same action completed (it lands later, if at all)', () => {
    const s = surprise()
    const step = chooseStep(s, pathfinder1e, 'goblin')
    const startOption = step.trace.find(
      (o) => o.action?.kind === 'coupDeGrace' && o.action.options?.start === 1
    )
    if (startOption) expect(startOption.terms.some((t) => t.key === 'deferred' && t.value < 0)).toBe(true)
  })
})
