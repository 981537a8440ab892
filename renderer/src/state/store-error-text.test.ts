import { describe, expect, it } from 'vitest'
import { StoreError } from '../../../main/store/campaign-store'
import { STORE_PROBLEMS } from '../../../main/store/store-problem'
import { CAMPAIGN_LIMITS } from '../../../main/validation'
import { en } from '../i18n/en'
import { es } from '../i18n/es'
import { LOCALES } from '../i18n'
import { importFile, type PickedFile } from './import-file'
import {
  CODE_KEYS,
  describeError,
  PROBLEM_KEYS,
  storeErrorReason,
  storeErrorText,
  storeFailureOf,
  type StoreFailure
} from './store-error-text'

// Store refusals in the GM's language (issue 8): every problem code has a sentence in both catalogues, and the
// sentences come out filled with their params, sizes in MB, in English and in Spanish.

describe('catalogue coverage', () => {
  it.each(STORE_PROBLEMS)('problem %s has a sentence in Spanish and in English', (problem) => {
    const key = PROBLEM_KEYS[problem]
    expect(key).toBe(`problem.${problem}`)
    expect(Object.keys(es)).toContain(key)
    expect(Object.keys(en)).toContain(key)
  })

  it('every store code has a fallback sentence in both catalogues', () => {
    for (const key of [...Object.values(CODE_KEYS), 'storeError.unknown']) {
      expect(Object.keys(es)).toContain(key)
      expect(Object.keys(en)).toContain(key)
    }
  })

  it('no problem sentence shows a placeholder left unfilled by its params', () => {
    // The params each problem is produced with (decode.ts, validation.ts, import-text.ts, the IPC handler).
    const params: Record<string, Record<string, string | number>> = {
      fileTooLarge: { limit: 1, found: 2 },
      tooDeep: { limit: 64 },
      stringTooLong: { limit: 1, found: 2, path: '$' },
      forbiddenKey: { key: '__proto__', path: '$' },
      notFinite: { path: '$' },
      notPlainData: { path: '$' },
      tooNew: { version: 2, supported: 1 },
      unknownSystem: { system: 'x' },
      schema: { path: '$', count: 1 },
      rules: { encounter: 'x', path: '$' },
      tooManyFigures: { found: 2, limit: 1 },
      idMismatch: { id: 'a', found: 'b' },
      idTaken: { id: 'a' },
      badName: { limit: 120 },
      idInUse: { id: 'a' },
      tooManyValues: { limit: 3_000_000 },
      campaignTooLarge: { found: 9_000_000, limit: 8 * 1024 * 1024 - 64 },
      folderLocked: { pid: 4242, host: 'mesa' }
    }
    for (const locale of LOCALES) {
      for (const problem of STORE_PROBLEMS) {
        const text = storeErrorReason(locale, { problem, params: params[problem] ?? {}, message: '' })
        expect(text, `${locale} ${problem}`).not.toMatch(/[{}]|problem\./)
      }
    }
  })
})

