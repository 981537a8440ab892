import * as fsp from 'node:fs/promises'
import type { EventEmitter } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { RENDERER_CSP } from '../../main/csp'
import { API_GLOBAL, CHANNELS } from '../../main/ipc/channels'

// The checklist items that are behaviour, run against a fake `electron` (the real module throws outside
// Electron). main/index.ts boots for real on the fake, as a packaged app, and the preload loads on the same
// fake; each test names its checklist item (reliability.md appendix A).

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>

const world = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events')
  class FakeContents extends EventEmitter {
    openHandler: ((details: { url: string }) => unknown) | undefined
    setWindowOpenHandler(handler: (details: { url: string }) => unknown): void {
      this.openHandler = handler
    }
  }
  const windows: FakeWindow[] = []
  class FakeWindow extends EventEmitter {
    webContents = new FakeContents()
    loaded: string[] = []
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      super()
      windows.push(this)
    }
    loadFile(path: string): Promise<void> {
      this.loaded.push(`file:${path}`)
      return Promise.resolve()
    }
    loadURL(url: string): Promise<void> {
      this.loaded.push(url)
      return Promise.resolve()
    }
    show(): void {}
    static getAllWindows = (): FakeWindow[] => windows
  }
  const calls: string[] = []
  const app = Object.assign(new EventEmitter(), {
    isPackaged: true,
    name: 'Emboscada',
    requestSingleInstanceLock: () => true,
    enableSandbox: () => void calls.push('enableSandbox'),
    quit: () => undefined,
    exit: () => undefined,
    whenReady: () => {
      calls.push('whenReady')
      return Promise.resolve()
    },
    getPath: () => process.env.EMBOSCADA_TEST_USERDATA ?? '/nonexistent',
    getAppPath: () => process.cwd()
  })
  const handlers = new Map<string, Handler>()
  const session = {
    request: undefined as
      undefined | ((wc: unknown, p: string, cb: (ok: boolean) => void, d?: unknown) => void),
    check: undefined as undefined | ((...args: unknown[]) => boolean),
    headers: undefined as
      undefined | ((d: object, cb: (r: { responseHeaders: Record<string, string[]> }) => void) => void),
    download: undefined as
      undefined | ((event: { preventDefault(): void }, item: { getURL(): string }) => void)
  }
  const exposed = new Map<string, unknown>()
  const sent: unknown[][] = []
  const schemes = {
    privileged: [] as unknown[],
    handlers: new Map<string, (r: Request) => Promise<Response>>()
  }
  const electron = {
    app,
    protocol: {
      registerSchemesAsPrivileged: (list: unknown[]) => {
        calls.push('registerSchemesAsPrivileged')
        schemes.privileged.push(...list)
      },
      handle: (scheme: string, handler: (r: Request) => Promise<Response>) => {
        calls.push(`handle:${scheme}`)
        schemes.handlers.set(scheme, handler)
      }
    },
    BrowserWindow: FakeWindow,
    dialog: { showErrorBox: () => undefined },
    Menu: { setApplicationMenu: () => undefined, buildFromTemplate: (t: unknown) => t },
    ipcMain: {
      handle: (channel: string, handler: Handler) => void handlers.set(channel, handler),
      removeHandler: (channel: string) => void handlers.delete(channel)
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: typeof session.request) => (session.request = h),
        setPermissionCheckHandler: (h: typeof session.check) => (session.check = h),
        webRequest: { onHeadersReceived: (h: typeof session.headers) => (session.headers = h) },
        on: (name: string, h: typeof session.download) => {
          if (name === 'will-download') session.download = h
        }
      }
    },
    contextBridge: { exposeInMainWorld: (name: string, api: unknown) => void exposed.set(name, api) },
    ipcRenderer: {
      // Electron's invoke: no handler for the channel → the promise rejects.
      invoke: async (channel: string, ...args: unknown[]) => {
        sent.push([channel, ...args])
        const handler = handlers.get(channel)
        if (handler === undefined) throw new Error(`No handler registered for '${channel}'`)
        return handler(world.currentSender, ...args)
      }
    }
  }
  return {
    electron,
    app,
    windows,
    FakeContents,
    calls,
    handlers,
    schemes,
    session,
    exposed,
    sent,
    currentSender: {} as unknown
  }
})
vi.mock('electron', () => world.electron)

let userData: string
let entryUrl: string

beforeAll(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  userData = await fsp.mkdtemp(join(tmpdir(), 'emboscada-sec-'))
  process.env.EMBOSCADA_TEST_USERDATA = userData
  Object.assign(process, { resourcesPath: join(userData, 'no-resources') })
  delete process.env.ELECTRON_RENDERER_URL
  await import('../../main/index')
  // start() runs after whenReady; wait until the window exists.
  await vi.waitFor(() => expect(world.windows.length).toBe(1), { timeout: 10_000 })
  entryUrl = world.windows[0]!.loaded[0]!
  await import('../../main/preload/index')
})
afterAll(async () => {
  vi.mocked(console.error).mockRestore()
  delete process.env.EMBOSCADA_TEST_USERDATA
  await fsp.rm(userData, { recursive: true, force: true })
})

