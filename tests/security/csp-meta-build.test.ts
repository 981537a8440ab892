import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAppRequestHandler } from '../../main/app-protocol'
import { metaCsp, RENDERER_CSP } from '../../main/csp'
import { injectCspMeta } from '../../scripts/csp-meta-plugin'
import { ensureElectronBuild, REPO } from './build-output'
import { metaTagCsps } from './csp-rules'

// Issue 18: one CSP string. main/csp.ts's RENDERER_CSP goes out as the header, and as metaCsp(RENDERER_CSP) in
// the index.html of both renderer builds, injected at build time; the source page carries none of its own.

const source = (): Promise<string> => readFile(join(REPO, 'renderer/index.html'), 'utf8')

describe('the CSP meta tag is injected from main/csp.ts', () => {
  it('renderer/index.html carries no hand-written copy', async () => {
    expect(metaTagCsps(await source())).toEqual([])
  })

  it('goes right after the charset, before every script and stylesheet', async () => {
    const html = injectCspMeta(await source())
    expect(metaTagCsps(html)).toEqual([metaCsp(RENDERER_CSP)])
    const at = html.indexOf('http-equiv="Content-Security-Policy"')
    expect(html.indexOf('<meta charset')).toBeLessThan(at)
    expect(html.search(/<script|<link rel="stylesheet"/)).toBeGreaterThan(at)
  })

  it('refuses a page that has its own, and a page with no head', () => {
    const own = `<head><meta http-equiv="Content-Security-Policy" content="default-src *"></head>`
    expect(() => injectCspMeta(own)).toThrow(/its own CSP meta tag/)
    expect(() => injectCspMeta('<body></body>')).toThrow(/no <head>/)
    expect(() => injectCspMeta('<head></head>', `default-src 'self' "x"`)).toThrow(/attribute/)
  })
})

describe('the built pages carry exactly metaCsp(RENDERER_CSP)', () => {
  beforeAll(() => ensureElectronBuild(), 180_000)

  it('electron-vite build: out/renderer/index.html, served on app:// with RENDERER_CSP as the header', async () => {
    const serve = createAppRequestHandler({ root: join(REPO, 'out/renderer'), csp: RENDERER_CSP })
    const page = await serve(new Request('app://emboscada/index.html'))
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP)
    expect(metaTagCsps(await page.text())).toEqual([metaCsp(RENDERER_CSP)])
  })

  it('the web build (vite.web.config.ts)', async () => {
    // Its own folder, so a build here never clobbers out/web that someone else is serving.
    const outDir = await mkdtemp(join(tmpdir(), 'emboscada-web-csp-'))
    try {
      await build({
        configFile: join(REPO, 'vite.web.config.ts'),
        build: { outDir, emptyOutDir: true },
        logLevel: 'silent'
      })
      const html = await readFile(join(outDir, 'index.html'), 'utf8')
      expect(metaTagCsps(html)).toEqual([metaCsp(RENDERER_CSP)])
    } finally {
      await rm(outDir, { recursive: true, force: true })
    }
  }, 180_000)
})
