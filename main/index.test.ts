import * as fsp from 'node:fs/promises'
import { EventEmitter } from 'node:events'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Worker } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RENDERER_CSP } from './csp'
import { DEV_SERVER_URL_CONSTANT } from './dev-server'
import { CHANNELS } from './ipc/channels'

// main/index.ts runs on import, so each test builds a fresh fake electron and imports it again.

const here = fileURLToPath(new URL('.', import.meta.url))
const repo = join(here, '..')

const fake = vi.hoisted(() => ({ current: {} as Record<string, unknown> }))
// vi.resetModules() does not reset mocks, so the mock forwards to whichever fake the test built last.
vi.mock('electron', () =>
  Object.fromEntries(
    ['app', 'BrowserWindow', 'dialog', 'ipcMain', 'Menu', 'protocol', 'session'].map((name) => [
      name,
      new Proxy(function () {}, {
        get: (_t, prop) => Reflect.get(fake.current[name] as object, prop),
        set: (_t, prop, value) => Reflect.set(fake.current[name] as object, prop, value),
        construct: (_t, args) =>
          Reflect.construct(fake.current[name] as new (...a: unknown[]) => object, args)
      })
    ])
  )
)

// The built app gets its store worker from electron-vite's `?nodeWorker` import; here the same worker file
// runs as a real worker thread under tsx, and each test's workers are ended after it.
const storeWorkers = vi.hoisted(() => [] as Worker[])
vi.mock('./store/spawn-store-worker', async () => {
  const { typeScriptWorker } = await import('../bench/node-tools')
  return {
    spawnStoreWorker: (workerData: unknown) => {
      const worker = typeScriptWorker(new URL('./store/store-worker.ts', import.meta.url), workerData)
      storeWorkers.push(worker)
      worker.on('error', (e) => console.error('WORKERERR', e))
      return worker
    }
  }
})

/** Start-up compiles the store worker under tsx on a fresh thread: seconds on a loaded machine, not ms. */
const STARTUP = { timeout: 20_000, interval: 20 }

function makeElectron(options: { packaged: boolean; lock?: boolean; userData: string; locale?: string }) {
  // What happened in which order: the scheme must be privileged before ready, and served before the window.
  const order: string[] = []
  const app = Object.assign(new EventEmitter(), {
    isPackaged: options.packaged,
    name: 'Emboscada',
    requestSingleInstanceLock: vi.fn(() => options.lock ?? true),
    enableSandbox: vi.fn(),
    quit: vi.fn(),
    exit: vi.fn(),
    whenReady: vi.fn(() => {
      order.push('whenReady')
      return Promise.resolve()
    }),
    getPath: vi.fn((name: string) => {
      if (name !== 'userData') throw new Error(`unexpected getPath(${name})`)
      return options.userData
    }),
    getAppPath: () => repo,
    getLocale: vi.fn(() => options.locale ?? 'en-US')
  })
  const windows: FakeWindow[] = []
  class FakeWindow extends EventEmitter {
    webContents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() })
    loadFile = vi.fn(async () => undefined)
    loadURL = vi.fn(async () => undefined)
    constructor(readonly options: { webPreferences: { preload: string } }) {
      super()
      order.push('window')
      windows.push(this)
    }
    static getAllWindows = () => windows
  }
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>()
  let onHeaders:
    | ((details: object, callback: (r: { responseHeaders: Record<string, string[]> }) => void) => void)
    | undefined
  const schemes: { handlers: Map<string, (request: Request) => Promise<Response>> } = { handlers: new Map() }
  const protocol = {
    registerSchemesAsPrivileged: vi.fn(() => void order.push('registerSchemesAsPrivileged')),
    handle: vi.fn((scheme: string, handler: (request: Request) => Promise<Response>) => {
      order.push(`handle:${scheme}`)
      schemes.handlers.set(scheme, handler)
    })
  }
  const electron = {
    app,
    protocol,
    BrowserWindow: FakeWindow,
    dialog: { showErrorBox: vi.fn() },
    ipcMain: { handle: vi.fn((c: string, h: never) => handlers.set(c, h)), removeHandler: vi.fn() },
    Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn((t: unknown) => t) },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn(),
        setPermissionCheckHandler: vi.fn(),
        on: vi.fn(),
        webRequest: { onHeadersReceived: vi.fn((h: typeof onHeaders) => (onHeaders = h)) }
      }
    }
  }
  fake.current = electron
  const csp = (): string | undefined => {
    let header: string | undefined
    onHeaders?.({}, (r) => (header = r.responseHeaders['Content-Security-Policy']?.[0]))
    return header
  }
  return { electron, app, windows, handlers, csp, protocol, schemes, order }
}

