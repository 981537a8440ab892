import { join } from 'node:path'
import { app, BrowserWindow, dialog, ipcMain, protocol, session } from 'electron'
import { registerAppScheme, serveAppScheme } from './app-protocol'
import { APP_ENTRY_URL, createAppUrlPolicy } from './app-url'
import { cspFor } from './csp'
import { rendererDevServerUrl } from './dev-server'
import { registerIpcHandlers } from './ipc/handlers'
import { installAppMenu } from './menu'
import { StoreError } from './store/campaign-store'
import { spawnStoreWorker } from './store/spawn-store-worker'
import { WorkerCampaignStore } from './store/worker-store'
import { startupText } from './startup-text'
import { applySessionPolicy, createMainWindow, hardenWebContents } from './window'

// Wiring only: every piece is a function of its inputs and tested on its own with a fake electron.

// Set under `electron-vite dev` only (dev-server.ts); a build, packaged or not, always loads app://.
const devServerUrl = rendererDevServerUrl()
const policy = createAppUrlPolicy(devServerUrl ?? APP_ENTRY_URL)
// out/renderer beside out/main; the only folder app:// serves.
const rendererRoot = join(import.meta.dirname, '../renderer')
const preloadPath = join(import.meta.dirname, '../preload/preload.cjs')

let store: WorkerCampaignStore | undefined
let mainWindow: BrowserWindow | undefined
let flushed = false

async function start(): Promise<void> {
  const csp = cspFor(devServerUrl)
  applySessionPolicy(session.defaultSession, csp)
  // Before the window, so its first request finds the handler.
  if (devServerUrl === undefined) serveAppScheme(protocol, { root: rendererRoot, csp })
  const samplesDir = app.isPackaged
    ? join(process.resourcesPath, 'campaigns')
    : join(app.getAppPath(), 'resources', 'campaigns')
  // The store runs on its own thread: main's event loop never parses or validates a campaign.
  const dir = join(app.getPath('userData'), 'campaigns')
  store = await WorkerCampaignStore.open({ dir, samplesDir }, spawnStoreWorker)
  // Handlers before the window: the renderer's first call must find them.
  registerIpcHandlers({ ipcMain, store, policy })
  installAppMenu({ appName: app.name, platform: process.platform, isDev: devServerUrl !== undefined })
  openWindow()
}

function openWindow(): void {
  mainWindow = createMainWindow({ preloadPath, policy })
  mainWindow.on('closed', () => (mainWindow = undefined))
}

// One instance only: two would be two writers on the same campaign files (reliability.md D7).
if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  // Only before ready: registered later, Chromium would treat app:// as an opaque, insecure origin.
  if (devServerUrl === undefined) registerAppScheme(protocol)
  app.enableSandbox()
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, policy))
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized() === true) mainWindow.restore()
    mainWindow?.focus()
  })
  app.on('activate', () => {
    if (store !== undefined && BrowserWindow.getAllWindows().length === 0) openWindow()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  // Autosave runs after every action; let queued saves land (and the folder lock go) before the process goes.
  app.on('before-quit', (event) => {
    if (flushed || store === undefined) return
    event.preventDefault()
    void store.close().finally(() => {
      flushed = true
      app.quit()
    })
  })
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      console.error('[main] start-up failed', error)
      const locale = app.getLocale()
      // Another Emboscada on the same campaigns folder: say so plainly, it is not a crash.
      if (error instanceof StoreError && error.code === 'locked') {
        const { pid = '?', host = '?' } = error.params ?? {}
        dialog.showErrorBox(startupText(locale, 'lockedTitle'), startupText(locale, 'locked', { pid, host }))
      } else {
        const message = error instanceof Error ? error.message : String(error)
        dialog.showErrorBox(startupText(locale, 'failedTitle'), message)
      }
      app.exit(1)
    })
}
