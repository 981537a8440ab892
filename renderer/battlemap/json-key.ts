// Layers decide whether to redraw by comparing a key of their inputs. The view's arrays are replaced,
// never mutated, so an object's JSON is computed once and remembered by identity: a hover that only
// changes the path no longer serialises 500 tokens and the whole reachable area on every sync.

const cache = new WeakMap<object, string>()

/** The JSON of `value`, remembered per object (views are immutable); primitives are serialised as is. */
export function jsonKey(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined'
  let key = cache.get(value)
  if (key === undefined) {
    key = JSON.stringify(value)
    cache.set(value, key)
  }
  return key
}
