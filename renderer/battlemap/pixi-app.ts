import { Application } from 'pixi.js'
import { palette } from './style'

/**
 * Which pixi renderer to ask for: WebGL, Canvas2D (faster in software-only browsers), or `auto`: Canvas2D
 * when WebGL would run on a software rasteriser (SwiftShader, llvmpipe), else WebGL.
 */
export type RendererPreference = 'webgl' | 'canvas' | 'auto'

/**
 * True when this browser's WebGL is a software rasteriser. The map bench measured a full-screen quad at
 * ~70 ms in SwiftShader against ~1 ms for Canvas2D (Skia) on the same machine: fill rate, not scene
 * size, bounds a software WebGL frame, so no scene design reaches 60 fps there.
 */
export function softwareWebGL(): boolean {
  const canvas = document.createElement('canvas')
  const gl = canvas.getContext('webgl2', {
    failIfMajorPerformanceCaveat: true
  }) as WebGL2RenderingContext | null
  if (!gl) return true
  const info = gl.getExtension('WEBGL_debug_renderer_info')
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER))
  gl.getExtension('WEBGL_lose_context')?.loseContext()
  return /swiftshader|llvmpipe|softpipe|software/i.test(name)
}

/**
 * A pixi Application sized to `host`, its canvas appended, that renders only when asked (`autoStart: false`):
 * both maps draw on state changes, never on a ticker (software WebGL takes ~100 ms a frame in tests).
 */
export async function createMapApp(host: HTMLElement, preference?: RendererPreference): Promise<Application> {
  const app = new Application()
  const asked = preference === 'auto' ? (softwareWebGL() ? 'canvas' : 'webgl') : preference
  await app.init({
    width: Math.max(1, host.clientWidth),
    height: Math.max(1, host.clientHeight),
    antialias: true,
    backgroundColor: palette.background,
    resolution: window.devicePixelRatio || 1,
    autoDensity: true,
    autoStart: false,
    ...(asked ? { preference: asked } : {})
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