const mainWindow = () => world.windows[0]!
const prefs = (): Record<string, unknown> => mainWindow().options.webPreferences

function prevented(contents: EventEmitter, event: string, url: string): boolean {
  let stopped = false
  contents.emit(event, { url, preventDefault: () => (stopped = true) })
  return stopped
}

const FOREIGN = [
  'https://evil.example/',
  'app://evil/index.html',
  'app://emboscada.evil/',
  'file:///index.html',
  'http://127.0.0.1:5173/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'about:blank',
  'chrome://gpu',
  'devtools://devtools/bundled/inspector.html'
]

describe('window options (captured from the BrowserWindow main creates)', () => {
  it.each([
    [2, 'nodeIntegration', false],
    [2, 'nodeIntegrationInWorker', false],
    [2, 'nodeIntegrationInSubFrames', false],
    [3, 'contextIsolation', true],
    [4, 'sandbox', true],
    [6, 'webSecurity', true],
    [8, 'allowRunningInsecureContent', false],
    [9, 'experimentalFeatures', false],
    [10, 'disableBlinkFeatures', 'Auxclick'],
    [11, 'webviewTag', false]
  ])('item %i: %s is %s', (_item, key, value) => {
    expect(prefs()[key]).toBe(value)
  })

  it('item 10: enableBlinkFeatures is not set', () => {
    expect(prefs()).not.toHaveProperty('enableBlinkFeatures')
  })

  it('item 4: app.enableSandbox() runs before the app is ready, and the preload is CommonJS', () => {
    expect(world.calls.indexOf('enableSandbox')).toBeGreaterThanOrEqual(0)
    expect(world.calls.indexOf('enableSandbox')).toBeLessThan(world.calls.indexOf('whenReady'))
    expect(String(prefs().preload)).toMatch(/[\\/]preload[\\/]preload\.cjs$/)
  })

  it('items 1/18: a packaged app loads only the local build, from app://, never file:// or a remote URL', () => {
    expect(mainWindow().loaded).toEqual(['app://emboscada/index.html'])
  })
})

describe('item 18: the app:// scheme (no file://)', () => {
  const serve = (url: string, initiatorOrigin?: string): Promise<Response> => {
    const request = new Request(url)
    if (initiatorOrigin !== undefined)
      Object.defineProperty(request, 'initiatorOrigin', { value: initiatorOrigin })
    return world.schemes.handlers.get('app')!(request)
  }

  it('is privileged before ready (standard, secure), never bypassing CSP or open to CORS', () => {
    expect(world.calls.indexOf('registerSchemesAsPrivileged')).toBeLessThan(world.calls.indexOf('whenReady'))
    expect(world.schemes.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }
    ])
  })

  it('is served before the window loads, with our CSP on the page', async () => {
    expect(world.calls.indexOf('handle:app')).toBeGreaterThan(world.calls.indexOf('whenReady'))
    const page = await serve(entryUrl)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP)
  })

  it.each([
    'app://emboscada/../package.json',
    'app://emboscada/%2e%2e/package.json',
    'app://emboscada/..%2fpackage.json',
    'app://emboscada/..%5cpackage.json',
    'app://emboscada/..\\package.json',
    'app://emboscada//etc/passwd',
    'app://emboscada/%2fetc%2fpasswd',
    'app://emboscada/index.html%00.js',
    'app://evil/index.html'
  ])('never serves anything outside the renderer build: %s', async (url) => {
    const response = await serve(url)
    expect(response.status).not.toBe(200)
    expect(await response.text()).not.toContain('"name": "emboscada"')
  })

  it('refuses a foreign page reaching for our files', async () => {
    expect((await serve(entryUrl, 'https://evil.example')).status).toBe(403)
    expect((await serve(entryUrl, 'app://emboscada')).status).toBe(200)
  })
})

describe('session', () => {
  // Every permission name Electron documents for the request and check handlers (Electron 45).
  const PERMISSIONS = [
    'clipboard-read',
    'clipboard-sanitized-write',
    'deprecated-sync-clipboard-read',
    'display-capture',
    'fileSystem',
    'fullscreen',
    'geolocation',
    'hid',
    'idle-detection',
    'keyboardLock',
    'media',
    'mediaKeySystem',
    'midi',
    'midiSysex',
    'notifications',
    'openExternal',
    'pointerLock',
    'serial',
    'speaker-selection',
    'storage-access',
    'top-level-storage-access',
    'usb',
    'window-management',
    'unknown'
  ]

  it.each(PERMISSIONS)('item 5: denies the %s permission (request and check)', (permission) => {
    const callback = vi.fn()
    world.session.request?.({}, permission, callback, { requestingUrl: entryUrl })
    expect(callback).toHaveBeenCalledExactlyOnceWith(false)
    expect(world.session.check?.({}, permission, entryUrl, {})).toBe(false)
  })

  it.each([
    ['blob:app://emboscada/1f0c', false],
    ['https://example.com/payload.exe', true],
    ['file:///etc/passwd', true],
    ['app://emboscada/index.html', true]
  ])("downloads: %s is cancelled: %s (only the page's own Blob exports may download)", (url, cancelled) => {
    const preventDefault = vi.fn()
    world.session.download?.({ preventDefault }, { getURL: () => url })
    expect(world.session.download).toBeDefined()
    expect(preventDefault.mock.calls.length > 0).toBe(cancelled)
  })

  it('item 7: every response carries our CSP header', () => {
    let header: string[] | undefined
    world.session.headers?.({ responseHeaders: { 'Content-Type': ['text/html'] } }, (r) => {
      header = r.responseHeaders['Content-Security-Policy']
    })
    expect(header).toEqual([RENDERER_CSP])
  })
})

