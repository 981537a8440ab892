// No Node or Electron imports: the renderer build and tests may read these constants too.

/**
 * The production Content-Security-Policy; renderer/index.html carries the same string in a meta tag.
 * No 'unsafe-eval': the renderer imports pixi.js/unsafe-eval, which avoids pixi's runtime shader codegen.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join('; ')

/**
 * The CSP to send as a header: the production one, plus the dev server's websocket for hot reload.
 * CSP3 'self' already matches same-origin ws:, but naming the origin also covers Chromium builds that lag.
 */
export function cspFor(devServerUrl?: string): string {
  if (devServerUrl === undefined) return RENDERER_CSP
  const { protocol, host } = new URL(devServerUrl)
  const ws = `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`
  return RENDERER_CSP.replace("connect-src 'self'", `connect-src 'self' ${ws}`)
}
