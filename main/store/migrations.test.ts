import { describe, expect, it } from 'vitest'
import { makeCampaign } from '../test-fixtures'
import { campaignMigrations, migrate, type Migration } from './migrations'

// A fake v0 format: no schemaVersion, and the name was called "title".
const v0to1: Migration = ({ title, ...rest }) => ({ ...rest, name: title, schemaVersion: 1 })
const chain = new Map([[0, v0to1]])

function v0Doc(): Record<string, unknown> {
  const { name, schemaVersion: _v, ...rest } = makeCampaign()
  return { ...rest, title: name }
}

describe('migrate', () => {
  it('ships no steps yet: v1 is the first format', () => {
    expect(campaignMigrations.size).toBe(0)
    expect(migrate(makeCampaign()).kind).toBe('current')
  })

  it('runs v0 → v1 without touching its input, and is idempotent', () => {
    const doc = v0Doc()
    const before = structuredClone(doc)
    const once = migrate(doc, chain)
    expect(once).toEqual({ kind: 'migrated', from: 0, doc: makeCampaign() })
    expect(doc).toEqual(before)
    const twice = migrate(once.kind === 'migrated' ? once.doc : null, chain)
    expect(twice).toEqual({ kind: 'current', doc: makeCampaign() })
  })

  it('refuses a newer version instead of downgrading it', () => {
    expect(migrate({ ...makeCampaign(), schemaVersion: 7 }, chain)).toEqual({ kind: 'tooNew', version: 7 })
  })

  it.each([
    ['not an object', [1, 2], /JSON object/],
    ['a bad version', { schemaVersion: '1' }, /whole number/],
    ['a negative version', { schemaVersion: -1 }, /whole number/]
  ])('fails on %s', (_label, doc, message) => {
    expect(migrate(doc, chain)).toEqual({ kind: 'failed', message: expect.stringMatching(message) })
  })

  it('fails on a missing step, a step that throws, and a step that forgets to bump the version', () => {
    // A document without schemaVersion is told apart: no release ever wrote one (v1 was the first format).
    expect(migrate(v0Doc(), new Map())).toEqual({
      kind: 'failed',
      message: expect.stringMatching(
        /^no migration from schemaVersion 0: the file has no schemaVersion, which no/
      )
    })
    expect(migrate({ ...makeCampaign(), schemaVersion: 1 }, new Map(), 2)).toEqual({
      kind: 'failed',
      message: 'no migration from schemaVersion 1'
    })
    expect(migrate({ ...v0Doc(), schemaVersion: 0 }, new Map())).toEqual({
      kind: 'failed',
      message: 'no migration from schemaVersion 0'
    })
    const throwing: Migration = () => {
      throw new Error('boom')
    }
    expect(migrate(v0Doc(), new Map([[0, throwing]]))).toMatchObject({ message: /v0 failed: boom/ })
    const lazy: Migration = (doc) => ({ ...doc })
    expect(migrate(v0Doc(), new Map([[0, lazy]]))).toMatchObject({ message: /did not produce v1/ })
  })
})
