import type { Styles } from '../style'
import type { Fit } from './transform'

/**
 * Pixel geometry of the inches map. The world container sits at the table's top-left corner, and every
 * layer draws in CSS px from there (board units × `fit.scale`), so lines and text keep their size at any fit.
 */
export interface InchesLayout {
  fit: Fit
  pxPerInch: number
  /** Device pixels per CSS pixel that baked textures were drawn at. */
  resolution: number
  styles: Styles
  /** The canvas in world coordinates, for keeping labels on screen. */
  visible: { x: number; y: number; width: number; height: number }
  /** Changes whenever anything above does: layers compare it to know they must redraw. */
  key: string
}

/** Board units → world px. */
export function px(layout: InchesLayout, units: number): number {
  return units * layout.fit.scale
}
