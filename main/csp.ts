// No Node or Electron imports: the renderer build and tests may read these constants too.

/**
 * The production Content-Security-Policy, and the only copy: main sends it as a header, and both renderer
 * builds inject {@link metaCsp} of it into index.html (scripts/csp-meta-plugin.ts), so a page opened without
 * the header (the web build, a saved copy) keeps the same rules.
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

/**
 * Directives a policy delivered in a <meta> tag cannot carry: browsers ignore them there (CSP3 §3.3, "The
 * report-uri, frame-ancestors, and sandbox directives" are not supported in meta) and Chromium logs a console
 * error for each. They stay in the header.
 */
export const HEADER_ONLY_DIRECTIVES: readonly string[] = ['frame-ancestors', 'report-uri', 'sandbox']

/** The policy as a <meta http-equiv> tag carries it: `csp` without the header-only directives, else unchanged. */
export function metaCsp(csp: string): string {
  return csp
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '')
    .filter((directive) => !HEADER_ONLY_DIRECTIVES.includes(directive.split(/\s+/)[0]!.toLowerCase()))
    .join('; ')
}
