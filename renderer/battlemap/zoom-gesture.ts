/** How long after the last zoom step the board is sharpened (chunks baked at the new level). */
export const ZOOM_SETTLE_MS = 180

/**
 * A zoom gesture in progress. While it lasts, chunks baked at another resolution are shown stretched
 * instead of baked again at every level the wheel crosses (bench:map: zoom frames had re-baked 90+
 * chunks, p95 19 ms on Canvas2D); once the wheel or keys have been still for {@link ZOOM_SETTLE_MS}, it
 * asks for one frame, which bakes what is on screen at the sharp level.
 */
export class ZoomGesture {
  private until = 0
  private timer: ReturnType<typeof setTimeout> | 0 = 0

  constructor(private readonly settled: () => void) {}

  /** A zoom step happened now. */
  step(): void {
    this.until = performance.now() + ZOOM_SETTLE_MS
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = 0
      this.settled()
    }, ZOOM_SETTLE_MS)
  }

  /** True while the gesture runs. */
  get active(): boolean {
    return performance.now() < this.until
  }

  /** Ends the gesture now (the next frame bakes sharp), for callers that cannot wait. */
  settle(): void {
    this.until = 0
  }

  /** Cancels the pending sharpening (the map is closing). */
  destroy(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = 0
  }
}
