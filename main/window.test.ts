import type { EventEmitter } from 'node:events'
import fc from 'fast-check'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { APP_ENTRY_URL, createAppUrlPolicy } from './app-url'
import { RENDERER_CSP } from './csp'
import { appMenuTemplate } from './menu'
import { applySessionPolicy, createMainWindow, hardenWebContents } from './window'

// A fake electron: BrowserWindow records its options, webContents is an EventEmitter that records its
// window-open handler, and nothing real is ever loaded.
const fake = vi.hoisted(() => ({ windows: [] as unknown[] }))
vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events')
  class FakeWebContents extends EventEmitter {
    openHandler: ((details: { url: string }) => unknown) | undefined
    setWindowOpenHandler(handler: (details: { url: string }) => unknown): void {
      this.openHandler = handler
    }
  }
  class BrowserWindow extends EventEmitter {
    webContents = new FakeWebContents()
    loadFile = vi.fn(async () => undefined)
    loadURL = vi.fn(async () => undefined)
    show = vi.fn()
    constructor(readonly options: unknown) {
      super()
      fake.windows.push(this)
    }
  }
  return { BrowserWindow, Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn() } }
})

interface FakeWindow extends EventEmitter {
  options: { webPreferences: Record<string, unknown>; show: boolean }
  webContents: FakeContents
  loadFile: ReturnType<typeof vi.fn>
  loadURL: ReturnType<typeof vi.fn>
  show: ReturnType<typeof vi.fn>
}
interface FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => unknown) | undefined
}

const APP = APP_ENTRY_URL
const prod = createAppUrlPolicy(APP)

function open(policy = prod): FakeWindow {
  createMainWindow({ preloadPath: '/opt/emboscada/out/preload/preload.cjs', policy })
  return fake.windows.at(-1) as FakeWindow
}

/** Emits a navigation-style event and says whether our guard cancelled it. */
function navigate(contents: EventEmitter, event: string, url: string): boolean {
  let prevented = false
  contents.emit(event, { url, preventDefault: () => (prevented = true) })
  return prevented
}

const foreign = [
  'https://evil.example/',
  'http://localhost:5173/',
  'file:///etc/passwd',
  'file:///opt/emboscada/out/renderer/index.html',
  'app://evil/index.html',
  'app://emboscada.evil/index.html',
  'app://user@emboscada/index.html',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'about:blank',
  'chrome://settings',
  'devtools://devtools/bundled/inspector.html',
  'not a url'
]

beforeEach(() => {
  fake.windows.length = 0
})

describe('createMainWindow', () => {
  it('pins every security-relevant web preference', () => {
    const { options } = open()
    expect(options.webPreferences).toEqual({
      preload: '/opt/emboscada/out/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick'
    })
    expect(options.webPreferences.preload).toMatch(/\.cjs$/)
  })

  it('loads the built index.html from app:// in production (never file://) and the dev server in dev', () => {
    const window = open()
    expect(window.loadURL).toHaveBeenCalledExactlyOnceWith('app://emboscada/index.html')
    expect(window.loadFile).not.toHaveBeenCalled()
    const dev = open(createAppUrlPolicy('http://localhost:5173/'))
    expect(dev.loadURL).toHaveBeenCalledWith('http://localhost:5173/')
    expect(dev.loadFile).not.toHaveBeenCalled()
  })

  it('stays hidden until painted', () => {
    const window = open()
    expect(window.options.show).toBe(false)
    expect(window.show).not.toHaveBeenCalled()
    window.emit('ready-to-show')
    expect(window.show).toHaveBeenCalledTimes(1)
  })

  it('denies every new window', () => {
    const { webContents } = open()
    for (const url of [APP, ...foreign])
      expect(webContents.openHandler?.({ url })).toEqual({ action: 'deny' })
  })

  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    '%s: only our app:// origin is allowed',
    (event) => {
      const { webContents } = open()
      for (const url of foreign) expect(navigate(webContents, event, url), url).toBe(true)
      expect(navigate(webContents, event, `${APP}#/campaign/demo`)).toBe(false)
    }
  )

  it('denies navigation to 2,000 random URLs', () => {
    const { webContents } = open()
    fc.assert(
      fc.property(
        fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string()),
        (url) => {
          expect(navigate(webContents, 'will-navigate', url)).toBe(true)
        }
      ),
      { numRuns: 2000 }
    )
  })

  it('refuses to attach webviews', () => {
    const { webContents } = open()
    const event = { preventDefault: vi.fn() }
    webContents.emit('will-attach-webview', event, {}, {})
    expect(event.preventDefault).toHaveBeenCalled()
  })

  it('hardens a web contents once, however often it is asked', () => {
    const { webContents } = open()
    hardenWebContents(webContents as never, prod)
    expect(webContents.listenerCount('will-navigate')).toBe(1)
  })
})

describe('applySessionPolicy', () => {
  function fakeSession() {
    const captured: {
      request?: (wc: unknown, permission: string, callback: (granted: boolean) => void) => void
      check?: (...args: unknown[]) => boolean
      headers?: (
        details: { responseHeaders?: Record<string, string[]> },
        callback: (r: unknown) => void
      ) => void
    } = {}
    const session = {
      setPermissionRequestHandler: (h: typeof captured.request) => (captured.request = h),
      setPermissionCheckHandler: (h: typeof captured.check) => (captured.check = h),
      webRequest: { onHeadersReceived: (h: typeof captured.headers) => (captured.headers = h) },
      on: vi.fn()
    }
    applySessionPolicy(session as never, RENDERER_CSP)
    return captured
  }

  it('denies every permission request and check', () => {
    const { request, check } = fakeSession()
    const permissions = [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'fullscreen',
      'openExternal',
      'hid',
      'serial',
      'usb',
      'unknown'
    ]
    for (const permission of permissions) {
      const callback = vi.fn()
      request?.({}, permission, callback)
      expect(callback).toHaveBeenCalledWith(false)
      expect(check?.({}, permission, 'file://', {})).toBe(false)
    }
  })

  it('adds the CSP header to every response and keeps the other headers', () => {
    const { headers } = fakeSession()
    const callback = vi.fn()
    headers?.({ responseHeaders: { 'Content-Type': ['text/html'] } }, callback)
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [RENDERER_CSP] }
    })
  })
})

describe('appMenuTemplate', () => {
  const roles = (template: ReturnType<typeof appMenuTemplate>): string[] =>
    template.flatMap((item) => [
      item.role ?? item.label ?? '',
      ...(Array.isArray(item.submenu) ? roles(item.submenu) : [])
    ])

  it('offers devtools and reload only in development', () => {
    expect(roles(appMenuTemplate({ appName: 'Emboscada', platform: 'linux', isDev: false }))).not.toContain(
      'toggleDevTools'
    )
    expect(roles(appMenuTemplate({ appName: 'Emboscada', platform: 'linux', isDev: true }))).toContain(
      'toggleDevTools'
    )
  })

  it('has an app menu on macOS only, and an Edit menu everywhere', () => {
    expect(roles(appMenuTemplate({ appName: 'Emboscada', platform: 'darwin', isDev: false }))).toEqual(
      expect.arrayContaining(['appMenu', 'editMenu'])
    )
    expect(roles(appMenuTemplate({ appName: 'Emboscada', platform: 'win32', isDev: false }))).not.toContain(
      'appMenu'
    )
  })
})
