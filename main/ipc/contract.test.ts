import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Campaign, CampaignSummary } from '../../rules/core/schemas'
import type {
  BackupEntry,
  CampaignListEntry,
  QuarantineEntry,
  SaveReport,
  StoreErrorCode
} from '../store/campaign-store'
import { makeCampaign } from '../test-fixtures'
import {
  API_GLOBAL,
  CHANNELS,
  contract,
  ipcErrorCodeSchema,
  type EmboscadaApi,
  type EmboscadaGlobal,
  type IpcResult
} from './contract'

describe('the IPC contract', () => {
  it('names every channel noun.verb and defines each exactly once', () => {
    expect(Object.keys(contract)).toEqual([...CHANNELS])
    for (const channel of CHANNELS) expect(channel).toMatch(/^[a-z]+\.[a-z]+$/)
    expect(API_GLOBAL).toBe('emboscada')
  })

  it('answers with a discriminated result, never a bare value or a thrown string', () => {
    const response = contract['campaign.load'].response
    expect(response.safeParse({ ok: true, value: JSON.stringify(makeCampaign()) }).success).toBe(true)
    expect(response.safeParse({ ok: false, error: { code: 'notFound', message: 'no' } }).success).toBe(true)
    expect(response.safeParse(makeCampaign()).success).toBe(false)
    expect(response.safeParse('Error: boom').success).toBe(false)
    expect(response.safeParse({ ok: false, error: { code: 'EACCES', message: 'no' } }).success).toBe(false)
    expect(response.safeParse({ ok: true, value: { ...makeCampaign(), id: '../x' } }).success).toBe(false)
    expect(
      contract['campaign.save'].response.safeParse({ ok: true, value: { backup: 'lost' } }).success
    ).toBe(false)
  })

  it('allows every store error code on the wire', () => {
    const storeCodes: Record<StoreErrorCode, true> = {
      notFound: true,
      corrupt: true,
      invalid: true,
      tooLarge: true,
      tooNew: true,
      badId: true,
      io: true,
      stale: true,
      unknownRules: true,
      locked: true
    }
    for (const code of Object.keys(storeCodes)) expect(ipcErrorCodeSchema.options).toContain(code)
  })

  it('takes no argument on list and quarantined, and an id object on load', () => {
    expect(contract['campaign.list'].request.safeParse(undefined).success).toBe(true)
    expect(contract['campaign.list'].request.safeParse({}).success).toBe(false)
    expect(contract['campaign.load'].request.safeParse({ id: 'demo' }).success).toBe(true)
    expect(contract['campaign.load'].request.safeParse({ id: '..\\demo' }).success).toBe(false)
  })

  it('takes an id on backups, and an id with one of its own backup names on restore', () => {
    const backups = contract['campaign.backups'].request
    expect(backups.safeParse({ id: 'demo' }).success).toBe(true)
    expect(backups.safeParse({ id: 'demo', file: 'x' }).success).toBe(false)
    expect(backups.safeParse(undefined).success).toBe(false)
    const restore = contract['campaign.restore'].request
    for (const file of [
      'demo.20261130T043900123Z.1a2b3c.bak',
      'demo.json.1.bak',
      'demo.json.v0-20261130T043900123Z.bak'
    ])
      expect(restore.safeParse({ id: 'demo', file }).success, file).toBe(true)
    for (const file of [
      '../demo.json.1.bak',
      'backups/demo.json.1.bak',
      'demo.json',
      'other.json.1.bak',
      'demo.json.1.bak\\..',
      'demo-2.json.1.bak',
      'x'.repeat(200) + '.json.1.bak'
    ])
      expect(restore.safeParse({ id: 'demo', file }).success, file).toBe(false)
    expect(restore.safeParse({ id: 'demo', file: 'demo.json.1.bak', extra: 1 }).success).toBe(false)
    expect(restore.safeParse({ id: 'demo' }).success).toBe(false)
  })

  it('answers backups with entries a damaged backup can be told apart in', () => {
    const response = contract['campaign.backups'].response
    const entry = { file: 'demo.json.1.bak', at: '2026-11-30T04:39:00.123Z', kind: 'save', readable: false }
    expect(response.safeParse({ ok: true, value: [entry] }).success).toBe(true)
    expect(
      response.safeParse({ ok: true, value: [{ ...entry, name: 'Demo', encounterCount: 2 }] }).success
    ).toBe(true)
    expect(response.safeParse({ ok: true, value: [{ ...entry, kind: 'weekly' }] }).success).toBe(false)
    expect(response.safeParse({ ok: true, value: [{ ...entry, file: '/etc/passwd' }] }).success).toBe(false)
    expect(response.safeParse({ ok: true, value: [{ ...entry, path: '/home/gm' }] }).success).toBe(false)
  })

  it('gives the renderer one typed async function per channel', () => {
    expectTypeOf<EmboscadaGlobal['emboscada']>().toEqualTypeOf<EmboscadaApi>()
    expectTypeOf<EmboscadaApi['campaign']['list']>().toEqualTypeOf<
      () => Promise<IpcResult<CampaignListEntry[]>>
    >()
    expectTypeOf<EmboscadaApi['campaign']['load']>().parameters.toEqualTypeOf<[{ id: string }]>()
    // Whole campaigns cross as JSON text (main/store/text-store.ts).
    expectTypeOf<EmboscadaApi['campaign']['load']>().returns.resolves.toEqualTypeOf<IpcResult<string>>()
    expectTypeOf<EmboscadaApi['campaign']['save']>().parameters.toEqualTypeOf<[{ json: string }]>()
    expectTypeOf<EmboscadaApi['campaign']['save']>().returns.resolves.toEqualTypeOf<IpcResult<SaveReport>>()
    expectTypeOf<EmboscadaApi['campaign']['import']>().parameters.toEqualTypeOf<[{ json: string }]>()
    expectTypeOf<EmboscadaApi['campaign']['quarantined']>().returns.resolves.toEqualTypeOf<
      IpcResult<QuarantineEntry[]>
    >()
    expectTypeOf<EmboscadaApi['campaign']['backups']>().parameters.toEqualTypeOf<[{ id: string }]>()
    expectTypeOf<EmboscadaApi['campaign']['backups']>().returns.resolves.toEqualTypeOf<
      IpcResult<BackupEntry[]>
    >()
    expectTypeOf<EmboscadaApi['campaign']['restore']>().parameters.toEqualTypeOf<
      [{ id: string; file: string }]
    >()
    expectTypeOf<EmboscadaApi['campaign']['restore']>().returns.resolves.toEqualTypeOf<IpcResult<string>>()
    expectTypeOf<keyof EmboscadaApi['campaign']>().toEqualTypeOf<
      | 'list'
      | 'load'
      | 'save'
      | 'import'
      | 'quarantined'
      | 'backups'
      | 'restore'
      | 'create'
      | 'rename'
      | 'duplicate'
      | 'trash'
      | 'untrash'
    >()
    expectTypeOf<EmboscadaApi['campaign']['create']>().parameters.toEqualTypeOf<
      [{ name: string; system: Campaign['system'] }]
    >()
    expectTypeOf<EmboscadaApi['campaign']['duplicate']>().parameters.toEqualTypeOf<
      [{ id: string; name?: string | undefined }]
    >()
    expectTypeOf<EmboscadaApi['campaign']['trash']>().returns.resolves.toEqualTypeOf<IpcResult<null>>()
    expectTypeOf<EmboscadaApi['campaign']['untrash']>().returns.resolves.toEqualTypeOf<
      IpcResult<CampaignSummary>
    >()
  })
})

