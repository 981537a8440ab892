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

/** Caps on JSON text, checked by {@link checkJsonText} before it is parsed. */
export interface TextLimits {
  maxDepth: number
  /** Values (containers, strings, numbers...) in the whole text; bounds what JSON.parse builds in memory. */
  maxValues: number
}

const MiB = 1024 * 1024

/** Limits for an IPC payload (reliability.md: ≤ 8 MB, nesting ≤ 64, strings ≤ 100 KB). */
export const IPC_LIMITS: JsonLimits = { maxBytes: 8 * MiB, maxDepth: 64, maxStringLength: 100_000 }

/**
 * Limits for a campaign file read from disk (reliability.md F1: ≤ 50 MB). Generous on purpose: files written
 * before saves were compact are indented (an 8 MiB campaign took 22 MB), and every one of them must still open.
 * What is *written* is capped far lower, by {@link CAMPAIGN_LIMITS}.maxCampaignChars, so every save fits.
 * A real campaign holds one value per ~10 characters of compact JSON (the samples: 8.8 to 13.8), so 3 million
 * values is a 30 MiB campaign, over three times what can be saved, while 23 million zeros are refused unparsed.
 */
export const FILE_LIMITS: JsonLimits & TextLimits = {
  maxBytes: 50 * MiB,
  maxDepth: 64,
  // The longest string the campaign schema holds: a board's background picture as a data: URL. At 100,000 (the
  // IPC cap for small requests) no campaign with a picture over ~73 KB could be saved.
  maxStringLength: 6_000_000,
  maxValues: 3_000_000
}

/** Caps on a campaign's content that its shape alone does not bound (reliability.md F1, F4). */
export const CAMPAIGN_LIMITS = {
  /**
   * Largest campaign file text an import takes, in UTF-16 code units, in both builds: what fits one IPC call
   * (8 MiB for the whole payload, less room for the `{"json":…}` wrapper). A file of more bytes than this is
   * refused before it is read (a byte count is never below the code-unit count of its text).
   */
  maxImportChars: 8 * MiB - 64,
  /**
   * Largest campaign a store writes, as the compact JSON text it writes, in UTF-16 code units: the import cap,
   * so whatever is saved can be exported and imported back. The check runs on the very text that is written,
   * and its UTF-8 bytes (at most 3 per code unit, 24 MiB) stay under {@link FILE_LIMITS}.maxBytes, so no save
   * can make a file the next start refuses as too large.
   */
  maxCampaignChars: 8 * MiB - 64,
  /**
   * Figures summed over every encounter record of a campaign. The schema allows 500 encounters of 500
   * figures (250,000), which no table plays and which would make a list or a save crawl; 5,000 is ten
   * full-size 500-figure battles, or 25 at the 200-figure performance target.
   */
  maxFigures: 5000
} as const

/**
 * The one key refused anywhere: JSON.parse makes `"__proto__"` an own key, which turns into a prototype swap
 * under Object.assign or a `target[key] = …` copy. `constructor` and `prototype` are ordinary data (an
 * encounter named "Constructor" has that id): the code reads user-keyed records with own-property checks
 * (rules/core/own.ts) and never writes `a[k1][k2] = v` with user keys, which is what would make them unsafe.
 */
const FORBIDDEN_KEY = '__proto__'

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

/**
 * One open container of the walk: its children are visited one at a time through `next`, so a container of
 * millions of children costs one frame, not millions. Paths are rebuilt from the parent chain only when a
 * violation needs one.
 */
interface Frame {
  readonly value: object
  /** The container's own keys (objects) or null (arrays, walked by index). */
  readonly keys: readonly string[] | null
  next: number
  readonly depth: number
  readonly parent: Frame | null
  /** Where this container sits in its parent. */
  readonly key: string | number
}

/**
 * Returns the first violation, or null when the value is plain data within the limits. The walk is iterative
 * and lazy: it holds one frame per level of the current path (never more than `maxDepth` + 1), counts each
 * value's bytes as it reaches it and stops at the first limit, so a hostile graph (millions of children, a
 * cycle, a DAG of 2^40 paths) costs no more than `maxBytes` of walking.
 */
