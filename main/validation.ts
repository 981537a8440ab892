import type { z } from 'zod'

// Checks that run before any schema work: zod and JSON.stringify overflow the stack on deep nests, and
// structured clone (IPC) can carry cycles, Maps and class instances that JSON would silently mangle.

/** Caps on an untrusted JSON-like value, enforced by an iterative walk. */
export interface JsonLimits {
  /** Rough serialized size in characters; also bounds the walk on shared or cyclic graphs. */
  maxBytes: number
  maxDepth: number
  maxStringLength: number
}

const MiB = 1024 * 1024

/** Limits for an IPC payload (reliability.md: ≤ 8 MB, nesting ≤ 64, strings ≤ 100 KB). */
export const IPC_LIMITS: JsonLimits = { maxBytes: 8 * MiB, maxDepth: 64, maxStringLength: 100_000 }

/** Limits for a campaign read from disk or imported (reliability.md F1: ≤ 50 MB). */
export const FILE_LIMITS: JsonLimits = { maxBytes: 50 * MiB, maxDepth: 64, maxStringLength: 100_000 }

/** Why a value broke the limits: `size` is worth telling apart (tooLarge) from a malformed shape. */
export interface LimitViolation {
  kind: 'size' | 'shape'
  message: string
}

/** Returns the first violation, or null when the value is plain data within the limits. */
export function checkJsonLimits(value: unknown, limits: JsonLimits): LimitViolation | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '$' }]
  let bytes = 0
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: v, depth, path } = item
    if (depth > limits.maxDepth) return shape(`${path}: nested deeper than ${limits.maxDepth}`)
    if (typeof v === 'string') {
      if (v.length > limits.maxStringLength)
        return shape(`${path}: string longer than ${limits.maxStringLength}`)
      bytes += v.length + 2
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return shape(`${path}: number is not finite`)
      bytes += 8
    } else if (v === null || v === undefined || typeof v === 'boolean') {
      bytes += 4
    } else if (Array.isArray(v)) {
      if (Object.getPrototypeOf(v) !== Array.prototype) return shape(`${path}: not a plain array`)
      bytes += 2
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ value: v[i], depth: depth + 1, path: `${path}[${i}]` })
    } else if (typeof v === 'object') {
      const proto: unknown = Object.getPrototypeOf(v)
      if (proto !== Object.prototype && proto !== null) return shape(`${path}: not a plain object`)
      bytes += 2
      for (const [key, child] of Object.entries(v)) {
        // An own "__proto__" key turns into a prototype swap the moment someone spreads or assigns it.
        if (key === '__proto__') return shape(`${path}: "__proto__" key`)
        bytes += key.length + 4
        stack.push({ value: child, depth: depth + 1, path: `${path}.${key}` })
      }
    } else {
      return shape(`${path}: ${typeof v} is not JSON data`)
    }
    if (bytes > limits.maxBytes) return { kind: 'size', message: `larger than ${limits.maxBytes} bytes` }
  }
  return null
}

function shape(message: string): LimitViolation {
  return { kind: 'shape', message }
}

/** A readable one-line summary of the first zod issues, with their JSON paths. */
export function formatIssues(error: z.ZodError, max = 20): string {
  const lines = error.issues.slice(0, max).map((issue) => {
    const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
    return `$${path}: ${issue.message}`
  })
  const more = error.issues.length > max ? `; and ${error.issues.length - max} more` : ''
  return lines.join('; ') + more
}
