import { describe, expect, it } from 'vitest'
import { ObjectMemo } from './state-memo'

describe('ObjectMemo', () => {
  it('computes once for the same key objects and string, again when any of them changes', () => {
    const memo = new ObjectMemo<number>()
    let calls = 0
    const board = { w: 1 }
    const roster = [1, 2]
    const sum = (r: number[], extra: number) => () => (calls++, r.reduce((a, b) => a + b, extra))
    expect(memo.get([board, roster], 'a', sum(roster, 0))).toBe(3)
    expect(memo.get([board, roster], 'a', sum(roster, 0))).toBe(3)
    expect(calls).toBe(1)
    // A new roster (the engine's way of changing one) misses, as does another string or another board.
    const moved = [1, 5]
    expect(memo.get([board, moved], 'a', sum(moved, 0))).toBe(6)
    expect(memo.get([board, roster], 'b', sum(roster, 10))).toBe(13)
    expect(memo.get([{ w: 1 }, roster], 'a', sum(roster, 100))).toBe(103)
    expect(calls).toBe(4)
  })

  it('tells an absent key object from a present one, and keeps answers that are undefined', () => {
    const memo = new ObjectMemo<string | undefined>()
    expect(memo.get([undefined], '', () => 'absent')).toBe('absent')
    expect(memo.get([{}], '', () => 'present')).toBe('present')
    expect(memo.get([undefined], '', () => 'again')).toBe('absent')
    const settings = {}
    let calls = 0
    expect(memo.get([settings], 'u', () => (calls++, undefined))).toBeUndefined()
    expect(memo.get([settings], 'u', () => (calls++, 'late'))).toBeUndefined()
    expect(calls).toBe(1)
  })
})
