import type { Plugin } from 'vite'
import { metaCsp, RENDERER_CSP } from '../main/csp'

// One CSP string: main/csp.ts. Both renderer builds (electron.vite.config.ts, vite.web.config.ts) put it into
// index.html through this plugin, so the meta tag cannot drift from the header main sends.

const CSP_META = /<meta\s[^>]*http-equiv\s*=\s*["']?Content-Security-Policy/i
const CHARSET_META = /<meta\s+charset=[^>]*>/i
const HEAD = /<head(\s[^>]*)?>/i

/** `html` with the policy's meta tag right after the charset declaration (or first in <head>). */
export function injectCspMeta(html: string, csp: string = RENDERER_CSP): string {
  if (CSP_META.test(html))
    throw new Error(
      'index.html has its own CSP meta tag; main/csp.ts is the only copy, injected at build time'
    )
  const content = metaCsp(csp)
  // Written as is rather than through Vite's tag descriptors, which would escape every ' to &#39;: the tag
  // then reads like the constant. A policy never needs " or &, so refuse them instead of escaping.
  if (/["&<>]/.test(content)) throw new Error(`the CSP cannot go in an attribute as is: ${content}`)
  const tag = `<meta http-equiv="Content-Security-Policy" content="${content}" />`
  // Before anything it governs: a meta policy applies only to what follows it.
  const anchor = CHARSET_META.exec(html) ?? HEAD.exec(html)
  if (anchor === null) throw new Error('index.html has no <head> to put the CSP meta tag in')
  const at = anchor.index + anchor[0].length
  return `${html.slice(0, at)}\n    ${tag}${html.slice(at)}`
}

/** The Vite plugin both renderer builds use: index.html gets `metaCsp(RENDERER_CSP)` in dev and build alike. */
export function cspMetaPlugin(csp: string = RENDERER_CSP): Plugin {
  return {
    name: 'emboscada:csp-meta',
    // 'pre': in place before Vite adds its own script and link tags.
    transformIndexHtml: { order: 'pre', handler: (html) => injectCspMeta(html, csp) }
  }
}