describe('web contents: the main window and any other one created later', () => {
  const others = (): EventEmitter[] => {
    const late = new world.FakeContents()
    world.app.emit('web-contents-created', {}, late)
    return [mainWindow().webContents, late]
  }

  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    'item 13: %s is cancelled for every foreign URL, allowed for our page',
    (event) => {
      for (const contents of others()) {
        for (const url of FOREIGN) expect(prevented(contents, event, url), url).toBe(true)
        expect(prevented(contents, event, `${entryUrl}#/c/demo`)).toBe(false)
      }
    }
  )

  it('item 14: every window.open is denied, our own URL included', () => {
    for (const contents of others()) {
      const handler = (contents as InstanceType<typeof world.FakeContents>).openHandler
      expect(handler).toBeDefined()
      for (const url of [entryUrl, ...FOREIGN]) expect(handler?.({ url })).toEqual({ action: 'deny' })
    }
  })

  it('items 11/12: a webview is never attached', () => {
    for (const contents of others()) {
      const event = { preventDefault: vi.fn() }
      contents.emit('will-attach-webview', event, { nodeIntegration: true }, { src: 'https://evil.example/' })
      expect(event.preventDefault).toHaveBeenCalled()
    }
  })
})

describe('IPC (through the preload, as the page would call it)', () => {
  type Api = Record<string, Record<string, (request?: unknown) => Promise<unknown>>>
  const api = (): Api => world.exposed.get(API_GLOBAL) as Api
  const frame = (url: string, parent: unknown = null): unknown => ({ senderFrame: { url, parent } })

  it('item 17: handlers exist for exactly the contract channels', () => {
    expect([...world.handlers.keys()].sort()).toEqual([...CHANNELS].sort())
  })

  it('item 17: our top frame is answered', async () => {
    world.currentSender = frame(entryUrl)
    await expect(api().campaign!.list!()).resolves.toMatchObject({ ok: true })
  })

  // Thunks: entryUrl is known only once main has booted.
  it.each([
    ['a foreign page', () => frame('https://evil.example/')],
    ['another file', () => frame('file:///tmp/evil.html')],
    ['another app:// host', () => frame('app://evil/index.html')],
    ['a subframe of our page', () => frame(entryUrl, { url: entryUrl })],
    ['no frame', () => ({ senderFrame: null })]
  ])('item 17: refuses %s on every channel', async (_label, sender) => {
    world.currentSender = sender()
    const refused = vi.mocked(console.error).mock.calls.length
    for (const channel of CHANNELS) {
      const [noun, verb] = channel.split('.') as [string, string]
      await expect(api()[noun]![verb]!({ id: 'demo' })).resolves.toMatchObject({
        ok: false,
        error: { code: 'forbidden' }
      })
    }
    // Each refusal is logged with the sender (and a subframe is named as one, not as a disposed frame).
    const logs = vi
      .mocked(console.error)
      .mock.calls.slice(refused)
      .map((c) => String(c[0]))
    expect(logs).toHaveLength(CHANNELS.length)
    expect(logs.every((m) => m.includes('refused') && !m.includes('disposed'))).toBe(true)
  })

  it('item 17: an unknown channel has no handler and is rejected', async () => {
    world.currentSender = frame(entryUrl)
    const invoke = world.electron.ipcRenderer.invoke
    for (const channel of ['campaign.delete', 'shell.openExternal', '__proto__', 'campaign.list '])
      await expect(invoke(channel)).rejects.toThrow(/No handler registered/)
  })

  it('item 20: the page gets one global of plain functions, one per channel, and no Electron object', () => {
    expect([...world.exposed.keys()]).toEqual([API_GLOBAL])
    const entries = Object.entries(api()).flatMap(([noun, verbs]) =>
      Object.entries(verbs).map(([verb, fn]) => [`${noun}.${verb}`, fn] as const)
    )
    expect(entries.map(([name]) => name).sort()).toEqual([...CHANNELS].sort())
    for (const [, fn] of entries) {
      expect(typeof fn).toBe('function')
      expect(fn).not.toBe(world.electron.ipcRenderer.invoke)
    }
  })

  it('item 20: a call sends only its channel and payload; the page cannot pick the channel', async () => {
    world.currentSender = frame(entryUrl)
    world.sent.length = 0
    await api().campaign!.load!({ id: 'demo', channel: 'shell.openExternal' })
    expect(world.sent).toEqual([['campaign.load', { id: 'demo', channel: 'shell.openExternal' }]])
  })
})
