import { BufferImageSource, Container, Sprite, Texture } from 'pixi.js'
import { BASE_CELL } from './camera'
import { fogPixels } from './fog-math'
import type { FogView } from './view'

/**
 * Fog of war as one texture of one pixel per square, scaled up to the board with nearest filtering: the
 * whole fog is a single sprite whatever the board size, and a change re-uploads w × h × 4 bytes.
 * Redrawn only when `fog.version` (or the board size) changes.
 */
export class FogLayer {
  readonly container = new Container()
  private readonly sprite = new Sprite()
  private tex: Texture | null = null
  private pixels: Uint8Array | null = null
  private key = ''

  constructor() {
    this.container.addChild(this.sprite)
    this.container.visible = false
  }

  /** Updates the fog texture if the fog changed; true if anything visible changed. */
  sync(fog: FogView | null | undefined, w: number, h: number): boolean {
    if (!fog) {
      const was = this.container.visible
      this.container.visible = false
      this.key = ''
      return was
    }
    const key = `${w}x${h}:${fog.version}`
    if (key === this.key && this.tex) return false
    this.key = key
    if (!this.tex || this.tex.source.width !== w || this.tex.source.height !== h) {
      this.tex?.destroy(true)
      this.pixels = new Uint8Array(w * h * 4)
      const source = new BufferImageSource({
        resource: this.pixels,
        width: w,
        height: h,
        format: 'rgba8unorm',
        scaleMode: 'nearest'
      })
      this.tex = new Texture({ source })
      this.sprite.texture = this.tex
      this.sprite.scale.set(BASE_CELL)
    }
    fogPixels(fog, w, h, this.pixels!)
    this.tex.source.update()
    this.container.visible = true
    return true
  }

  /** Forgets the drawn version so the next sync re-uploads (after a lost WebGL context). */
  invalidate(): void {
    this.key = ''
  }

  /** The fog texture while fog is shown (the minimap shares it), else null. */
  texture(): Texture | null {
    return this.container.visible ? this.tex : null
  }

  /** 1 while the fog texture exists. */
  liveTextures(): number {
    return this.tex ? 1 : 0
  }

  /** Destroys the texture and sprite. */
  destroy(): void {
    this.tex?.destroy(true)
    this.tex = null
    this.container.destroy({ children: true })
  }
}
