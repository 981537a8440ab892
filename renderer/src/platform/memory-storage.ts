import type { KeyValueStorage } from './web-store'

// A test double for the web store's tests: Node has no localStorage.

/** A Map-backed `Storage` stand-in; `refuse` makes setItem throw a quota error for the keys it matches. */
export class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>()
  refuse: (key: string) => boolean = () => false
  get length(): number {
    return this.items.size
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    if (this.refuse(key)) throw Object.assign(new Error('quota exceeded'), { name: 'QuotaExceededError' })
    this.items.set(key, value)
  }
  removeItem(key: string): void {
    this.items.delete(key)
  }
  /** The keys that start with `prefix`, sorted. */
  keysStarting(prefix: string): string[] {
    return [...this.items.keys()].filter((k) => k.startsWith(prefix)).sort()
  }
}