describe('the campaign list channels', () => {
  it('take a trimmed name of 1 to 120 characters with no control characters', () => {
    const create = contract['campaign.create'].request
    expect(create.parse({ name: '  Mi campaña  ', system: 'hq2' })).toEqual({
      name: 'Mi campaña',
      system: 'hq2'
    })
    expect(create.safeParse({ name: 'x'.repeat(120), system: 'athkri' }).success).toBe(true)
    for (const name of ['', '   ', 'x'.repeat(121), 'two\nlines', 'nul\u0000', 'bell\u0007', 42, null])
      expect(create.safeParse({ name, system: 'hq2' }).success, JSON.stringify(name)).toBe(false)
    expect(create.safeParse({ name: 'Ok', system: 'dnd5e' }).success).toBe(false)
    expect(create.safeParse({ name: 'Ok', system: 'hq2', id: 'mine' }).success).toBe(false)
  })

  it('take an id slug on rename, duplicate, trash and untrash', () => {
    const channels = ['campaign.rename', 'campaign.duplicate', 'campaign.trash', 'campaign.untrash'] as const
    for (const channel of channels) {
      const request = contract[channel].request
      const extra = channel === 'campaign.rename' ? { name: 'New' } : {}
      expect(request.safeParse({ id: 'demo', ...extra }).success, channel).toBe(true)
      for (const id of ['../demo', 'Demo', '', 'a/b', 'x'.repeat(65)])
        expect(request.safeParse({ id, ...extra }).success, `${channel} ${id}`).toBe(false)
    }
    expect(contract['campaign.rename'].request.safeParse({ id: 'demo' }).success).toBe(false)
    expect(contract['campaign.duplicate'].request.safeParse({ id: 'demo', name: 'Copia' }).success).toBe(true)
    expect(contract['campaign.duplicate'].request.safeParse({ id: 'demo', name: '' }).success).toBe(false)
  })
})
