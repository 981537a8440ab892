// fs.promises, looked up at call time: Electron patches its methods so they read inside app.asar.
import { promises as fs } from 'node:fs'
import { extname, isAbsolute, relative, resolve } from 'node:path'
import type { CustomScheme, Protocol } from 'electron'
import { APP_HOST, APP_ORIGIN, APP_SCHEME } from './app-url'

// The production renderer is served from app://emboscada/ instead of file:// (Electron security checklist
// item 18): a file:// page may read other file:// URLs, while this origin reaches only the built renderer.

/**
 * The scheme's privileges. standard: relative URLs, storage and a real origin; secure: a secure context, as
 * https; supportFetchAPI: the page and its worker may fetch() our own files. Deliberately absent: bypassCSP (the
 * CSP must hold), corsEnabled (other origins must not read our files), service workers and streaming.
 */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true }

/** Registers app:// as privileged; Electron accepts this only once, and only before the app is ready. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  const scheme: CustomScheme = { scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }
  protocol.registerSchemesAsPrivileged([scheme])
}

/** Options for {@link serveAppScheme} and {@link createAppRequestHandler}. */
export interface AppSchemeOptions {
  /** Absolute path of the built renderer (`out/renderer`, inside app.asar when packaged). */
  root: string
  /** The Content-Security-Policy sent with every response. */
  csp: string
}

/** Serves app:// from the built renderer; call once the app is ready (protocol.handle needs it). */
export function serveAppScheme(protocol: Pick<Protocol, 'handle'>, options: AppSchemeOptions): void {
  protocol.handle(APP_SCHEME, createAppRequestHandler(options))
}

/**
 * Maps an app:// URL to a file under `root`, or null when the URL is not ours or could escape `root`.
 * Chromium canonicalises URLs before they get here; this does not rely on it. Each path segment is decoded
 * once and refused if empty, dot-led (`.`, `..`, dotfiles: no built asset has one), or if it holds a slash,
 * backslash, colon (drive letters, NTFS streams), control character (null bytes) or a '%' left over (double
 * encoding, which a second decode further on would turn into one of these). Query and hash are ignored.
 */
export function resolveAppPath(root: string, url: string): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST || u.username !== '' || u.password !== '')
    return null
  const path = u.pathname === '' || u.pathname === '/' ? '/index.html' : u.pathname
  const segments: string[] = []
  for (const raw of path.slice(1).split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      // Malformed escapes and invalid UTF-8, such as the overlong %C0%AE for '.'.
      return null
    }
    if (!isSafeSegment(segment)) return null
    segments.push(segment)
  }
  const file = resolve(root, ...segments)
  // Belt and braces: the segment rules already make an escape impossible.
  return isInside(root, file) ? file : null
}

function isSafeSegment(segment: string): boolean {
  if (segment === '' || segment.startsWith('.')) return false
  for (const char of segment) if (char < ' ' || char === '\x7f' || '/\\:%'.includes(char)) return false
  return true
}

function isInside(root: string, file: string): boolean {
  const rel = relative(root, file)
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.txt': 'text/plain; charset=utf-8'
}

/** The Content-Type for a file name; module scripts and wasm streaming refuse anything but the exact type. */
export function contentTypeFor(file: string): string {
  return MIME[extname(file).toLowerCase()] ?? 'application/octet-stream'
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed'
}

function refuse(status: number): Response {
  return new Response(STATUS_TEXT[status] ?? 'Error', {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }
  })
}

/** The app:// handler: read-only GET/HEAD of files under `root`, for our own origin or the browser itself. */
export function createAppRequestHandler({
  root,
  csp
}: AppSchemeOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405)
    // Electron sets initiatorOrigin from the browser side (a page cannot forge it): absent for navigations the
    // browser starts, our origin for our own subresources. Anything else is another page reaching for our files.
    const initiator = (request as Request & { initiatorOrigin?: string }).initiatorOrigin
    if (initiator !== undefined && initiator !== APP_ORIGIN) return refuse(403)
    const file = resolveAppPath(root, request.url)
    if (file === null) return refuse(400)
    let body: Uint8Array<ArrayBuffer>
    try {
      // A symlink inside the build must not lead out of it; both sides resolved, so a symlinked install path
      // (or app.asar's own location) is not mistaken for an escape.
      const [realRoot, realFile] = await Promise.all([fs.realpath(root), fs.realpath(file)])
      if (!isInside(realRoot, realFile)) return refuse(403)
      if (!(await fs.stat(realFile)).isFile()) return refuse(404)
      // A copy: Response's types refuse a Buffer, which may sit on a SharedArrayBuffer. The files are small.
      body = new Uint8Array(await fs.readFile(realFile))
    } catch {
      return refuse(404)
    }
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: {
        'Content-Type': contentTypeFor(file),
        'X-Content-Type-Options': 'nosniff',
        // On every response, not only HTML: a dedicated worker takes its CSP from its own script's response.
        'Content-Security-Policy': csp
      }
    })
  }
}
