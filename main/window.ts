import { BrowserWindow, type Session, type WebContents, type WebPreferences } from 'electron'
import type { AppUrlPolicy } from './app-url'

// Deny by default (Electron security checklist, reliability.md appendix A): the page gets no Node, no new
// windows, no navigation away from our origin, no permissions and no webviews.

/** The renderer's web preferences: every checklist item pinned explicitly, not left to defaults. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    // Middle-click would otherwise open links in new windows behind setWindowOpenHandler's back.
    disableBlinkFeatures: 'Auxclick'
  }
}

/** Options for {@link createMainWindow}. */
export interface MainWindowOptions {
  /** Absolute path of the built CommonJS preload (`out/preload/preload.cjs`). */
  preloadPath: string
  policy: AppUrlPolicy
  log?: (message: string, error?: unknown) => void
}

/** Opens the GM console window on our renderer, hardened before anything loads. */
export function createMainWindow({
  preloadPath,
  policy,
  log = console.error
}: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    title: 'Emboscada',
    backgroundColor: '#15171c',
    // Shown once painted, so the GM never sees a white flash.
    show: false,
    webPreferences: secureWebPreferences(preloadPath)
  })
  hardenWebContents(window.webContents, policy)
  window.once('ready-to-show', () => window.show())
  // app://emboscada/ in production (served by app-protocol.ts), the dev server in development; never file://.
  window.loadURL(policy.entryUrl).catch((error: unknown) => log('the renderer failed to load', error))
  return window
}

const hardened = new WeakSet<WebContents>()

/** Denies new windows, webviews and navigation outside our app; idempotent, applied to every web contents. */
export function hardenWebContents(contents: WebContents, policy: AppUrlPolicy): void {
  if (hardened.has(contents)) return
  hardened.add(contents)
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  const guard = (event: { url: string; preventDefault(): void }): void => {
    if (!policy.isAppUrl(event.url)) event.preventDefault()
  }
  contents.on('will-navigate', (event) => guard(event))
  contents.on('will-frame-navigate', (event) => guard(event))
  contents.on('will-redirect', (event) => guard(event))
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

/** Denies every permission request and check, and sends our CSP on every response. */
export function applySessionPolicy(session: Session, csp: string): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  guardDownloads(session)
  // A header is the stronger delivery; the meta tag in index.html covers loads the header cannot reach.
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } })
  })
}

/**
 * Downloads: only the page's own Blob URLs (a campaign export, `<a download>` on `blob:`), which Electron
 * answers with its save dialog; a link to anything else that would download is cancelled.
 */
export function guardDownloads(session: Pick<Session, 'on'>): void {
  session.on('will-download', (event, item) => {
    if (!item.getURL().startsWith('blob:')) event.preventDefault()
  })
}
