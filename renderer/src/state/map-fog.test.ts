import { describe, expect, it } from 'vitest'
import { makeEncounter } from '../../../rules/systems/minecraft/test-fixtures'
import type { GameEvent } from '../../../rules/core/events'
import { changesSight, eyesOf, hiddenFigures, nextFog, sideVisible } from './map-fog'

// A corridor 6 × 1: the hero at 0, a door on the west edge of square 3, a monster at 5.
function corridor(open: boolean) {
  const s = makeEncounter({
    figures: [
      { id: 'hero', side: 'h', at: [0, 0] },
      { id: 'orc', side: 'm', at: [5, 0] }
    ],
    width: 6,
    height: 1
  })
  return { ...s, board: { ...s.board, doors: [{ x: 3, y: 0, side: 'w' as const, open }] } }
}

describe('fog of war', () => {
  it('sees up to a closed door and through an open one', () => {
    expect([...sideVisible(corridor(false), {}, 'h')]).toEqual([1, 1, 1, 0, 0, 0])
    expect([...sideVisible(corridor(true), {}, 'h')]).toEqual([1, 1, 1, 1, 1, 1])
  })

  it('narrows sight by canSee per figure', () => {
    const v = sideVisible(corridor(true), { canSee: (_s, _f, p) => p.x <= 1 }, 'h')
    expect([...v]).toEqual([1, 1, 0, 0, 0, 0])
  })

  it('accumulates what was seen and bumps the version only on a change', () => {
    const first = nextFog(null, Uint8Array.from([1, 1, 0, 0]))
    expect(first.version).toBe(1)
    expect(nextFog(first, Uint8Array.from([1, 1, 0, 0]))).toBe(first)
    const moved = nextFog(first, Uint8Array.from([0, 0, 1, 1]))
    expect(moved.version).toBe(2)
    expect([...moved.seen]).toEqual([1, 1, 1, 1])
    expect([...moved.visible]).toEqual([0, 0, 1, 1])
  })

  it('hides other sides out of sight, never the viewer own figures', () => {
    const s = corridor(false)
    const fog = nextFog(null, sideVisible(s, {}, 'h'))
    expect([...hiddenFigures(s, 'h', fog)]).toEqual(['orc'])
    expect(eyesOf(s, 'h')).toEqual([{ x: 0, y: 0 }])
  })

  it('recomputes only after events that move figures or doors', () => {
    const moved: GameEvent = { type: 'moved', id: 'a', path: [], facing: 0 }
    const door: GameEvent = { type: 'door.changed', x: 1, y: 1, side: 'n', open: true }
    expect(changesSight([moved])).toBe(true)
    expect(changesSight([door])).toBe(true)
    expect(changesSight([{ type: 'faced', id: 'a', facing: 2 }])).toBe(false)
  })
})
