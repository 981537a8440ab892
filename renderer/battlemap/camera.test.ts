import { describe, expect, it } from 'vitest'
import {
  BASE_CELL,
  bakeLevel,
  boardToScreen,
  cellAtPoint,
  centerOn,
  chunkRange,
  fitCamera,
  keepOnScreen,
  MAX_ZOOM,
  MIN_ZOOM,
  nearestEdge,
  screenToBoard,
  visibleWorld,
  zoomAbout
} from './camera'

describe('camera transforms', () => {
  it('maps board points to the screen and back', () => {
    const cam = { x: 37, y: -12, scale: 0.75 }
    const p = { x: 3.25, y: 7.5 }
    const s = boardToScreen(cam, p)
    expect(s.x).toBeCloseTo(37 + 3.25 * BASE_CELL * 0.75)
    const back = screenToBoard(cam, s)
    expect(back.x).toBeCloseTo(p.x)
    expect(back.y).toBeCloseTo(p.y)
  })

  it('zooms about the cursor: the board point under it stays under it', () => {
    const cam = { x: 20, y: 30, scale: 1 }
    const at = { x: 300, y: 200 }
    const before = screenToBoard(cam, at)
    const next = zoomAbout(cam, 1.7, at)
    expect(next.scale).toBeCloseTo(1.7)
    const after = screenToBoard(next, at)
    expect(after.x).toBeCloseTo(before.x)
    expect(after.y).toBeCloseTo(before.y)
  })

  it('clamps the zoom to its range and keeps the cursor fixed at the limit', () => {
    const cam = { x: 0, y: 0, scale: 1 }
    expect(zoomAbout(cam, 100, { x: 5, y: 5 }).scale).toBe(MAX_ZOOM)
    expect(zoomAbout(cam, 0.001, { x: 5, y: 5 }).scale).toBe(MIN_ZOOM)
    const at = { x: 123, y: 45 }
    const limit = zoomAbout(cam, 100, at)
    expect(screenToBoard(limit, at).x).toBeCloseTo(screenToBoard(cam, at).x)
  })

  it('fits a small board centred, with the gutter, and pins a huge one top-left at the minimum square', () => {
    const small = fitCamera(10, 5, 1000, 600, 20)
    const boardW = 10 * BASE_CELL * small.scale
    const boardH = 5 * BASE_CELL * small.scale
    expect(boardW).toBeLessThanOrEqual(1000 - 40 + 1e-9)
    expect(boardH).toBeLessThanOrEqual(600 - 40 + 1e-9)
    // one of the two dimensions is tight
    expect(Math.max(boardW / 960, boardH / 560)).toBeCloseTo(1)
    expect(Math.abs(small.x + boardW / 2 - 500)).toBeLessThanOrEqual(1)
    const huge = fitCamera(200, 200, 800, 600, 20, 16)
    expect(huge.scale * BASE_CELL).toBeCloseTo(16)
    expect(huge).toMatchObject({ x: 20, y: 20 })
  })

  it('centres a square on the screen without changing the zoom', () => {
    const cam = centerOn({ x: 0, y: 0, scale: 2 }, { x: 10, y: 4 }, 800, 600)
    expect(cam.scale).toBe(2)
    const c = boardToScreen(cam, { x: 10.5, y: 4.5 })
    expect(c).toEqual({ x: 400, y: 300 })
  })

  it('never lets the board leave the screen', () => {
    const far = keepOnScreen({ x: -99999, y: 99999, scale: 1 }, 20, 20, 800, 600, 64)
    const w = 20 * BASE_CELL
    // the board's right edge is still 64 px into the screen, its top edge 64 px above the bottom
    expect(far.x + w).toBe(64)
    expect(far.y).toBe(600 - 64)
  })

  it('reports the visible world rectangle', () => {
    const v = visibleWorld({ x: -400, y: 100, scale: 0.5 }, 800, 600)
    expect(v).toEqual({ x: 800, y: -200, width: 1600, height: 1200 })
  })
})

describe('board picking', () => {
  it('finds the square under a point, and none off the board', () => {
    expect(cellAtPoint({ x: 2.99, y: 0.01 }, 5, 5)).toEqual({ x: 2, y: 0 })
    expect(cellAtPoint({ x: -0.01, y: 1 }, 5, 5)).toBeNull()
    expect(cellAtPoint({ x: 5, y: 1 }, 5, 5)).toBeNull()
  })

  it('picks the nearest edge within a quarter square, named canonically', () => {
    // near the line x = 3, halfway down square row 1: the west edge of (3, 1)
    expect(nearestEdge({ x: 3.1, y: 1.5 }, 10, 10)).toEqual({ x: 3, y: 1, side: 'w' })
    // near the line y = 2 inside column 4: the north edge of (4, 2)
    expect(nearestEdge({ x: 4.5, y: 1.8 }, 10, 10)).toEqual({ x: 4, y: 2, side: 'n' })
    // the middle of a square is near no edge
    expect(nearestEdge({ x: 4.5, y: 4.5 }, 10, 10)).toBeNull()
    expect(nearestEdge({ x: 4.7, y: 4.5 }, 10, 10)).toBeNull()
  })

  it('names the board’s far edges as x = width / y = height and refuses edges outside', () => {
    expect(nearestEdge({ x: 9.9, y: 3.5 }, 10, 10)).toEqual({ x: 10, y: 3, side: 'w' })
    expect(nearestEdge({ x: 2.5, y: 10.1 }, 10, 10)).toEqual({ x: 2, y: 10, side: 'n' })
    expect(nearestEdge({ x: 10.1, y: 10.1 }, 10, 10)).toBeNull()
    expect(nearestEdge({ x: -1, y: 3 }, 10, 10)).toBeNull()
  })

  it('at a corner picks the nearer line', () => {
    expect(nearestEdge({ x: 3.05, y: 2.2 }, 10, 10)?.side).toBe('w')
    expect(nearestEdge({ x: 3.2, y: 2.05 }, 10, 10)?.side).toBe('n')
  })
})

describe('chunks', () => {
  it('lists the chunks a rectangle touches, clipped to the board', () => {
    expect(chunkRange({ x: -50, y: 100, width: 700, height: 10 }, 640, 4, 4)).toEqual({
      x0: 0,
      y0: 0,
      x1: 1,
      y1: 0
    })
    expect(chunkRange({ x: 5000, y: 0, width: 10, height: 10 }, 640, 4, 4)).toBeNull()
    expect(chunkRange({ x: 0, y: 0, width: 99999, height: 99999 }, 640, 4, 3)).toEqual({
      x0: 0,
      y0: 0,
      x1: 3,
      y1: 2
    })
  })

  it('bakes at the power of two at or above the zoom, between 0.25 and 2', () => {
    expect(bakeLevel(0.1)).toBe(0.25)
    expect(bakeLevel(0.3)).toBe(0.5)
    expect(bakeLevel(0.5)).toBe(0.5)
    expect(bakeLevel(1)).toBe(1)
    expect(bakeLevel(1.2)).toBe(2)
    expect(bakeLevel(4)).toBe(2)
  })
})