export function checkJsonLimits(value: unknown, limits: JsonLimits): LimitViolation | null {
  let bytes = 0
  let frame: Frame | null = null
  let current: unknown = value
  let key: string | number = ''
  for (;;) {
    const depth: number = frame === null ? 0 : frame.depth + 1
    if (depth > limits.maxDepth) {
      const message = `nested deeper than ${limits.maxDepth}`
      return shape('tooDeep', pathOf(frame, key), message, { limit: limits.maxDepth })
    }
    // Primitives inline (the common case); containers open a frame.
    if (typeof current === 'string') {
      if (current.length > limits.maxStringLength)
        return tooLong(pathOf(frame, key), 'string', current.length, limits)
      bytes += current.length + 2
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return shape('notFinite', pathOf(frame, key), 'number is not finite')
      bytes += 8
    } else if (current === null || current === undefined || typeof current === 'boolean') {
      bytes += 4
    } else {
      const keys = containerKeys(current)
      if (typeof keys === 'string') return shape('notPlainData', pathOf(frame, key), keys)
      bytes += 2
      frame = { value: current as object, keys, next: 0, depth, parent: frame, key }
    }
    if (bytes > limits.maxBytes) {
      const message = `larger than ${limits.maxBytes} bytes`
      return { kind: 'size', problem: 'fileTooLarge', params: { limit: limits.maxBytes }, message }
    }
    // The next value: the open container's next child, or its parent's once it has none left.
    while (frame !== null && frame.next >= (frame.keys ?? (frame.value as unknown[])).length)
      frame = frame.parent
    if (frame === null) return null
    const index: number = frame.next++
    if (frame.keys === null) {
      key = index
      current = (frame.value as unknown[])[index]
    } else {
      key = frame.keys[index]!
      if (key === FORBIDDEN_KEY)
        return shape('forbiddenKey', pathOf(frame.parent, frame.key), `"${key}" key`, { key })
      if (key.length > limits.maxStringLength)
        return tooLong(pathOf(frame.parent, frame.key), 'key', key.length, limits)
      bytes += key.length + 4
      current = (frame.value as Record<string, unknown>)[key]
    }
  }
}

/** A plain array (null: walked by index) or plain object (its own keys); otherwise why it is not JSON data. */
function containerKeys(v: unknown): readonly string[] | null | string {
  if (Array.isArray(v)) return Object.getPrototypeOf(v) === Array.prototype ? null : 'not a plain array'
  if (typeof v !== 'object' || v === null) return `${typeof v} is not JSON data`
  const proto: unknown = Object.getPrototypeOf(v)
  if (proto !== Object.prototype && proto !== null) return 'not a plain object'
  return Object.keys(v)
}

/** The JSON path of the value at `key` inside `frame` (`$` for the root), rebuilt from the parent chain. */
function pathOf(frame: Frame | null, key: string | number): string {
  const parts: string[] = []
  for (let f = frame, k = key; f !== null; k = f.key, f = f.parent)
    parts.push(typeof k === 'number' ? `[${k}]` : `.${k}`)
  return `$${parts.reverse().join('')}`
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
 * Checks JSON text before JSON.parse builds it: the bracket nesting (JSON.parse happily builds a
 * 4-million-level array, a second and hundreds of MB, before any walk could refuse it) and the number of
 * values (a 45 MB file of `0,0,0,…` parses into 23 million of them). One pass over the characters, stopping at
 * the first limit. A value is counted where it starts: the text's start, after `[`, after `,` in an array, after
 * `:`; object keys are not values. For valid JSON the count is exact; for broken JSON it is whatever the
 * parser would then refuse anyway. Null when within the limits.
 */
export function checkJsonText(text: string, limits: TextLimits): LimitViolation | null {
  // Per open container, whether it is an array; deeper than maxDepth is refused before it is needed.
  const isArray = new Uint8Array(limits.maxDepth + 2)
  let depth = 0
  let values = 0
  let expectValue = true
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character, which may be a quote
      else if (c === 0x22) inString = false
      continue
    }
    // Whitespace between tokens.
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue
    if (expectValue && c !== 0x5d && c !== 0x7d) {
      values++
      if (values > limits.maxValues) {
        const message = `more than ${limits.maxValues} values (at character ${i})`
        return { kind: 'size', problem: 'tooManyValues', params: { limit: limits.maxValues }, message }
      }
    }
    expectValue = false
    if (c === 0x22) {
      inString = true
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limits.maxDepth) {
        const message = `nested deeper than ${limits.maxDepth} (at character ${i})`
        return { kind: 'shape', problem: 'tooDeep', params: { limit: limits.maxDepth }, message }
      }
      isArray[depth] = c === 0x5b ? 1 : 0
      expectValue = c === 0x5b
    } else if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--
    } else if (c === 0x3a) {
      expectValue = true
    } else if (c === 0x2c) {
      expectValue = isArray[depth] === 1
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
