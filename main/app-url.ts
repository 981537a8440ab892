// Pure URL logic, shared by the navigation guards (window.ts) and the IPC sender check (ipc/handlers.ts).

/** Decides which URLs are our own renderer, so everything else can be denied. */
export interface AppUrlPolicy {
  /** The URL the main window loads: the built index.html as file://, or the dev server. */
  readonly entryUrl: string
  /** True only for our renderer's document (any hash or query), never for look-alikes. */
  isAppUrl(url: string): boolean
}

/** Builds the policy for an entry URL; only file: (production) and http(s): (dev server) are accepted. */
export function createAppUrlPolicy(entryUrl: string): AppUrlPolicy {
  const entry = new URL(entryUrl)
  if (entry.protocol === 'file:') {
    // Any file:// page would otherwise share our "origin"; only the exact index.html is ours.
    return {
      entryUrl: entry.href,
      isAppUrl: (url) => {
        const u = parse(url)
        return u !== null && u.protocol === 'file:' && u.host === entry.host && u.pathname === entry.pathname
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
  throw new Error(`unsupported renderer URL scheme: ${entry.protocol}`)
}

function parse(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}
