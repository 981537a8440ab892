import type { Renderer, WebGLRenderer } from 'pixi.js'

/**
 * Watches the canvas for a lost WebGL context. Pixi recreates its GPU objects on restore and re-uploads
 * textures that have a CPU source (pictures, text, buffers), but render textures come back empty: the map
 * rebakes them in `onRestored`, which runs after pixi's own handler (registered first, at init).
 */
export class ContextWatch {
  /** Contexts lost since the map was created. */
  losses = 0
  /** True between a loss and its restoration: nothing may render then. */
  lost = false
  private readonly waiters: Array<() => void> = []
  private readonly onLost = (): void => {
    this.lost = true
    this.losses++
  }
  private readonly onRestore = (): void => {
    this.lost = false
    this.onRestored()
    for (const resolve of this.waiters.splice(0)) resolve()
  }

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly renderer: Renderer,
    private readonly onRestored: () => void
  ) {
    canvas.addEventListener('webglcontextlost', this.onLost)
    canvas.addEventListener('webglcontextrestored', this.onRestore)
  }

  /**
   * Loses the context with the WEBGL_lose_context extension (pixi's `forceContextLoss`, which restores it
   * on the next tick) and resolves once the map has redrawn. Rejects on a renderer without WebGL.
   */
  loseForTest(): Promise<void> {
    const context = (this.renderer as WebGLRenderer).context
    if (!context || typeof context.forceContextLoss !== 'function') {
      return Promise.reject(new Error('not a WebGL renderer'))
    }
    return new Promise((resolve) => {
      this.waiters.push(resolve)
      context.forceContextLoss()
    })
  }

  /** Stops listening. */
  destroy(): void {
    this.canvas.removeEventListener('webglcontextlost', this.onLost)
    this.canvas.removeEventListener('webglcontextrestored', this.onRestore)
    for (const resolve of this.waiters.splice(0)) resolve()
  }
}
