import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { metaCsp, RENDERER_CSP } from '../../main/csp'
import { directives } from './csp-rules'

// Static checks over the sources (reliability.md §c1.1): cheap, and they catch the regressions a mocked
// behaviour test cannot see, such as a second module quietly calling ipcMain.

const repo = fileURLToPath(new URL('../..', import.meta.url))

function sources(dir: string): string[] {
  const root = join(repo, dir)
  if (!existsSync(root)) return []
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|svelte)$/.test(f) && !/\.test\.ts$/.test(f))
    .map((f) => join(root, f))
}

const all = ['main', 'renderer', 'rules', 'ai'].flatMap(sources)
const rel = (file: string): string => relative(repo, file).split('\\').join('/')
const text = (file: string): string => readFileSync(file, 'utf8')

describe('IPC and Electron boundaries', () => {
  it('touches ipcMain / ipcRenderer only in the two wrapper modules', () => {
    const users = all.filter((f) => /\bipc(Main|Renderer)\s*\.\s*\w+/.test(text(f))).map(rel)
    expect(users.sort()).toEqual(['main/ipc/handlers.ts', 'main/preload/index.ts'])
  })

  it("imports 'electron' only from main/", () => {
    const importers = all.filter((f) =>
      /from\s+['"]electron['"]|require\(\s*['"]electron['"]\s*\)/.test(text(f))
    )
    expect(importers.map(rel).filter((f) => !f.startsWith('main/'))).toEqual([])
  })

  it('never weakens a web preference and never opens external links', () => {
    const weak =
      /sandbox:\s*false|contextIsolation:\s*false|nodeIntegration\w*:\s*true|webSecurity:\s*false|allowRunningInsecureContent:\s*true|experimentalFeatures:\s*true|enableBlinkFeatures|webviewTag:\s*true|openExternal/
    expect(all.filter((f) => weak.test(text(f))).map(rel)).toEqual([])
  })

  it('creates BrowserWindows only in main/window.ts, with the shared secure preferences', () => {
    const creators = all.filter((f) => /new\s+BrowserWindow\s*\(/.test(text(f))).map(rel)
    expect(creators).toEqual(['main/window.ts'])
    expect(text(join(repo, 'main/window.ts'))).toMatch(/webPreferences:\s*secureWebPreferences\(/)
  })
})

describe('Content-Security-Policy', () => {
  function expectStrict(csp: string): void {
    const d = directives(csp)
    const script = d.get('script-src') ?? d.get('default-src') ?? []
    expect(script).not.toContain("'unsafe-eval'")
    expect(script).not.toContain("'unsafe-inline'")
    expect(script.some((s) => /^(https?:|\*|data:)/.test(s))).toBe(false)
    expect(d.get('object-src')).toEqual(["'none'"])
    expect(d.get('base-uri')).toEqual(["'none'"])
    expect(d.get('default-src')).toEqual(["'self'"])
    expect(csp).not.toMatch(/http:|ws:/)
  }

  it('the header sent by main is strict', () => {
    expectStrict(RENDERER_CSP)
    expect(directives(RENDERER_CSP).get('frame-ancestors')).toEqual(["'none'"])
  })

  it('the meta tag both builds inject (metaCsp of the header) is strict too', () => {
    expectStrict(metaCsp(RENDERER_CSP))
  })
})
