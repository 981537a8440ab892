import { describe, expect, it } from 'vitest'
import { getRuleset } from '../rules/systems'
import { longbow, pfFigure, pfState } from '../rules/systems/pathfinder1e/test-fixtures'
import { punchOf, strikerOf } from './threat'

const pf = getRuleset('pathfinder1e')

// A walled pocket: the figure at (2, 2) has walls on three sides.
const pocket: Array<[number, number]> = [
  [1, 1],
  [2, 1],
  [3, 1],
  [1, 2],
  [3, 2],
  [1, 3],
  [3, 3]
]

describe('threat: what a figure can bring next turn', () => {
  it('mobility is the figure’s own: the same in a walled pocket and in the open, and at any square', () => {
    const hemmed = pfFigure('g', { side: 'b', pos: { x: 2, y: 2 } })
    const walled = pfState([hemmed, pfFigure('h', { pos: { x: 20, y: 20 } })], { blocks: pocket })
    const open = pfState([
      { ...hemmed, pos: { x: 12, y: 9, z: 0 } },
      pfFigure('h', { pos: { x: 20, y: 20 } })
    ])
    const a = strikerOf(walled, pf, walled.combatants[0]!).mobility
    expect(a).toBeGreaterThan(0)
    expect(strikerOf(open, pf, open.combatants[0]!).mobility).toBe(a)
  })

  it('mobility grows with speed beyond the first patch it is measured on', () => {
    const slow = pfFigure('s', { side: 'b', pos: { x: 5, y: 5 } })
    const fast = pfFigure('f', { side: 'b', pos: { x: 5, y: 5 }, stats: { speed: { land: 60 } } })
    const s = pfState([slow, fast, pfFigure('h', { pos: { x: 25, y: 25 } })])
    const m = strikerOf(s, pf, slow).mobility
    const f = strikerOf(s, pf, fast).mobility
    // Twice the speed: twice the squares of a move that still leaves an attack.
    expect(f).toBe(2 * m)
  })

  it('mobility ignores the reactions a figure already made this round', () => {
    const fresh = pfFigure('g', { side: 'b', pos: { x: 4, y: 4 } })
    const tired = { ...fresh, stats: { ...fresh.stats, aooUsed: 1, aooRound: 3 } }
    const s = pfState([fresh, pfFigure('h', { pos: { x: 9, y: 9 } })])
    const t = pfState([tired, pfFigure('h', { pos: { x: 9, y: 9 } })])
    expect(strikerOf(t, pf, tired).mobility).toBe(strikerOf(s, pf, fresh).mobility)
  })

  it('reach: a sword reaches what touches it; a bow reaches the enemy it can shoot across the room', () => {
    const hero = pfFigure('h', { pos: { x: 10, y: 10 } })
    const sword = pfFigure('sw', { side: 'b', pos: { x: 4, y: 10 } })
    const bow = pfFigure('bw', {
      side: 'b',
      pos: { x: 4, y: 12 },
      stats: { weapons: [longbow], wielding: { main: longbow.id, off: null } }
    })
    const s = pfState([hero, sword, bow])
    expect(strikerOf(s, pf, sword).reach).toBe(1)
    expect(strikerOf(s, pf, bow).reach).toBe(6)
  })

  it('punch is the same wherever the two stand, and more for a stronger striker', () => {
    const hero = pfFigure('h', { pos: { x: 10, y: 10 } })
    const weak = pfFigure('w', { side: 'b', pos: { x: 2, y: 2 } })
    const strong = {
      ...weak,
      stats: { ...weak.stats, abilities: { ...(weak.stats.abilities as object), str: 20 } }
    }
    const s = pfState([hero, weak])
    const moved = pfState([
      { ...hero, pos: { x: 3, y: 20, z: 0 } },
      { ...weak, pos: { x: 25, y: 1, z: 0 } }
    ])
    const p = punchOf(s, pf, weak, hero)
    expect(p).toBeGreaterThan(0)
    expect(punchOf(moved, pf, moved.combatants[1]!, moved.combatants[0]!)).toBe(p)
    expect(punchOf(pfState([hero, strong]), pf, strong, hero)).toBeGreaterThan(p)
  })
})
