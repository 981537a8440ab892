import { describe, expect, it } from 'vitest'
import { campaignSchema } from '../rules/core/schemas'
import { makeCampaign } from './test-fixtures'
import { checkJsonLimits, formatIssues, IPC_LIMITS, type JsonLimits } from './validation'

const small: JsonLimits = { maxBytes: 1000, maxDepth: 4, maxStringLength: 10 }

function nest(depth: number): unknown {
  let value: unknown = 0
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

describe('checkJsonLimits', () => {
  it('accepts plain JSON data, including a whole campaign', () => {
    expect(checkJsonLimits({ a: [1, 'x', null, true, { b: undefined }] }, small)).toBeNull()
    expect(checkJsonLimits(makeCampaign(), IPC_LIMITS)).toBeNull()
    expect(checkJsonLimits(undefined, small)).toBeNull()
  })

  it('refuses nesting past maxDepth, iteratively (200,000 levels do not overflow the stack)', () => {
    expect(checkJsonLimits(nest(4), small)).toBeNull()
    expect(checkJsonLimits(nest(5), small)).toMatchObject({
      kind: 'shape',
      message: expect.stringMatching(/deeper/)
    })
    expect(checkJsonLimits(nest(200_000), IPC_LIMITS)?.kind).toBe('shape')
  })

  it('refuses long strings, non-finite numbers and values JSON cannot hold', () => {
    expect(checkJsonLimits({ s: 'x'.repeat(11) }, small)?.message).toMatch(/^\$\.s: string longer/)
    for (const bad of [NaN, Infinity, 10n, () => 1, Symbol('s'), new Date(), new Map(), new Uint8Array(2)]) {
      expect(checkJsonLimits({ v: [bad] }, small), String(typeof bad)).toMatchObject({ kind: 'shape' })
    }
    class Token {
      hp = 3
    }
    expect(checkJsonLimits(new Token(), small)?.message).toMatch(/not a plain object/)
  })

  it('refuses an own "__proto__" key as JSON.parse creates it', () => {
    const parsed: unknown = JSON.parse('{"stats":{"__proto__":{"isAdmin":true}}}')
    expect(checkJsonLimits(parsed, small)?.message).toBe('$.stats: "__proto__" key')
    expect(checkJsonLimits(Object.create(null) as object, small)).toBeNull()
  })

  it('takes constructor and prototype keys as data (an encounter named "Constructor"), refuses over-long keys', () => {
    expect(checkJsonLimits({ a: { constructor: { prototype: {} } } }, IPC_LIMITS)).toBeNull()
    const modes: unknown = JSON.parse('{"encounters":{"constructor":{"mode":"gm"}}}')
    expect(checkJsonLimits(modes, IPC_LIMITS)).toBeNull()
    expect(checkJsonLimits({ ['k'.repeat(11)]: 1 }, small)).toMatchObject({
      problem: 'stringTooLong',
      params: { limit: 10, found: 11, path: '$' }
    })
    expect(checkJsonLimits({ name: 'constructor' }, IPC_LIMITS)).toBeNull()
  })

  it('stops at the first limit: children past it are never read', () => {
    // Element getters count what the walk touches; a walk that gathers every child first reads them all.
    let reads = 0
    const values = Array.from({ length: 10_000 }, () => 0)
    for (let i = 0; i < values.length; i++)
      Object.defineProperty(values, i, {
        get: () => {
          reads++
          return 'abcdefgh'
        }
      })
    expect(checkJsonLimits({ values }, small)?.kind).toBe('size')
    // 1,000 bytes at 10 a string: the walk stops within a few more than 100 reads.
    expect(reads).toBeLessThan(110)
    reads = 0
    Object.defineProperty(values, 3, { get: () => NaN })
    expect(checkJsonLimits(values, IPC_LIMITS)).toMatchObject({
      problem: 'notFinite',
      params: { path: '$[3]' }
    })
    expect(reads).toBe(3)
  })

  it('gives every violation a problem and params, with long paths clipped', () => {
    expect(checkJsonLimits([NaN], small)).toMatchObject({ problem: 'notFinite', params: { path: '$[0]' } })
    expect(checkJsonLimits(new Set(), small)).toMatchObject({
      problem: 'notPlainData',
      params: { path: '$' }
    })
    expect(checkJsonLimits([[[[[0]]]]], small)).toMatchObject({ problem: 'tooDeep', params: { limit: 4 } })
    expect(checkJsonLimits('x'.repeat(2000), { ...small, maxStringLength: 5000 })).toMatchObject({
      kind: 'size',
      problem: 'fileTooLarge',
      params: { limit: 1000 }
    })
    const key = 'k'.repeat(900)
    const violation = checkJsonLimits({ [key]: { [key]: NaN } }, IPC_LIMITS)
    expect(String(violation?.params.path).length).toBeLessThanOrEqual(200)
    expect(violation?.message).toContain(key)
  })

  it('reports size separately and stops on cyclic or shared graphs', () => {
    expect(checkJsonLimits({ a: Array.from({ length: 200 }, () => 'abcdefgh') }, small)?.kind).toBe('size')
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(checkJsonLimits(cyclic, small)?.kind).toBe('shape')
    // 2^40 paths through 40 shared nodes: the byte budget ends the walk long before that.
    let shared: unknown = 'leaf'
    for (let i = 0; i < 40; i++) shared = [shared, shared]
    expect(checkJsonLimits(shared, { ...IPC_LIMITS, maxDepth: 64 })?.kind).toBe('size')
  })
})

describe('formatIssues', () => {
  it('names the JSON path of each issue and caps the count', () => {
    const result = campaignSchema.safeParse({ ...makeCampaign(), id: '../x', name: '' })
    expect(result.success).toBe(false)
    const text = formatIssues(result.error!)
    expect(text).toContain('$.id: campaign ids are lowercase slugs')
    expect(text).toContain('$.name:')
    expect(formatIssues(result.error!, 1)).toMatch(/; and 1 more$/)
  })
})