describe('storeErrorText', () => {
  const cases: { failure: StoreFailure; en: string; es: string }[] = [
    {
      failure: { code: 'corrupt', problem: 'notJson', message: 'Unexpected token' },
      en: 'Could not import “x.json”: it is not JSON (is it an Emboscada campaign file?)',
      es: 'No se pudo importar «x.json»: no es JSON (¿es un archivo de campaña de Emboscada?)'
    },
    {
      failure: {
        code: 'invalid',
        problem: 'forbiddenKey',
        params: { key: '__proto__', path: '$' },
        message: '$: "__proto__" key'
      },
      en: 'Could not import “x.json”: it contains the forbidden key “__proto__” (at $)',
      es: 'No se pudo importar «x.json»: contiene la clave prohibida «__proto__» (en $)'
    },
    {
      failure: { code: 'invalid', problem: 'unknownSystem', params: { system: 'dnd5e' }, message: '' },
      en: 'Could not import “x.json”: it uses the rule system “dnd5e”, which this version of Emboscada does not know',
      es: 'No se pudo importar «x.json»: usa el sistema de reglas «dnd5e», que esta versión de Emboscada no conoce'
    },
    {
      failure: {
        code: 'tooLarge',
        problem: 'fileTooLarge',
        params: { limit: 8 * 1024 * 1024, found: 9_000_000 },
        message: ''
      },
      en: 'Could not import “x.json”: it is larger than 8 MB, the most Emboscada accepts',
      es: 'No se pudo importar «x.json»: ocupa más de 8 MB, el máximo que admite Emboscada'
    },
    {
      failure: {
        code: 'invalid',
        problem: 'tooManyFigures',
        params: { found: 5500, limit: 5000 },
        message: ''
      },
      en: 'Could not import “x.json”: it has 5,500 figures in all; the limit is 5,000',
      // Spanish groups thousands only from five digits up.
      es: 'No se pudo importar «x.json»: tiene 5500 figuras en total; el máximo es 5000'
    },
    {
      failure: { code: 'badId', message: 'not a campaign id' },
      en: 'Could not import “x.json”: that is not a valid campaign id',
      es: 'No se pudo importar «x.json»: ese identificador de campaña no es válido'
    },
    {
      failure: { message: 'TypeError: x is undefined' },
      en: 'Could not import “x.json”: something went wrong',
      es: 'No se pudo importar «x.json»: algo salió mal'
    }
  ]

  it.each(cases)('words $failure.problem / $failure.code in both languages', ({ failure, en, es }) => {
    expect(storeErrorText('en', failure, { kind: 'import', file: 'x.json' })).toBe(en)
    expect(storeErrorText('es', failure, { kind: 'import', file: 'x.json' })).toBe(es)
  })

  it('opens with what failed: a load or a save', () => {
    const failure: StoreFailure = { code: 'io', message: 'EACCES' }
    expect(storeErrorText('en', failure, { kind: 'load' })).toBe(
      'Could not open the campaign: reading or writing failed'
    )
    expect(storeErrorText('es', failure, { kind: 'save' })).toBe(
      'No se pudo guardar: falló la lectura o la escritura'
    )
  })
})

describe('a save refused because another tab changed the campaign (issue 18)', () => {
  it('says so plainly in both languages, and that the tab reloads rather than overwrite', () => {
    const failure = storeFailureOf(new StoreError('stale', 'campaign "x" changed in another tab'))
    expect(storeErrorText('es', failure, { kind: 'save' })).toBe(
      'No se pudo guardar: esta campaña se cambió en otra pestaña; se recarga para no sobrescribirla'
    )
    expect(storeErrorText('en', failure, { kind: 'save' })).toBe(
      'Could not save: this campaign was changed in another tab; it is reloaded so as not to overwrite it'
    )
  })

  it('has a notice for the reloaded page in both languages', () => {
    expect(describeError('es', { key: 'error.changedElsewhere', params: {} }).text).toBe(
      'Esta campaña se cambió en otra pestaña; se ha recargado para no sobrescribir esos cambios.'
    )
    expect(describeError('en', { key: 'error.changedElsewhere', params: {} }).text).toBe(
      'This campaign was changed in another tab; it was reloaded so those changes are not overwritten.'
    )
  })
})

