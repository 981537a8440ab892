// Pure URL logic, shared by the navigation guards (window.ts), the IPC sender check (ipc/handlers.ts) and the
// app:// protocol handler (app-protocol.ts).

/** The scheme the built renderer is served on (checklist item 18: never file://). */
export const APP_SCHEME = 'app'
/** Its only host: a standard scheme needs one, and a fixed name makes the origin exactly ours. */
export const APP_HOST = 'emboscada'
/** Our origin in production; Chromium reports frames on it as `app://emboscada/...`. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
/** What the main window loads in production. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

/** Decides which URLs are our own renderer, so everything else can be denied. */
export interface AppUrlPolicy {
  /** The URL the main window loads: the built renderer on app://, or the dev server. */
  readonly entryUrl: string
  /** True only for pages of our renderer's origin (any path, hash or query), never for look-alikes. */
  isAppUrl(url: string): boolean
}

/** Builds the policy for an entry URL; only our app:// origin (production) and http(s): (dev) are accepted. */
export function createAppUrlPolicy(entryUrl: string): AppUrlPolicy {
  const entry = new URL(entryUrl)
  if (entry.protocol === `${APP_SCHEME}:`) {
    if (entry.host !== APP_HOST) throw new Error(`unsupported renderer host: ${entry.host}`)
    // Node parses app: as a non-special scheme, whose URL.origin is "null", so the parts are compared one by
    // one. The host comparison is exact: Chromium lower-cases hosts of standard schemes, so ours arrive as is.
    return {
      entryUrl: entry.href,
      isAppUrl: (url) => {
        const u = parse(url)
        return (
          u !== null &&
          u.protocol === entry.protocol &&
          u.host === APP_HOST &&
          u.username === '' &&
          u.password === ''
        )
      }
    }
  }
  if (entry.protocol === 'http:' || entry.protocol === 'https:') {
    return {
      entryUrl: entry.href,
      isAppUrl: (url) => {
        const u = parse(url)
        return u !== null && u.origin === entry.origin && u.username === '' && u.password === ''
      }
    }
  }
  // file: included: any file:// page would share that "origin", which is why production left it.
  throw new Error(`unsupported renderer URL scheme: ${entry.protocol}`)
}

function parse(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}
