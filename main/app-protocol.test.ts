import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, sep } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  APP_SCHEME_PRIVILEGES,
  contentTypeFor,
  createAppRequestHandler,
  registerAppScheme,
  resolveAppPath,
  serveAppScheme
} from './app-protocol'
import { RENDERER_CSP } from './csp'

// The app:// handler against a real folder on disk: a built renderer, a secret beside it, and symlinks in and
// out of it. Electron itself is never loaded; the protocol object is a two-method fake.

let base: string
let root: string

beforeAll(async () => {
  base = await fsp.mkdtemp(join(tmpdir(), 'emboscada-app-protocol-'))
  root = join(base, 'out', 'renderer')
  await fsp.mkdir(join(root, 'assets'), { recursive: true })
  await fsp.writeFile(join(root, 'index.html'), '<!doctype html><title>Emboscada</title>')
  await fsp.writeFile(join(root, 'assets', 'index-abc.js'), 'export const x = 1\n')
  await fsp.writeFile(join(root, 'assets', 'index-abc.css'), 'body{}')
  await fsp.writeFile(join(root, 'assets', 'pixi.wasm'), new Uint8Array([0, 97, 115, 109]))
  await fsp.writeFile(join(root, 'assets', 'weird name.js'), '1')
  await fsp.writeFile(join(base, 'secret.txt'), 'TOP SECRET')
  await fsp.writeFile(join(base, 'out', 'secret.html'), 'SIBLING SECRET')
  await fsp.symlink(join(base, 'secret.txt'), join(root, 'assets', 'escape.js'))
  await fsp.symlink(base, join(root, 'up'))
  await fsp.symlink(join(root, 'assets', 'index-abc.js'), join(root, 'assets', 'alias.js'))
})
afterAll(async () => {
  await fsp.rm(base, { recursive: true, force: true })
})

const inside = (file: string | null): boolean => file === null || file.startsWith(root + sep)

describe('resolveAppPath', () => {
  it.each([
    ['app://emboscada/', 'index.html'],
    ['app://emboscada', 'index.html'],
    ['app://emboscada/index.html', 'index.html'],
    ['app://emboscada/index.html?x=../../secret.txt#/c/demo', 'index.html'],
    ['app://emboscada/assets/index-abc.js', 'assets/index-abc.js'],
    ['app://emboscada/assets/weird%20name.js', 'assets/weird name.js'],
    // WHATWG (and Chromium) remove dot segments before anything else sees the path, clamped at the root.
    ['app://emboscada/assets/../index.html', 'index.html'],
    ['app://emboscada/../../secret.txt', 'secret.txt'],
    ['app://emboscada/%2e%2e/%2E%2E/secret.txt', 'secret.txt'],
    ['app://emboscada/assets/.%2e/index.html', 'index.html']
  ])('maps %s inside the root', (url, file) => {
    expect(resolveAppPath(root, url)).toBe(join(root, ...file.split('/')))
  })

  it.each([
    // Encoded slashes and backslashes: one segment for the parser, a separator for the file system.
    'app://emboscada/..%2f..%2fsecret.txt',
    'app://emboscada/..%2F..%2Fsecret.txt',
    'app://emboscada/%2e%2e%2fsecret.txt',
    'app://emboscada/..%5c..%5csecret.txt',
    'app://emboscada/..\\..\\secret.txt',
    'app://emboscada/assets\\..\\..\\secret.txt',
    // Absolute paths, drive letters, UNC.
    'app://emboscada//etc/passwd',
    'app://emboscada/%2fetc%2fpasswd',
    'app://emboscada/C:/Windows/win.ini',
    'app://emboscada/C%3A%5CWindows%5Cwin.ini',
    'app://emboscada/%5c%5cserver%5cshare',
    // Null bytes and other control characters.
    'app://emboscada/index.html%00.png',
    'app://emboscada/index.html%00',
    'app://emboscada/%0aindex.html',
    // Double encoding decodes once only, and a dot-led segment is refused either way.
    'app://emboscada/%252e%252e/secret.txt',
    'app://emboscada/.%252e/secret.txt',
    // Dot-led names, overlong UTF-8 for '.', malformed escapes.
    'app://emboscada/.env',
    'app://emboscada/assets/.hidden.js',
    'app://emboscada/%C0%AE%C0%AE/secret.txt',
    'app://emboscada/%E0%A4%A',
    'app://emboscada/%',
    // Empty segments and NTFS streams.
    'app://emboscada/assets//index-abc.js',
    'app://emboscada/assets/',
    'app://emboscada/index.html::$DATA',
    // Not our origin.
    'app://evil/index.html',
    'app://emboscada:1/index.html',
    'app://user@emboscada/index.html',
    'app:index.html',
    'file:///etc/passwd',
    'https://emboscada/index.html',
    'not a url',
    ''
  ])('refuses %s', (url) => expect(resolveAppPath(root, url)).toBeNull())

  it('never resolves outside the root, whatever the path (5,000 random paths)', () => {
    const segment = fc.oneof(
      fc.constantFrom('..', '.', '%2e%2e', '%2E.', '.%2e', '%2f', '%5c', '\\', '%00', '', 'C:', '%252e', '~'),
      fc.webSegment(),
      fc.string({ maxLength: 6 })
    )
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), fc.string({ maxLength: 8 }), (segments, tail) => {
        const url = `app://emboscada/${segments.join('/')}${tail}`
        expect(inside(resolveAppPath(root, url)), url).toBe(true)
      }),
      { numRuns: 5000 }
    )
  })
})

