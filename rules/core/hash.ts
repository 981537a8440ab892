/** JSON with object keys sorted, so equal states always serialize the same way. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const sorted: Record<string, unknown> = {}
      for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k]
      return sorted
    }
    return v
  })
}

/** A 53-bit hash (cyrb53) as 14 hex digits: cheap, pure, the same in Node and Chromium. */
export function hashString(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')
}

/**
 * The hash of a value's canonical JSON: the determinism fingerprint of a state. An encounter state's
 * `systemState` is left out: it is a pure function of the log (core/system-state.ts), which the hash
 * covers, so saves written before the slice existed still replay to their recorded hash.
 */
export function stateHash(value: unknown): string {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'systemState' in value) {
    const { systemState: _derived, ...rest } = value as Record<string, unknown>
    return hashString(canonicalJson(rest))
  }
  return hashString(canonicalJson(value))
}
