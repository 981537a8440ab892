import { Application } from 'pixi.js'
import { palette } from './style'

/** Which pixi renderer to ask for: WebGL, or Canvas2D (faster in software-only browsers). */
export type RendererPreference = 'webgl' | 'canvas'

/**
 * A pixi Application sized to `host`, its canvas appended, that renders only when asked (`autoStart: false`):
 * both maps draw on state changes, never on a ticker (software WebGL takes ~100 ms a frame in tests).
 */
export async function createMapApp(host: HTMLElement, preference?: RendererPreference): Promise<Application> {
  const app = new Application()
  await app.init({
    width: Math.max(1, host.clientWidth),
    height: Math.max(1, host.clientHeight),
    antialias: true,
    backgroundColor: palette.background,
    resolution: window.devicePixelRatio || 1,
    autoDensity: true,
    autoStart: false,
    ...(preference ? { preference } : {})
  })
  app.canvas.style.display = 'block'
  host.appendChild(app.canvas)
  return app
}

/**
 * Resizes the renderer to the host's CSS size and the current pixel density (the window may have moved to
 * a screen with another one); returns that size.
 */
export function fitToHost(app: Application, host: HTMLElement): { w: number; h: number } {
  const w = Math.max(1, host.clientWidth)
  const h = Math.max(1, host.clientHeight)
  const dpr = window.devicePixelRatio || 1
  const r = app.renderer
  if (w !== r.width || h !== r.height || dpr !== r.resolution) r.resize(w, h, dpr)
  return { w, h }
}