describe('createAppRequestHandler', () => {
  const handler = (): ((request: Request) => Promise<Response>) =>
    createAppRequestHandler({ root, csp: RENDERER_CSP })
  const get = (url: string, init?: RequestInit & { initiatorOrigin?: string }): Promise<Response> => {
    const request = new Request(url, init)
    if (init?.initiatorOrigin !== undefined)
      Object.defineProperty(request, 'initiatorOrigin', { value: init.initiatorOrigin })
    return handler()(request)
  }

  it('serves index.html with its type, nosniff and our CSP', async () => {
    const response = await get('app://emboscada/index.html')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await response.text()).toBe('<!doctype html><title>Emboscada</title>')
  })

  it('serves the root as index.html, and assets with their exact types and the CSP (workers need it)', async () => {
    expect(await (await get('app://emboscada/')).text()).toContain('Emboscada')
    const script = await get('app://emboscada/assets/index-abc.js', { initiatorOrigin: 'app://emboscada' })
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('content-security-policy')).toBe(RENDERER_CSP)
    expect((await get('app://emboscada/assets/index-abc.css')).headers.get('content-type')).toMatch(
      /^text\/css/
    )
    const wasm = await get('app://emboscada/assets/pixi.wasm')
    expect(wasm.headers.get('content-type')).toBe('application/wasm')
    expect(new Uint8Array(await wasm.arrayBuffer())).toEqual(new Uint8Array([0, 97, 115, 109]))
  })

  it('follows a symlink that stays inside the build', async () => {
    const response = await get('app://emboscada/assets/alias.js')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('export const x = 1\n')
  })

  it('answers HEAD without a body', async () => {
    const response = await get('app://emboscada/index.html', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })

  it.each([
    ['a missing file', 'app://emboscada/missing.js', 404],
    ['a folder', 'app://emboscada/assets', 404],
    ['a symlink to a file outside the build', 'app://emboscada/assets/escape.js', 403],
    ['a symlinked folder leading out of the build', 'app://emboscada/up/secret.txt', 403],
    ['an encoded traversal', 'app://emboscada/..%2fsecret.html', 400],
    ['a backslash traversal', 'app://emboscada/..%5csecret.html', 400],
    ['a null byte', 'app://emboscada/index.html%00.js', 400],
    ['another host', 'app://evil/index.html', 400]
  ])('refuses %s', async (_label, url, status) => {
    const response = await get(url)
    expect(response.status).toBe(status)
    const text = await response.text()
    expect(text).not.toMatch(/SECRET/)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
  })

  it('clamps plain dot segments at the root: the sibling secret is never reached', async () => {
    for (const url of ['app://emboscada/../secret.html', 'app://emboscada/%2e%2e/%2e%2e/secret.txt']) {
      const response = await get(url)
      expect(response.status, url).toBe(404)
      expect(await response.text()).not.toMatch(/SECRET/)
    }
  })

  it.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])('refuses %s', async (method) => {
    expect((await get('app://emboscada/index.html', { method })).status).toBe(405)
  })

  it.each(['https://evil.example', 'null', 'app://evil', 'file://'])(
    'refuses requests a foreign page (%s) makes for our files',
    async (initiatorOrigin) => {
      expect((await get('app://emboscada/index.html', { initiatorOrigin })).status).toBe(403)
    }
  )

  it('answers 404, not an exception, when the build folder is missing', async () => {
    const missing = createAppRequestHandler({ root: join(base, 'nope'), csp: RENDERER_CSP })
    expect((await missing(new Request('app://emboscada/index.html'))).status).toBe(404)
  })
})

describe('wiring', () => {
  it('registers app:// as standard and secure, with fetch, and never as CSP-bypassing or CORS-enabled', () => {
    const protocol = { registerSchemesAsPrivileged: vi.fn() }
    registerAppScheme(protocol)
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledExactlyOnceWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }
    ])
    expect(APP_SCHEME_PRIVILEGES).not.toHaveProperty('bypassCSP')
    expect(APP_SCHEME_PRIVILEGES).not.toHaveProperty('corsEnabled')
    expect(APP_SCHEME_PRIVILEGES).not.toHaveProperty('allowServiceWorkers')
  })

  it('hands protocol.handle a handler serving the given root', async () => {
    const protocol = { handle: vi.fn() }
    serveAppScheme(protocol, { root, csp: RENDERER_CSP })
    expect(protocol.handle).toHaveBeenCalledExactlyOnceWith('app', expect.any(Function))
    const served = protocol.handle.mock.calls[0]![1] as (request: Request) => Promise<Response>
    expect((await served(new Request('app://emboscada/index.html'))).status).toBe(200)
  })

  it('types module scripts and unknown files strictly', () => {
    expect(contentTypeFor('a.mjs')).toMatch(/^text\/javascript/)
    expect(contentTypeFor('A.JS')).toMatch(/^text\/javascript/)
    expect(contentTypeFor('a.exe')).toBe('application/octet-stream')
    expect(contentTypeFor('Makefile')).toBe('application/octet-stream')
  })
})
