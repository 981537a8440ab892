import type { z } from 'zod'
import type { ProblemParams, StoreProblem } from './store/store-problem'

// Checks that run before any schema work: zod and JSON.stringify overflow the stack on deep nests, and
// structured clone (IPC) can carry cycles, Maps and class instances that JSON would silently mangle.

/** Caps on an untrusted JSON-like value, enforced by an iterative walk. */
export interface JsonLimits {
  /** Rough serialized size in characters; also bounds the walk on shared or cyclic graphs. */
  maxBytes: number
  maxDepth: number
  /** For string values and object keys alike. */
  maxStringLength: number
}

const MiB = 1024 * 1024

/** Limits for an IPC payload (reliability.md: ≤ 8 MB, nesting ≤ 64, strings ≤ 100 KB). */
export const IPC_LIMITS: JsonLimits = { maxBytes: 8 * MiB, maxDepth: 64, maxStringLength: 100_000 }

/** Limits for a campaign read from disk or imported (reliability.md F1: ≤ 50 MB). */
export const FILE_LIMITS: JsonLimits = { maxBytes: 50 * MiB, maxDepth: 64, maxStringLength: 100_000 }

/** Caps on a campaign's content that its shape alone does not bound (reliability.md F1, F4). */
export const CAMPAIGN_LIMITS = {
  /**
   * Largest campaign file text an import takes, in UTF-16 code units, in both builds: what fits one IPC call
   * (8 MiB for the whole payload, less room for the `{"json":…}` wrapper). A file of more bytes than this is
   * refused before it is read (a byte count is never below the code-unit count of its text).
   */
  maxImportChars: 8 * MiB - 64,
  /**
   * Figures summed over every encounter record of a campaign. The schema allows 500 encounters of 500
   * figures (250,000), which no table plays and which would make a list or a save crawl; 5,000 is ten
   * full-size 500-figure battles, or 25 at the 200-figure performance target.
   */
  maxFigures: 5000
} as const

/** Keys refused anywhere: each turns a careless merge or lookup into prototype pollution. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** JSON paths in params are clipped: a hostile key could make one megabytes long. */
const MAX_PATH_PARAM = 200

/** Why a value broke the limits: `size` is worth telling apart (tooLarge) from a malformed shape. */
export interface LimitViolation {
  kind: 'size' | 'shape'
  /** The machine-readable reason, for the UI's localized sentence. */
  problem: StoreProblem
  params: ProblemParams
  /** Technical English detail, with the JSON path. */
  message: string
}

/** Returns the first violation, or null when the value is plain data within the limits. */
export function checkJsonLimits(value: unknown, limits: JsonLimits): LimitViolation | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '$' }]
  let bytes = 0
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: v, depth, path } = item
    if (depth > limits.maxDepth)
      return shape('tooDeep', path, `nested deeper than ${limits.maxDepth}`, { limit: limits.maxDepth })
    if (typeof v === 'string') {
      if (v.length > limits.maxStringLength) return tooLong(path, 'string', v.length, limits)
      bytes += v.length + 2
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return shape('notFinite', path, 'number is not finite')
      bytes += 8
    } else if (v === null || v === undefined || typeof v === 'boolean') {
      bytes += 4
    } else if (Array.isArray(v)) {
      if (Object.getPrototypeOf(v) !== Array.prototype)
        return shape('notPlainData', path, 'not a plain array')
      bytes += 2
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ value: v[i], depth: depth + 1, path: `${path}[${i}]` })
    } else if (typeof v === 'object') {
      const proto: unknown = Object.getPrototypeOf(v)
      if (proto !== Object.prototype && proto !== null)
        return shape('notPlainData', path, 'not a plain object')
      bytes += 2
      for (const [key, child] of Object.entries(v)) {
        // An own "__proto__" key turns into a prototype swap the moment someone spreads or assigns it; the
        // other two reach Object.prototype through any `target[a][b] = …` walk. No schema uses them as keys.
        if (FORBIDDEN_KEYS.has(key)) return shape('forbiddenKey', path, `"${key}" key`, { key })
        if (key.length > limits.maxStringLength) return tooLong(path, 'key', key.length, limits)
        bytes += key.length + 4
        stack.push({ value: child, depth: depth + 1, path: `${path}.${key}` })
      }
    } else {
      return shape('notPlainData', path, `${typeof v} is not JSON data`)
    }
    if (bytes > limits.maxBytes) {
      const message = `larger than ${limits.maxBytes} bytes`
      return { kind: 'size', problem: 'fileTooLarge', params: { limit: limits.maxBytes }, message }
    }
  }
  return null
}

function shape(
  problem: StoreProblem,
  path: string,
  what: string,
  params: ProblemParams = {}
): LimitViolation {
  return { kind: 'shape', problem, params: { ...params, path: clipPath(path) }, message: `${path}: ${what}` }
}

function tooLong(path: string, what: 'string' | 'key', found: number, limits: JsonLimits): LimitViolation {
  const limit = limits.maxStringLength
  return shape('stringTooLong', path, `${what} longer than ${limit}`, { limit, found })
}

/** A JSON path short enough for a message param, keeping its start (where in the file) readable. */
export function clipPath(path: string): string {
  return path.length > MAX_PATH_PARAM ? `${path.slice(0, MAX_PATH_PARAM - 1)}…` : path
}

/**
 * The deepest bracket nesting of JSON text, scanned without parsing, stopping as soon as it passes `maxDepth`:
 * JSON.parse happily builds a 4-million-level array (a second and hundreds of MB) before any walk could refuse
 * it. Brackets inside strings do not count. Returns null when within the limit.
 */
export function checkJsonTextDepth(text: string, maxDepth: number): LimitViolation | null {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character, which may be a quote
      else if (c === 0x22) inString = false
    } else if (c === 0x22) {
      inString = true
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) {
        const message = `nested deeper than ${maxDepth} (at character ${i})`
        return { kind: 'shape', problem: 'tooDeep', params: { limit: maxDepth }, message }
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--
    }
  }
  return null
}

/** A readable one-line summary of the first zod issues, with their JSON paths. */
export function formatIssues(error: z.ZodError, max = 20): string {
  const lines = error.issues.slice(0, max).map((issue) => `${issuePath(issue.path)}: ${issue.message}`)
  const more = error.issues.length > max ? `; and ${error.issues.length - max} more` : ''
  return lines.join('; ') + more
}

/** The JSON path of a zod issue, `$.encounters[0].name` style. */
export function issuePath(path: readonly PropertyKey[]): string {
  return `$${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}`
}

/** The problem params of a schema failure: where the first issue is, and how many there are. */
export function schemaParams(error: z.ZodError): ProblemParams {
  return { path: clipPath(issuePath(error.issues[0]?.path ?? [])), count: error.issues.length }
}
