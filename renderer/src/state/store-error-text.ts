import type { StoreErrorCode } from '../../../main/store/campaign-store'
import { isStoreProblem, type StoreProblem } from '../../../main/store/store-problem'
import { translate, type Locale, type MessageKey, type Params } from '../i18n'

// Store failures in the GM's language: the problem code and its params pick and fill a catalogue sentence, and
// the store's English message stays available as the technical detail. Pure, so both languages are unit-tested.

/** What the UI keeps of a failed store call: a StoreError's fields, or just a message for anything else. */
export interface StoreFailure {
  code?: string
  problem?: StoreProblem
  params?: Params
  /** English technical detail. */
  message: string
}

/** What the GM was doing; it picks the opening of the sentence (`list`: opening the store and its list). */
export type StoreAction =
  { kind: 'import'; file: string } | { kind: 'load' } | { kind: 'save' } | { kind: 'list' }

/** The catalogue key of each problem; a Record, so a new problem without a sentence is a type error. */
export const PROBLEM_KEYS: Readonly<Record<StoreProblem, MessageKey>> = {
  fileTooLarge: 'problem.fileTooLarge',
  notUtf8: 'problem.notUtf8',
  empty: 'problem.empty',
  notJson: 'problem.notJson',
  tooDeep: 'problem.tooDeep',
  tooManyValues: 'problem.tooManyValues',
  campaignTooLarge: 'problem.campaignTooLarge',
  stringTooLong: 'problem.stringTooLong',
  forbiddenKey: 'problem.forbiddenKey',
  notFinite: 'problem.notFinite',
  notPlainData: 'problem.notPlainData',
  notCampaign: 'problem.notCampaign',
  tooNew: 'problem.tooNew',
  migrationFailed: 'problem.migrationFailed',
  unknownSystem: 'problem.unknownSystem',
  schema: 'problem.schema',
  rules: 'problem.rules',
  tooManyFigures: 'problem.tooManyFigures',
  idMismatch: 'problem.idMismatch',
  idTaken: 'problem.idTaken',
  storageFull: 'problem.storageFull',
  badName: 'problem.badName',
  idInUse: 'problem.idInUse',
  folderLocked: 'problem.folderLocked'
}

/** The fallback sentence of each store code, for failures that carry no problem. */
export const CODE_KEYS: Readonly<Record<StoreErrorCode, MessageKey>> = {
  notFound: 'storeError.notFound',
  corrupt: 'storeError.corrupt',
  invalid: 'storeError.invalid',
  tooLarge: 'storeError.tooLarge',
  tooNew: 'storeError.tooNew',
  unknownRules: 'storeError.unknownRules',
  locked: 'storeError.locked',
  badId: 'storeError.badId',
  io: 'storeError.io',
  stale: 'storeError.stale'
}

/** A StoreError (or anything thrown) as a failure the UI can keep in state and word later in any language. */
export function storeFailureOf(error: unknown): StoreFailure {
  const message = error instanceof Error ? error.message : String(error)
  if (typeof error !== 'object' || error === null) return { message }
  const { code, problem, params } = error as { code?: unknown; problem?: unknown; params?: unknown }
  const failure: StoreFailure = { message }
  if (typeof code === 'string') failure.code = code
  if (isStoreProblem(problem)) failure.problem = problem
  if (typeof params === 'object' && params !== null) failure.params = params as Params
  return failure
}

/** Why it failed, as a clause in `locale` ("it is not JSON…"): the problem's sentence, else the code's. */
export function storeErrorReason(locale: Locale, failure: StoreFailure): string {
  if (failure.problem !== undefined) {
    const params = formatParams(locale, failure.problem, failure.params ?? {})
    return translate(locale, PROBLEM_KEYS[failure.problem], params)
  }
  const code = failure.code
  const key = code !== undefined && Object.hasOwn(CODE_KEYS, code) ? CODE_KEYS[code as StoreErrorCode] : null
  return translate(locale, key ?? 'storeError.unknown')
}

/** The opening of the sentence for each action but an import, which names its file. */
const OPENINGS = { load: 'error.load', save: 'error.save', list: 'error.list' } as const

/** The whole sentence the GM reads: what failed, then why. */
export function storeErrorText(locale: Locale, failure: StoreFailure, action: StoreAction): string {
  const detail = storeErrorReason(locale, failure)
  if (action.kind === 'import') return translate(locale, 'error.import', { file: action.file, detail })
  return translate(locale, OPENINGS[action.kind], { detail })
}

/** Numbers that name something rather than count it: "process 4,242" would not be the process's id. */
const IDENTIFIERS: ReadonlySet<string> = new Set(['pid'])

/** Sizes read as megabytes, other numbers with the locale's digits; strings and identifiers pass through. */
function formatParams(locale: Locale, problem: StoreProblem, params: Params): Params {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
  const out: Params = {}
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'number' || IDENTIFIERS.has(name)) out[name] = String(value)
    else if (problem === 'fileTooLarge' || problem === 'campaignTooLarge')
      out[name] = `${number.format(value / (1024 * 1024))} MB`
    else out[name] = number.format(value)
  }
  return out
}

/** An error the app shows: a catalogue sentence, or a store failure worded when shown (so a switch re-words it). */
export type ShownError = { key: MessageKey; params: Params } | { action: StoreAction; failure: StoreFailure }

/** The text of a shown error in `locale`, and the English technical detail when there is one. */
export function describeError(locale: Locale, error: ShownError): { text: string; detail?: string } {
  if ('key' in error) return { text: translate(locale, error.key, error.params) }
  return { text: storeErrorText(locale, error.failure, error.action), detail: error.failure.message }
}