describe('campaigns this version cannot open, and a campaigns folder in use (issue 18)', () => {
  it('words a refused load of an unknown-rules campaign by its problem, and by its code without one', () => {
    const failure = storeFailureOf(
      new StoreError('unknownRules', 'no rules for "dnd5e"', undefined, {
        problem: 'unknownSystem',
        params: { system: 'dnd5e' }
      })
    )
    expect(storeErrorText('es', failure, { kind: 'load' })).toBe(
      'No se pudo abrir la campaña: usa el sistema de reglas «dnd5e», que esta versión de Emboscada no conoce'
    )
    expect(storeErrorText('en', { code: 'unknownRules', message: '' }, { kind: 'load' })).toBe(
      'Could not open the campaign: it uses rules this version of Emboscada does not have'
    )
  })

  it('says which process holds the campaigns folder when the store cannot open it at start-up', () => {
    const failure = storeFailureOf(
      new StoreError('locked', 'the campaigns folder is in use by process 4242 on mesa', undefined, {
        problem: 'folderLocked',
        params: { pid: 4242, host: 'mesa' }
      })
    )
    expect(storeErrorText('es', failure, { kind: 'list' })).toBe(
      'No se pudieron abrir las campañas: otro Emboscada (proceso 4242 en mesa) tiene abierta la carpeta de campañas; ciérralo antes'
    )
    expect(storeErrorText('en', failure, { kind: 'list' })).toBe(
      'Could not open the campaigns: another Emboscada (process 4242 on mesa) has the campaigns folder open; close it first'
    )
    expect(storeErrorText('en', { code: 'locked', message: '' }, { kind: 'list' })).toBe(
      'Could not open the campaigns: another Emboscada has the campaigns folder open'
    )
  })
})

describe('storeFailureOf and describeError', () => {
  it('keeps a StoreError’s code, problem and params, and any other error’s message', () => {
    const error = new StoreError('tooNew', 'written by a newer Emboscada', undefined, {
      problem: 'tooNew',
      params: { version: 2, supported: 1 }
    })
    expect(storeFailureOf(error)).toEqual({
      code: 'tooNew',
      problem: 'tooNew',
      params: { version: 2, supported: 1 },
      message: 'written by a newer Emboscada'
    })
    expect(storeFailureOf(new TypeError('boom'))).toEqual({ message: 'boom' })
    expect(storeFailureOf('plain')).toEqual({ message: 'plain' })
  })

  it('gives store failures their English detail, and catalogue errors none', () => {
    const failure: StoreFailure = { code: 'notFound', message: 'there is no campaign "x"' }
    expect(describeError('es', { action: { kind: 'load' }, failure })).toEqual({
      text: 'No se pudo abrir la campaña: no existe esa campaña',
      detail: 'there is no campaign "x"'
    })
    expect(describeError('en', { key: 'error.corrupt', params: { detail: 'hash' } })).toEqual({
      text: 'The save is corrupt (hash). The file has not been changed.'
    })
  })
})

describe('importFile', () => {
  const file = (size: number, text = '{}'): PickedFile & { reads: number } => {
    const picked = {
      name: 'c.json',
      size,
      reads: 0,
      text: async () => {
        picked.reads++
        return text
      }
    }
    return picked
  }

  it('refuses a file over the cap before reading it', async () => {
    const big = file(CAMPAIGN_LIMITS.maxImportChars + 1)
    const store = { importJson: async () => Promise.reject(new Error('must not be called')) }
    expect(await importFile(big, store)).toMatchObject({
      ok: false,
      failure: { code: 'tooLarge', problem: 'fileTooLarge', params: { found: big.size } }
    })
    expect(big.reads).toBe(0)
  })

  it('hands the text of a file at the cap to the store and reports its answer', async () => {
    const summary = { id: 'a', name: 'A', system: 'hq2', encounterCount: 0 } as const
    const picked = file(CAMPAIGN_LIMITS.maxImportChars, 'text')
    const seen: string[] = []
    const ok = { importJson: async (json: string) => (seen.push(json), summary) }
    expect(await importFile(picked, ok)).toEqual({ ok: true, summary })
    expect(seen).toEqual(['text'])
    const refusing = {
      importJson: async () => {
        throw new StoreError('corrupt', 'not valid JSON', undefined, { problem: 'notJson' })
      }
    }
    expect(await importFile(picked, refusing)).toEqual({
      ok: false,
      failure: { code: 'corrupt', problem: 'notJson', message: 'not valid JSON' }
    })
  })
})
