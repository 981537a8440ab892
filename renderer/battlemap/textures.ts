import { Rectangle, type Container, type Renderer, type Texture } from 'pixi.js'

/** Renders a throwaway display object into a texture, then destroys the object. */
export function bake(renderer: Renderer, target: Container, frame: Rectangle): Texture {
  // antialias: the texture is drawn once and reused, so smooth edges cost nothing later
  const texture = renderer.generateTexture({
    target,
    frame,
    resolution: renderer.resolution,
    antialias: true
  })
  target.destroy({ children: true })
  return texture
}

/**
 * Textures generated once per key (token body per colour, rings, marks) and shared by sprites,
 * because a Graphics per token is not batched and is several times slower on software WebGL.
 */
export class TextureCache {
  private readonly textures = new Map<string, Texture>()

  constructor(private readonly renderer: Renderer) {}

  /** The texture for `key`, drawn by `draw` (centred on `size/2`) the first time it is asked for. */
  get(key: string, size: number, draw: () => Container): Texture {
    let texture = this.textures.get(key)
    if (!texture) {
      const side = Math.ceil(size)
      texture = bake(this.renderer, draw(), new Rectangle(0, 0, side, side))
      this.textures.set(key, texture)
    }
    return texture
  }

  /** How many textures it holds (the map's texture count for the memory check). */
  get size(): number {
    return this.textures.size
  }

  /** Drops every texture (the square size changed, or the map is closing). */
  clear(): void {
    for (const texture of this.textures.values()) texture.destroy(true)
    this.textures.clear()
  }
}
