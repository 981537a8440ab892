import { beforeAll, describe, expect, it } from 'vitest'
import { RENDERER_CSP } from '../../main/csp'
import { ensureElectronBuild, REPO } from './build-output'
import { cspCheck } from './checks-csp'
import { devServerUrlCheck } from './checks-dev-server'
import { loadProject, type Project } from './project'

// Mutation tests for the two checks of what the build bakes in (issue 18): our sources and build output, each
// broken in one way in memory, must trip the check with the matching message.

let ours: Project

beforeAll(() => {
  ensureElectronBuild()
  ours = loadProject(REPO, 'emboscada', { headerCsp: RENDERER_CSP })
}, 180_000)

/** Our project with one source or built file edited; the edit must actually apply. */
function mutate(file: string, from: string | RegExp, to: string): Project {
  const map = ours.sources.has(file) ? 'sources' : 'build'
  const text = ours[map].get(file)
  expect(text, file).toBeDefined()
  const changed = text!.replace(from, to)
  expect(changed, `${file}: ${String(from)}`).not.toBe(text)
  return { ...ours, [map]: new Map(ours[map]).set(file, changed) }
}

describe('dev-server-url: only `electron-vite dev` honours ELECTRON_RENDERER_URL', () => {
  it('passes on our sources and build', () => expect(devServerUrlCheck.run(ours)).toEqual([]))

  it.each([
    ['the old unpackaged switch', 'app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL'],
    ['an index access', "process.env['ELECTRON_RENDERER_URL']"]
  ])('catches main reading it at run time: %s', (_name, read) => {
    const broken = mutate('main/index.ts', 'rendererDevServerUrl()', read)
    expect(devServerUrlCheck.run(broken)).toEqual([
      expect.stringMatching(/^main\/index\.ts:\d+: reads ELECTRON_RENDERER_URL/)
    ])
  })

  it('catches a built main that reads it (what `electron-vite dev` leaves in out/main)', () => {
    const broken = mutate('out/main/index.js', /^/, 'const url = process.env.ELECTRON_RENDERER_URL;\n')
    expect(devServerUrlCheck.run(broken)).toEqual([expect.stringMatching(/^out\/main\/index\.js: mentions/)])
  })

  it('is not fooled by a comment that names it', () => {
    const commented = mutate('main/index.ts', /^/, '// ELECTRON_RENDERER_URL is for electron-vite dev only\n')
    expect(devServerUrlCheck.run(commented)).toEqual([])
  })
})

describe('csp: one policy string', () => {
  it('passes on our sources and build', () => expect(cspCheck.run(ours)).toEqual([]))

  it('catches a hand-written meta tag in the source page', () => {
    const broken = mutate(
      'renderer/index.html',
      '<meta charset="UTF-8" />',
      `<meta charset="UTF-8" /><meta http-equiv="Content-Security-Policy" content="default-src 'self'" />`
    )
    expect(cspCheck.run(broken)).toEqual([
      'renderer/index.html: a hand-written CSP meta tag (a second copy of the policy, free to drift)'
    ])
  })

  it('catches a built meta tag that differs from the header, even a stricter one', () => {
    const broken = mutate('out/renderer/index.html', " 'wasm-unsafe-eval'", '')
    expect(cspCheck.run(broken)).toEqual([
      expect.stringMatching(/^out\/renderer\/index\.html: the meta CSP is not the header's/)
    ])
  })

  it('catches a built page with no meta tag, or two', () => {
    const none = mutate('out/renderer/index.html', /<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
    expect(cspCheck.run(none)).toEqual(['out/renderer/index.html: 0 CSP meta tags, not 1'])
    const tag = /<meta http-equiv="Content-Security-Policy"[^>]*>/.exec(
      ours.build.get('out/renderer/index.html')!
    )![0]
    const two = mutate('out/renderer/index.html', tag, tag + tag)
    expect(cspCheck.run(two)).toEqual(['out/renderer/index.html: 2 CSP meta tags, not 1'])
  })
})
