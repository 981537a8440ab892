import { describe, expect, it } from 'vitest'
import {
  alongPath,
  easeOut,
  moveCells,
  moveDuration,
  schedule,
  shake,
  TIMING,
  withStarts
} from './effects-timeline'
import type { MapEffect } from './view'

const steps = (e: MapEffect) => (e.kind === 'move' ? e.path.length : 0)

describe('moveDuration', () => {
  it('80 ms a square, never past 600 ms', () => {
    expect(moveDuration(1)).toBe(TIMING.square)
    expect(moveDuration(4)).toBe(4 * TIMING.square)
    expect(moveDuration(40)).toBe(TIMING.moveCap)
    expect(moveDuration(0)).toBe(0)
  })
})

describe('schedule', () => {
  it('an AI step: focus leads, the move plays through, the hit lands, its number follows a beat later', () => {
    const effects: MapEffect[] = [
      { kind: 'focus', id: 'orc' },
      {
        kind: 'move',
        id: 'orc',
        path: [
          { x: 1, y: 0 },
          { x: 2, y: 0 },
          { x: 3, y: 0 }
        ]
      },
      { kind: 'hit', id: 'kira' },
      { kind: 'damage', id: 'kira', amount: 7 }
    ]
    const { items, total } = schedule(effects, steps)
    const move = TIMING.focusLead
    const hit = move + 3 * TIMING.square
    expect(items.map((s) => [s.effect.kind, s.start])).toEqual([
      ['focus', 0],
      ['move', move],
      ['hit', hit],
      ['damage', hit + TIMING.beat]
    ])
    expect(total).toBe(hit + TIMING.beat + TIMING.number)
  })

  it('numbers of one area float up together; a knockback waits for the hit before it', () => {
    const { items } = schedule(
      [
        { kind: 'damage', id: 'a', amount: 3 },
        { kind: 'damage', id: 'b', amount: 4 },
        { kind: 'hit', id: 'c' },
        { kind: 'push', id: 'c', from: { x: 0, y: 0 }, to: { x: 1, y: 0 } },
        { kind: 'miss', id: 'd' }
      ],
      steps
    )
    expect(items.map((s) => s.start)).toEqual([
      0,
      0,
      0,
      TIMING.beat,
      TIMING.beat + TIMING.push + TIMING.shake
    ])
  })

  it('a move that goes nowhere takes no time and is left out', () => {
    const { items, total } = schedule([{ kind: 'move', id: 'a', path: [] }], steps)
    expect(items).toEqual([])
    expect(total).toBe(0)
  })
})

describe('moveCells', () => {
  const path = [
    { x: 2, y: 1 },
    { x: 3, y: 1 }
  ]
  it('starts from `from` when the effect gives it, without repeating it', () => {
    expect(moveCells(path, { x: 1, y: 1 }, undefined)).toEqual([{ x: 1, y: 1 }, ...path])
    expect(moveCells([{ x: 1, y: 1 }, ...path], { x: 1, y: 1 }, undefined)).toEqual([{ x: 1, y: 1 }, ...path])
  })
  it('else from the token’s square while the map still shows it there, else the path alone', () => {
    expect(moveCells(path, undefined, { x: 1, y: 0 })).toEqual([{ x: 1, y: 0 }, ...path])
    expect(moveCells(path, undefined, { x: 3, y: 1 })).toEqual(path)
  })
})

describe('curves', () => {
  it('alongPath: equal time per step, clamped at both ends', () => {
    const cells = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 2 }
    ]
    expect(alongPath(cells, 0)).toEqual({ x: 0, y: 0 })
    expect(alongPath(cells, 0.25)).toEqual({ x: 0.5, y: 0 })
    expect(alongPath(cells, 0.75)).toEqual({ x: 1, y: 1 })
    expect(alongPath(cells, 1.5)).toEqual({ x: 1, y: 2 })
    expect(alongPath([{ x: 4, y: 4 }], 0.5)).toEqual({ x: 4, y: 4 })
  })

  it('easeOut runs 0 → 1 and is past half-way at half time; shake dies out', () => {
    expect(easeOut(0)).toBe(0)
    expect(easeOut(1)).toBe(1)
    expect(easeOut(0.5)).toBeGreaterThan(0.5)
    expect(shake(0)).toBeCloseTo(0)
    expect(shake(1)).toBeCloseTo(0)
    expect(Math.abs(shake(0.9))).toBeLessThan(Math.abs(shake(1 / 12)))
  })
})

describe('withStarts', () => {
  const path = [
    { x: 2, y: 1 },
    { x: 3, y: 1 }
  ]
  it('settles each move’s start when the call begins: the token’s square unless it is already the end', () => {
    const unsynced = withStarts([{ kind: 'move', id: 'a', path }], () => ({ x: 1, y: 1 }))
    expect(unsynced).toEqual([{ kind: 'move', id: 'a', path, from: { x: 1, y: 1 } }])
    const synced = withStarts([{ kind: 'move', id: 'a', path }], () => ({ x: 3, y: 1 }))
    expect(synced).toEqual([{ kind: 'move', id: 'a', path }])
  })

  it('a later move or knockback of the same token starts where the one before ended', () => {
    const effects = withStarts(
      [
        { kind: 'move', id: 'a', path, from: { x: 1, y: 1 } },
        { kind: 'move', id: 'a', path: [{ x: 4, y: 2 }] },
        { kind: 'push', id: 'a', from: { x: 4, y: 2 }, to: { x: 5, y: 2 } },
        { kind: 'move', id: 'a', path: [{ x: 6, y: 2 }] }
      ],
      () => ({ x: 6, y: 2 })
    )
    expect(effects[1]).toEqual({ kind: 'move', id: 'a', path: [{ x: 4, y: 2 }], from: { x: 3, y: 1 } })
    expect(effects[3]).toEqual({ kind: 'move', id: 'a', path: [{ x: 6, y: 2 }], from: { x: 5, y: 2 } })
  })
})
