import { metaCsp } from '../../main/csp'
import { isMain, methodCalls, stringTexts, tsFiles } from './ast'
import { cspProblems, metaTagCsps } from './csp-rules'
import type { Check } from './project'

// Checklist item 7 (issue 18: one CSP string). The header main sends is the policy; the built index.html carries
// exactly metaCsp(header), injected at build time (scripts/csp-meta-plugin.ts), and the source page no copy.

const SOURCE_PAGE = 'renderer/index.html'
const BUILT_PAGE = 'out/renderer/index.html'

/** Item 7. */
export const cspCheck: Check = {
  id: 'csp',
  items: [7],
  title:
    'a strict CSP header; the built index.html carries exactly its meta form and the source page no copy; ' +
    'no eval( in the renderer bundle',
  run(p) {
    const out: string[] = []
    const source = p.sources.get(SOURCE_PAGE)
    if (source !== undefined && metaTagCsps(source).length > 0)
      out.push(`${SOURCE_PAGE}: a hand-written CSP meta tag (a second copy of the policy, free to drift)`)
    const built = p.build.get(BUILT_PAGE)
    const metas = built === undefined ? [] : metaTagCsps(built)
    if (metas.length !== 1) out.push(`${BUILT_PAGE}: ${metas.length} CSP meta tags, not 1`)
    for (const csp of metas) {
      out.push(...cspProblems(csp).map((m) => `${BUILT_PAGE}: ${m}`))
      if (p.headerCsp !== undefined && csp !== metaCsp(p.headerCsp))
        out.push(`${BUILT_PAGE}: the meta CSP is not the header's (a stale build?): ${csp}`)
    }
    if (p.headerCsp === undefined) out.push('main sends no CSP header')
    else out.push(...cspProblems(p.headerCsp).map((m) => `header: ${m}`))
    const sets = tsFiles(p, isMain).some(([, sf]) =>
      methodCalls(sf, 'onHeadersReceived').some((c) =>
        stringTexts(c).some((s) => s.text === 'Content-Security-Policy')
      )
    )
    if (!sets) out.push('main never sets Content-Security-Policy in onHeadersReceived')
    for (const [file, text] of p.build)
      if (file.startsWith('out/renderer/') && /(^|[^.\w$])eval\s*\(/.test(text))
        out.push(`${file}: calls eval(`)
    return out
  }
}
