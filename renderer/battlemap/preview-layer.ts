import { Graphics } from 'pixi.js'
import { edgeSegment } from './board-draw'
import { BASE_CELL } from './camera'
import { palette } from './style'
import type { EditPreview } from './view'

/**
 * The map editor's hover preview (`view.editPreview`): the edge or squares the current tool would change,
 * in the tool colour, or red when it would remove. Live vector (a handful of shapes), never baked.
 */
export class PreviewLayer {
  readonly container = new Graphics()
  private key = ''

  /** Redraws when the preview changed; true if it did. */
  sync(preview: EditPreview | null | undefined): boolean {
    const key = preview ? JSON.stringify(preview) : ''
    if (key === this.key) return false
    this.key = key
    const g = this.container.clear()
    if (!preview) return true
    const c = BASE_CELL
    const color = preview.mode === 'remove' ? palette.previewRemove : palette.previewAdd
    for (const cell of preview.cells ?? []) g.rect(cell.x * c, cell.y * c, c, c)
    if (preview.cells?.length) {
      g.fill({ color, alpha: 0.25 })
      for (const cell of preview.cells) g.rect(cell.x * c + 1, cell.y * c + 1, c - 2, c - 2)
      g.stroke({ width: 2, color, alpha: 0.9 })
    }
    if (preview.edge) {
      const [x1, y1, x2, y2] = edgeSegment(preview.edge, c)
      g.moveTo(x1, y1)
        .lineTo(x2, y2)
        .stroke({ width: Math.round(c * 0.22), color, alpha: 0.85, cap: 'round' })
    }
    return true
  }

  /** Destroys the graphics. */
  destroy(): void {
    this.container.destroy()
  }
}
