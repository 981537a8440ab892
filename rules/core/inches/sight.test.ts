import { describe, expect, it } from 'vitest'
import { lineOfSight } from './sight'
import { base, inchesState, piece } from './test-fixtures'

// Viewer and target 25.4 mm bases (0.5" radius) on a line y = 10"; units are tenths of an inch.
const viewer = base('v', 'a', 20, 100, 0, 25.4)
const boardWith = (...pieces: ReturnType<typeof piece>[]) => inchesState({ pieces }).board

describe('line of sight', () => {
  it('is fully clear on an open table', () => {
    const sight = lineOfSight(boardWith(), viewer, base('t', 'b', 200, 100, 0, 25.4))
    expect(sight).toEqual({ visible: true, clear: 1, cover: false })
  })

  it('sees over a 1" wall at eye height 1.5", the target just behind it in cover', () => {
    const board = boardWith(piece('w', 'wall', 58, 40, 2, 120, 10))
    const behind = lineOfSight(board, viewer, base('t', 'b', 65, 100, 0, 25.4))
    expect(behind.visible).toBe(true)
    expect(behind.clear).toBeGreaterThan(0)
    expect(behind.clear).toBeLessThan(1)
    expect(behind.cover).toBe(true)
    // Far behind the wall: every sampled line clears it and the wall is more than 1" away.
    const far = lineOfSight(board, viewer, base('t', 'b', 200, 100, 0, 25.4))
    expect(far).toEqual({ visible: true, clear: 1, cover: false })
  })

  it('flags cover for a target within 1" behind a wall even when every line clears it', () => {
    // A 0.5" wall: lines to the target's chest clear it, but the target is 0.5" behind it.
    const board = boardWith(piece('w', 'wall', 58, 40, 2, 120, 5))
    const sight = lineOfSight(board, viewer, base('t', 'b', 70, 100, 0, 25.4))
    expect(sight).toEqual({ visible: true, clear: 1, cover: true })
    // The same wall is not between them when the viewer stands beside the target.
    const aside = lineOfSight(board, base('v', 'a', 70, 20, 0, 25.4), base('t', 'b', 70, 100, 0, 25.4))
    expect(aside.cover).toBe(false)
  })

  it('is blocked by a 3" wall and by a building', () => {
    const wall = boardWith(piece('w', 'wall', 58, 40, 2, 120, 30))
    expect(lineOfSight(wall, viewer, base('t', 'b', 65, 100, 0, 25.4))).toEqual({
      visible: false,
      clear: 0,
      cover: false
    })
    const building = boardWith(piece('b', 'building', 80, 60, 40, 80, 30))
    expect(lineOfSight(building, viewer, base('t', 'b', 200, 100, 0, 25.4)).visible).toBe(false)
  })

  it('sees from a roof over a lower wall, and not down through the roof it stands on', () => {
    const board = boardWith(
      piece('b', 'building', 0, 60, 40, 80, 30),
      piece('w', 'wall', 100, 40, 2, 120, 10)
    )
    const onRoof = base('v', 'a', 35, 100, 30, 25.4)
    expect(lineOfSight(board, onRoof, base('t', 'b', 150, 100, 0, 25.4)).visible).toBe(true)
    // Right at the foot of the building: the roof edge hides it from a viewer in the middle of the roof.
    const middle = base('v', 'a', 10, 100, 30, 25.4)
    expect(lineOfSight(board, middle, base('t', 'b', 46, 100, 0, 25.4)).visible).toBe(false)
  })

  it('is blocked only by a bridge deck, not under or over it', () => {
    // A 3" high deck: a swimmer under it fits below the deck (0.25" thick by default).
    const board = boardWith(piece('ponte', 'bridge', 80, 80, 60, 40, 30))
    const onDeck = base('v', 'a', 110, 100, 30, 25.4)
    expect(lineOfSight(board, onDeck, base('t', 'b', 110, 100, 0, 25.4)).visible).toBe(false)
    // Standing on the bank, looking along the canal under the deck at a swimmer's head.
    const bank = base('v', 'a', 20, 100, 0, 25.4)
    expect(lineOfSight(board, bank, base('t', 'b', 200, 100, 0, 25.4))).toEqual({
      visible: true,
      clear: 1,
      cover: false
    })
  })

  it('is the same both ways', () => {
    const board = boardWith(
      piece('w', 'wall', 58, 40, 2, 120, 10),
      piece('b', 'building', 90, 20, 30, 60, 30)
    )
    const a = base('a', 'a', 20, 40, 0, 25.4)
    const b = base('b', 'b', 160, 110, 0, 25.4)
    const ab = lineOfSight(board, a, b, { targetHeights: [1] })
    const ba = lineOfSight(board, b, a, { targetHeights: [1] })
    expect(ab.clear).toBe(ba.clear)
  })
})
