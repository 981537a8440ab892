import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import type { AppUrlPolicy } from '../app-url'
import { StoreError, type ManagedCampaignStore } from '../store/campaign-store'
import { checkJsonLimits, formatIssues, IPC_LIMITS, type JsonLimits } from '../validation'
import {
  CHANNELS,
  contract,
  type Channel,
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
  store: ManagedCampaignStore
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
    'campaign.load': ({ id }) => store.load(id),
    'campaign.save': async (campaign) => {
      await store.save(campaign)
      return null
    },
    'campaign.import': ({ json }) => store.importJson(json),
    'campaign.quarantined': () => store.quarantined()
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

/**
 * Per-channel payload caps: an import carries a whole file as one string, so only the byte cap bounds it. A
 * finite string cap here would fire first on an oversized file and answer `badRequest` (shown as an i/o error)
 * instead of `tooLarge`.
 */
function limitsFor(channel: Channel): JsonLimits {
  return channel === 'campaign.import' ? { ...IPC_LIMITS, maxStringLength: Infinity } : IPC_LIMITS
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
    if (args.length > 1) return fail('badRequest', `${channel} takes at most one argument`)
    const payload = args[0]
    const violation = checkJsonLimits(payload, limitsFor(channel))
    if (violation !== null) {
      return fail(violation.kind === 'size' ? 'tooLarge' : 'badRequest', `${channel}: ${violation.message}`)
    }
    const parsed = contract[channel].request.safeParse(payload)
    if (!parsed.success) return fail('badRequest', `${channel}: ${formatIssues(parsed.error)}`)
    const implementation = implementations[channel] as (request: unknown) => Promise<ValueOf<C>>
    return { ok: true, value: await implementation(parsed.data) }
  } catch (error) {
    if (error instanceof StoreError) return fail(error.code, error.message)
    log(`${channel} failed`, error)
    return fail('internal', 'something went wrong in Emboscada; the details are in its log')
  }
}

function fail(
  code: IpcErrorCode,
  message: string
): { ok: false; error: { code: IpcErrorCode; message: string } } {
  return { ok: false, error: { code, message: message.slice(0, 4000) } }
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
