import { describe, expect, it } from 'vitest'
import { canonicalJson, hashString, stateHash } from './hash'

describe('state hash', () => {
  it('ignores key order but not values', () => {
    expect(stateHash({ a: 1, b: [1, 2] })).toBe(stateHash({ b: [1, 2], a: 1 }))
    expect(stateHash({ a: 1, b: [1, 2] })).not.toBe(stateHash({ a: 1, b: [2, 1] }))
    expect(canonicalJson({ z: { y: 1, x: 2 } })).toBe('{"z":{"x":2,"y":1}}')
  })

  it('is 14 hex digits and stable across runs', () => {
    expect(hashString('emboscada')).toMatch(/^[0-9a-f]{14}$/)
    expect(hashString('emboscada')).toBe(hashString('emboscada'))
    expect(hashString('emboscada')).not.toBe(hashString('emboscadb'))
  })
})
