import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ZOOM_SETTLE_MS, ZoomGesture } from './zoom-gesture'

describe('ZoomGesture', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs while zoom steps keep coming and asks for one sharp frame once they stop', () => {
    const settled = vi.fn()
    const zoom = new ZoomGesture(settled)
    expect(zoom.active).toBe(false)
    zoom.step()
    vi.advanceTimersByTime(ZOOM_SETTLE_MS - 10)
    zoom.step()
    vi.advanceTimersByTime(ZOOM_SETTLE_MS - 10)
    expect(zoom.active).toBe(true)
    expect(settled).not.toHaveBeenCalled()
    vi.advanceTimersByTime(20)
    expect(zoom.active).toBe(false)
    expect(settled).toHaveBeenCalledTimes(1)
  })

  it('ends at once when settled, and never fires after being destroyed', () => {
    const settled = vi.fn()
    const zoom = new ZoomGesture(settled)
    zoom.step()
    zoom.settle()
    expect(zoom.active).toBe(false)
    zoom.step()
    zoom.destroy()
    vi.advanceTimersByTime(ZOOM_SETTLE_MS * 2)
    expect(settled).not.toHaveBeenCalled()
  })
})
