import { describe, expect, it } from 'vitest'
import { CHUNK, chunkKeys } from './chunk-keys'
import { minimapBox, minimapPoint } from './camera'
import { fogPixels, FOG_SEEN, FOG_UNSEEN, tokenSeen } from './fog-math'
import type { BattlemapView } from './view'

const base = (over: Partial<BattlemapView> = {}): BattlemapView => ({
  width: 2 * CHUNK,
  height: 2 * CHUNK,
  blocks: [],
  tokens: [],
  reachable: [],
  path: [],
  pathCost: null,
  pathProvokes: 0,
  targets: [],
  refused: null,
  ...over
})

/** Indexes of the chunks whose keys differ between two views. */
function changed(a: BattlemapView, b: BattlemapView): number[] {
  const ka = chunkKeys(a, 2, 2, '')
  const kb = chunkKeys(b, 2, 2, '')
  return ka.flatMap((k, i) => (k === kb[i] ? [] : [i]))
}

describe('chunk keys', () => {
  it('a wall in the middle of a chunk changes only that chunk', () => {
    const wall = { x: CHUNK + 5, y: 5, side: 'n' as const }
    expect(changed(base(), base({ walls: [wall] }))).toEqual([1])
  })

  it('a square on a chunk boundary changes both chunks it can spill into', () => {
    expect(changed(base(), base({ blocks: [{ x: CHUNK - 1, y: 3 }] }))).toEqual([0, 1])
  })

  it('opening a door rebakes its chunk', () => {
    const door = { x: 3, y: CHUNK + 3, side: 'w' as const, open: false }
    expect(changed(base({ doors: [door] }), base({ doors: [{ ...door, open: true }] }))).toEqual([2])
  })

  it('a light counts for every chunk its circle touches', () => {
    const light = { id: 'l', x: CHUNK, y: CHUNK, radius: 3, kind: 'light' as const }
    expect(changed(base(), base({ lights: [light] }))).toEqual([0, 1, 2, 3])
  })

  it('raising one square changes its chunk and neighbours within one square only', () => {
    const flat = new Array<number>(4 * CHUNK * CHUNK).fill(0)
    const raised = [...flat]
    raised[5 * 2 * CHUNK + 5] = 2
    expect(changed(base({ elevation: flat }), base({ elevation: raised }))).toEqual([0])
  })

  it('tokens and highlights do not touch the baked board', () => {
    const token = {
      id: 'a',
      name: 'A',
      side: 's',
      x: 1,
      y: 1,
      z: 0,
      facing: 0,
      life: 1,
      lifeMax: 1,
      out: false,
      color: 0,
      active: true
    }
    expect(changed(base(), base({ tokens: [token], path: [{ x: 2, y: 2 }] }))).toEqual([])
  })
})

describe('fog pixels', () => {
  it('clears visible squares, dims seen ones and blacks out the rest', () => {
    const fog = { visible: Uint8Array.from([1, 0, 0]), seen: Uint8Array.from([1, 1, 0]), version: 1 }
    const px = fogPixels(fog, 3, 1, new Uint8Array(12))
    expect([px[3], px[7], px[11]]).toEqual([0, FOG_SEEN, FOG_UNSEEN])
  })

  it('shows a token if any square of its footprint is visible', () => {
    const visible = new Uint8Array(16)
    visible[1 * 4 + 2] = 1
    const fog = { visible, seen: visible, version: 1 }
    expect(tokenSeen(fog, 4, 1, 0, 2)).toBe(true)
    expect(tokenSeen(fog, 4, 0, 0, 1)).toBe(false)
    expect(tokenSeen(null, 4, 0, 0, 1)).toBe(true)
  })
})

describe('minimap', () => {
  it('sits in the bottom-right corner and maps clicks back to board squares', () => {
    const box = minimapBox(200, 100, 1280, 800)
    expect(box.x + box.width).toBeLessThan(1280)
    expect(box.y + box.height).toBeLessThan(800)
    expect(box.width / box.height).toBeCloseTo(2)
    const p = minimapPoint(box, { x: box.x + box.width / 2, y: box.y + box.height / 4 })
    expect(p?.x).toBeCloseTo(100)
    expect(p?.y).toBeCloseTo(25)
    expect(minimapPoint(box, { x: box.x - 1, y: box.y })).toBeNull()
  })
})
