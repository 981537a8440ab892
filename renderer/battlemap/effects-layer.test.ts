import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
// pixi reads `navigator` when it loads; Node 20 has none (the unit tests run without a DOM)
vi.hoisted(() => {
  if (!('navigator' in globalThis)) Object.assign(globalThis, { navigator: { userAgent: 'node' } })
})
import { Container } from 'pixi.js'
import { EffectsLayer, type EffectsHost } from './effects-layer'
import { TIMING } from './effects-timeline'
import { makeStyles, type Layout } from './style'
import type { Cell } from './view'

// The layer against a fake host and a hand-driven clock: frames come only when the test gives them.

const C = 40
const layout: Layout = {
  cell: C,
  resolution: 1,
  key: 'k',
  styles: makeStyles(C),
  visible: { x: 0, y: 0, width: 800, height: 600 }
}

let now = 0
let frames: Array<(t: number) => void> = []
/** Runs the frames asked for, at time `t`. */
const frame = (t: number) => {
  now = t
  const due = frames
  frames = []
  due.forEach((cb) => cb(t))
}

beforeEach(() => {
  now = 0
  frames = []
  vi.stubGlobal('requestAnimationFrame', (cb: (t: number) => void) => frames.push(cb))
  vi.stubGlobal('cancelAnimationFrame', () => {
    frames = []
  })
  vi.spyOn(performance, 'now').mockImplementation(() => now)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function setup(cells: Record<string, Cell>) {
  const displays = new Map<string, Container>()
  for (const [id, cell] of Object.entries(cells)) {
    const d = new Container()
    d.position.set(cell.x * C, cell.y * C)
    displays.set(id, d)
  }
  const host: EffectsHost & { renders: number } = {
    renders: 0,
    layout: () => layout,
    tokenDisplay: (id) => displays.get(id),
    tokenCell: (id) => cells[id],
    render: () => void host.renders++
  }
  return { host, displays, layer: new EffectsLayer(host) }
}

const path = [
  { x: 2, y: 1 },
  { x: 3, y: 1 },
  { x: 4, y: 1 }
]

describe('EffectsLayer', () => {
  it('slides a synced token from the square it left to its end, 80 ms a square, then stops asking for frames', async () => {
    const { host, displays, layer } = setup({ orc: { x: 4, y: 1 } })
    let done = false
    const played = layer
      .play([{ kind: 'move', id: 'orc', from: { x: 1, y: 1 }, path }])
      .then(() => (done = true))
    const orc = displays.get('orc')!
    // drawn at once, back on its start square
    expect(host.renders).toBe(1)
    expect([orc.x, orc.y]).toEqual([1 * C, 1 * C])
    frame(1.5 * TIMING.square)
    expect(orc.x).toBeCloseTo(2.5 * C)
    frame(3 * TIMING.square)
    await played
    expect(done).toBe(true)
    expect([orc.x, orc.y]).toEqual([4 * C, 1 * C])
    expect(frames).toHaveLength(0)
    expect(layer.playing).toBe(false)
  })

  it('settles a move’s start when the call begins, even if the map syncs the end square during it', async () => {
    const cells: Record<string, Cell> = { orc: { x: 1, y: 1 } }
    const { displays, layer } = setup(cells)
    const played = layer.play([
      { kind: 'focus', id: 'orc' },
      { kind: 'move', id: 'orc', path }
    ])
    // the app syncs the new state while the focus pulse plays: the token layer puts the display at the end
    cells.orc = { x: 4, y: 1 }
    const orc = displays.get('orc')!
    orc.position.set(4 * C, 1 * C)
    layer.refresh()
    expect(orc.x).toBe(1 * C)
    frame(TIMING.focusLead + 1.5 * TIMING.square)
    expect(orc.x).toBeCloseTo(2.5 * C)
    frame(TIMING.focus + TIMING.focusLead + 3 * TIMING.square)
    await played
    expect(orc.x).toBe(4 * C)
  })

  it('with animations off resolves at once, renders nothing and leaves the tokens alone', async () => {
    const { host, displays, layer } = setup({ orc: { x: 4, y: 1 } })
    layer.enabled = false
    await layer.play([{ kind: 'move', id: 'orc', from: { x: 1, y: 1 }, path }])
    expect(host.renders).toBe(0)
    expect(displays.get('orc')!.x).toBe(4 * C)
    expect(frames).toHaveLength(0)
  })

  it('turning animations off mid-move jumps to the end and resolves every waiting call', async () => {
    const { displays, layer } = setup({ orc: { x: 4, y: 1 }, elf: { x: 0, y: 0 } })
    const first = layer.play([{ kind: 'move', id: 'orc', from: { x: 1, y: 1 }, path }])
    const second = layer.play([{ kind: 'push', id: 'elf', from: { x: 0, y: 0 }, to: { x: 0, y: 1 } }])
    frame(50)
    layer.enabled = false
    await Promise.all([first, second])
    expect(displays.get('orc')!.x).toBe(4 * C)
    expect(frames).toHaveLength(0)
  })

  it('calls queue: the second starts when the first ends', async () => {
    const { displays, layer } = setup({ orc: { x: 4, y: 1 }, elf: { x: 0, y: 1 } })
    const order: string[] = []
    const a = layer
      .play([{ kind: 'move', id: 'orc', from: { x: 1, y: 1 }, path }])
      .then(() => order.push('a'))
    const b = layer
      .play([{ kind: 'push', id: 'elf', from: { x: 0, y: 0 }, to: { x: 0, y: 1 } }])
      .then(() => order.push('b'))
    const elf = displays.get('elf')!
    // the elf is not touched while the orc moves
    frame(100)
    expect(elf.y).toBe(1 * C)
    frame(3 * TIMING.square)
    await a
    frame(3 * TIMING.square + 1 + TIMING.push + TIMING.shake)
    await b
    expect(order).toEqual(['a', 'b'])
    expect([elf.x, elf.y]).toEqual([0, 1 * C])
  })

  it('destroy cancels the frames and resolves what was playing', async () => {
    const { layer } = setup({ orc: { x: 4, y: 1 } })
    const played = layer.play([{ kind: 'move', id: 'orc', from: { x: 1, y: 1 }, path }])
    layer.destroy()
    await played
    expect(frames).toHaveLength(0)
    await expect(layer.play([{ kind: 'focus', id: 'orc' }])).resolves.toBeUndefined()
  })

  it('a call whose frames never come (hidden window) still ends after its length and a grace period', async () => {
    vi.useFakeTimers()
    try {
      const { displays, layer } = setup({ orc: { x: 4, y: 1 } })
      const played = layer.play([{ kind: 'move', id: 'orc', from: { x: 1, y: 1 }, path }])
      vi.advanceTimersByTime(3 * TIMING.square + 1000)
      await played
      expect(displays.get('orc')!.x).toBe(4 * C)
    } finally {
      vi.useRealTimers()
    }
  })
})