let userData: string
const savedUrl = process.env.ELECTRON_RENDERER_URL

beforeEach(async () => {
  userData = await fsp.mkdtemp(join(tmpdir(), 'emboscada-main-'))
  // Where a packaged app finds its bundled samples; none in these tests.
  Object.assign(process, { resourcesPath: join(userData, 'no-resources') })
  vi.resetModules()
})
afterEach(async () => {
  vi.unstubAllGlobals()
  process.env.ELECTRON_RENDERER_URL = savedUrl
  if (savedUrl === undefined) delete process.env.ELECTRON_RENDERER_URL
  await Promise.all(storeWorkers.splice(0).map((w) => w.terminate()))
  await fsp.rm(userData, { recursive: true, force: true })
})

async function boot(options: { packaged: boolean; lock?: boolean }) {
  const world = makeElectron({ ...options, userData })
  await import('./index')
  return world
}

describe('main process start-up', () => {
  it('in a packaged app ignores ELECTRON_RENDERER_URL and loads app://emboscada/ with the strict CSP', async () => {
    process.env.ELECTRON_RENDERER_URL = 'https://evil.example/'
    const { app, windows, handlers, csp, order } = await boot({ packaged: true })
    await vi.waitFor(() => expect(windows).toHaveLength(1), STARTUP)
    const [window] = windows
    expect(app.enableSandbox).toHaveBeenCalled()
    expect(window!.loadURL).toHaveBeenCalledExactlyOnceWith('app://emboscada/index.html')
    expect(window!.loadFile).not.toHaveBeenCalled()
    expect(order).toEqual(['registerSchemesAsPrivileged', 'whenReady', 'handle:app', 'window'])
    expect(window!.options.webPreferences.preload).toBe(join(repo, 'preload', 'preload.cjs'))
    expect(csp()).toBe(RENDERER_CSP)
    expect([...handlers.keys()].sort()).toEqual([...CHANNELS].sort())
    // The dev URL is not trusted either: a call "from" it is refused, and so is one from a file:// page.
    for (const url of ['https://evil.example/', 'file:///tmp/evil.html']) {
      const result = await handlers.get('campaign.list')!({ senderFrame: { url, parent: null } })
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    }
    const ours = await handlers.get('campaign.list')!({
      senderFrame: { url: 'app://emboscada/index.html#/c/demo', parent: null }
    })
    expect(ours).toMatchObject({ ok: true })
  })

  it('in a production build that is not packaged (npm start) also ignores ELECTRON_RENDERER_URL', async () => {
    // electron-vite preview: a production build, launched from the checkout, so app.isPackaged is false.
    process.env.ELECTRON_RENDERER_URL = 'https://evil.example/'
    const { windows, handlers, csp, order } = await boot({ packaged: false })
    await vi.waitFor(() => expect(windows).toHaveLength(1), STARTUP)
    expect(windows[0]!.loadURL).toHaveBeenCalledExactlyOnceWith('app://emboscada/index.html')
    expect(order).toEqual(['registerSchemesAsPrivileged', 'whenReady', 'handle:app', 'window'])
    expect(csp()).toBe(RENDERER_CSP)
    const result = await handlers.get('campaign.list')!({
      senderFrame: { url: 'https://evil.example/', parent: null }
    })
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
  })

  it('in a packaged app serves app:// from the renderer folder beside main, with the CSP, and nothing else', async () => {
    const { protocol, schemes, windows } = await boot({ packaged: true })
    // Start-up runs to the end, or it would go on into the next test's fake.
    await vi.waitFor(() => expect(windows).toHaveLength(1), STARTUP)
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledExactlyOnceWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }
    ])
    const serve = schemes.handlers.get('app')!
    // import.meta.dirname is main/ here (out/main when built), so the root is renderer/ (out/renderer).
    const page = await serve(new Request('app://emboscada/index.html'))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP)
    expect(await page.text()).toBe(await fsp.readFile(join(repo, 'renderer', 'index.html'), 'utf8'))
    for (const url of ['app://emboscada/../main/index.ts', 'app://emboscada/..%2fmain%2findex.ts'])
      expect((await serve(new Request(url))).status, url).not.toBe(200)
  })

  it('in development loads the dev server, allows its websocket and seeds the bundled samples', async () => {
    // What the `electron-vite dev` bundle sees: the constant defined as a read of electron-vite's variable.
    vi.stubGlobal(DEV_SERVER_URL_CONSTANT, 'http://localhost:5173/')
    const { windows, handlers, csp, protocol } = await boot({ packaged: false })
    await vi.waitFor(() => expect(windows).toHaveLength(1), STARTUP)
    expect(windows[0]!.loadURL).toHaveBeenCalledWith('http://localhost:5173/')
    // Development is unchanged: no app:// scheme at all.
    expect(protocol.registerSchemesAsPrivileged).not.toHaveBeenCalled()
    expect(protocol.handle).not.toHaveBeenCalled()
    expect(csp()).toContain("connect-src 'self' ws://localhost:5173")
    const result = (await handlers.get('campaign.list')!({
      senderFrame: { url: 'http://localhost:5173/', parent: null }
    })) as { ok: boolean; value: { id: string }[] }
    const bundled = (await fsp.readdir(join(repo, 'resources', 'campaigns'))).filter((f) =>
      f.endsWith('.json')
    )
    expect(result.ok).toBe(true)
    expect(result.value).toHaveLength(bundled.length)
  })

  it('a second instance quits at once and never touches the campaign files', async () => {
    const { app, windows } = await boot({ packaged: true, lock: false })
    expect(app.quit).toHaveBeenCalled()
    expect(app.whenReady).not.toHaveBeenCalled()
    expect(windows).toHaveLength(0)
    expect(await fsp.readdir(userData)).toEqual([])
  })

  it('holds the quit until queued saves have landed', async () => {
    const { app, windows } = await boot({ packaged: true })
    await vi.waitFor(() => expect(windows).toHaveLength(1), STARTUP)
    const event = { preventDefault: vi.fn() }
    app.emit('before-quit', event)
    expect(event.preventDefault).toHaveBeenCalled()
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1), STARTUP)
    const again = { preventDefault: vi.fn() }
    app.emit('before-quit', again)
    expect(again.preventDefault).not.toHaveBeenCalled()
  })

  it('shows an error and exits when start-up fails', async () => {
    const world = makeElectron({ packaged: true, userData })
    world.app.getPath.mockImplementation(() => {
      throw new Error('no user data folder')
    })
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await import('./index')
    await vi.waitFor(() => expect(world.app.exit).toHaveBeenCalledWith(1), STARTUP)
    expect(world.electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Emboscada could not start',
      'no user data folder'
    )
    error.mockRestore()
  })

  it('says in the system language that another copy has the campaigns folder, and exits', async () => {
    // Another live process on this host holds the folder's lock (a second profile, a tool): not a crash.
    const dir = join(userData, 'campaigns')
    const holder = { pid: process.ppid, host: hostname(), token: 'other', since: new Date().toISOString() }
    await fsp.writeFile(`${dir}.lock`, JSON.stringify(holder))
    const world = makeElectron({ packaged: true, userData, locale: 'es-ES' })
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await import('./index')
    await vi.waitFor(() => expect(world.app.exit).toHaveBeenCalledWith(1), STARTUP)
    expect(world.electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Emboscada ya está abierta',
      expect.stringContaining(`proceso ${process.ppid} en ${hostname()}`)
    )
    expect(world.windows).toHaveLength(0)
    await expect(fsp.readdir(userData)).resolves.toEqual(['campaigns.lock'])
    error.mockRestore()
  })
})
