import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import type { AppUrlPolicy } from '../app-url'
import { CAMPAIGN_NAME_MAX, StoreError } from '../store/campaign-store'
import type { CampaignTextStore } from '../store/text-store'
import type { ProblemDetail, ProblemParams } from '../store/store-problem'
import { checkJsonLimits, formatIssues, IPC_LIMITS, schemaParams, type JsonLimits } from '../validation'
import {
  CHANNELS,
  contract,
  IMPORT_MAX_CHARS,
  SAVE_MAX_CHARS,
  type Channel,
  type IpcError,
  type IpcErrorCode,
  type IpcResult,
  type ParsedRequestOf,
  type ValueOf
} from './contract'

// The only place that touches ipcMain. Order per call: sender → limits → schema → store; every failure is a
// value, so nothing the page sends can make a handler throw.

/** What the handlers need; electron's ipcMain is passed in so tests can hand over a fake. */
export interface IpcDeps {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>
  store: CampaignTextStore
  policy: AppUrlPolicy
  log?: (message: string, error?: unknown) => void
}

type Implementations = { [C in Channel]: (request: ParsedRequestOf<C>) => Promise<ValueOf<C>> }

/** A sender we answer: the top-level frame of our own renderer, and nothing else (no subframes, no other pages). */
export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'senderFrame'>,
  policy: AppUrlPolicy
): boolean {
  try {
    const frame = event.senderFrame
    return frame !== null && frame.parent === null && policy.isAppUrl(frame.url)
  } catch {
    // Reading a frame that navigated away or was destroyed throws; such a sender is not trusted.
    return false
  }
}

/** Registers one handler per contract channel; returns a function that removes them. */
export function registerIpcHandlers(deps: IpcDeps): () => void {
  const { store } = deps
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(`[ipc] ${message}`, error))
  const implementations: Implementations = {
    'campaign.list': () => store.list(),
    'campaign.load': ({ id }) => store.loadText(id),
    'campaign.save': ({ json }) => store.saveText(json),
    'campaign.import': ({ json }) => store.importJson(json),
    'campaign.quarantined': () => store.quarantined(),
    'campaign.backups': ({ id }) => store.backups(id),
    'campaign.restore': ({ id, file }) => store.restoreBackupText(id, file),
    'campaign.create': (request) => store.create(request),
    'campaign.rename': ({ id, name }) => store.rename(id, name),
    'campaign.duplicate': ({ id, name }) => store.duplicate(id, name),
    'campaign.trash': async ({ id }) => {
      await store.remove(id)
      return null
    },
    'campaign.untrash': ({ id }) => store.undoRemove(id)
  }
  for (const channel of CHANNELS) {
    deps.ipcMain.handle(channel, (event, ...args: unknown[]) =>
      answer(channel, event, args, implementations, deps.policy, log)
    )
  }
  return () => {
    for (const channel of CHANNELS) deps.ipcMain.removeHandler(channel)
  }
}

/** Channels whose payload is one whole campaign as text, and the longest text each takes. */
const TEXT_CHANNELS: Partial<Record<Channel, number>> = {
  'campaign.import': IMPORT_MAX_CHARS,
  'campaign.save': SAVE_MAX_CHARS
}

/**
 * Per-channel payload caps: an import or a save carries a whole campaign as one string, so only the byte cap
 * bounds it. A finite string cap here would fire first on an oversized text and answer `badRequest` (shown as
 * an i/o error) instead of `tooLarge`.
 */
function limitsFor(channel: Channel): JsonLimits {
  return TEXT_CHANNELS[channel] !== undefined ? { ...IPC_LIMITS, maxStringLength: Infinity } : IPC_LIMITS
}

async function answer<C extends Channel>(
  channel: C,
  event: IpcMainInvokeEvent,
  args: unknown[],
  implementations: Implementations,
  policy: AppUrlPolicy,
  log: (message: string, error?: unknown) => void
): Promise<IpcResult<ValueOf<C>>> {
  try {
    if (!isTrustedSender(event, policy)) {
      log(`${channel}: refused a call from ${describeSender(event)}`)
      return fail('forbidden', 'this call did not come from the Emboscada window')
    }
    if (args.length > 1) {
      const detail = { problem: 'schema', params: { path: '$', count: 1 } } as const
      return fail('badRequest', `${channel} takes at most one argument`, detail)
    }
    const payload = args[0]
    // Before the schema, whose max would call a text just over the cap a bad request rather than too large.
    const textCap = TEXT_CHANNELS[channel]
    const chars = textCap === undefined ? 0 : textLength(payload)
    if (textCap !== undefined && chars > textCap) {
      return fail('tooLarge', `${channel}: the text is ${chars} characters (cap ${textCap})`, {
        problem: channel === 'campaign.save' ? 'campaignTooLarge' : 'fileTooLarge',
        params: { limit: textCap, found: chars }
      })
    }
    const violation = checkJsonLimits(payload, limitsFor(channel))
    if (violation !== null) {
      const code = violation.kind === 'size' ? 'tooLarge' : 'badRequest'
      return fail(code, `${channel}: ${violation.message}`, violation)
    }
    const parsed = contract[channel].request.safeParse(payload)
    if (!parsed.success) {
      // A refused name is the GM's typing, worded as such; any other refusal is a malformed request.
      const badName = parsed.error.issues[0]?.path[0] === 'name'
      const detail: ProblemDetail = badName
        ? { problem: 'badName', params: { limit: CAMPAIGN_NAME_MAX } }
        : { problem: 'schema', params: schemaParams(parsed.error) }
      return fail('badRequest', `${channel}: ${formatIssues(parsed.error)}`, detail)
    }
    const implementation = implementations[channel] as (request: unknown) => Promise<ValueOf<C>>
    return { ok: true, value: await implementation(parsed.data) }
  } catch (error) {
    if (error instanceof StoreError) {
      const detail =
        error.problem === undefined ? undefined : { problem: error.problem, params: error.params }
      return fail(error.code, error.message, detail)
    }
    log(`${channel} failed`, error)
    return fail('internal', 'something went wrong in Emboscada; the details are in its log')
  }
}

/** The length of an import's or a save's text, read without trusting the payload's shape (0 when none). */
function textLength(payload: unknown): number {
  if (typeof payload !== 'object' || payload === null || !Object.hasOwn(payload, 'json')) return 0
  const json: unknown = (payload as { json: unknown }).json
  return typeof json === 'string' ? json.length : 0
}

function fail(code: IpcErrorCode, message: string, detail?: ProblemDetail): { ok: false; error: IpcError } {
  const error: IpcError = { code, message: message.slice(0, 4000) }
  if (detail !== undefined) {
    error.problem = detail.problem
    if (detail.params !== undefined) error.params = boundedParams(detail.params)
  }
  return { ok: false, error }
}

/** Params trimmed to what the contract allows, so a long path or name can never make the answer itself invalid. */
function boundedParams(params: ProblemParams): ProblemParams {
  const entries = Object.entries(params)
    .filter(
      ([key, value]) => /^[a-zA-Z]{1,24}$/.test(key) && (typeof value === 'string' || Number.isFinite(value))
    )
    .slice(0, 8)
    .map(([key, value]) => [key, typeof value === 'string' ? value.slice(0, 300) : value] as const)
  return Object.fromEntries(entries)
}

function describeSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): string {
  try {
    const frame = event.senderFrame
    if (frame === null) return 'a frame that no longer exists'
    return `${frame.parent === null ? 'top frame' : 'subframe'} ${frame.url.slice(0, 200)}`
  } catch {
    return 'a disposed frame'
  }
}
