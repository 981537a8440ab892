import { z } from 'zod'
import { campaignSchema, type CampaignSummary } from '../../rules/core/schemas'
import type { QuarantineEntry, StoreErrorCode } from '../store/campaign-store'
import { API_GLOBAL, CHANNELS, type Channel } from './channels'

// The ONE IPC definition. The renderer imports it as types only (`import type`); main validates with it.

/** Re-exported so the renderer needs only this module: the channel list and the preload's global name. */
export { API_GLOBAL, CHANNELS, type Channel }

/** Every error code a channel can answer with: the store's, plus the IPC layer's own. */
export const ipcErrorCodeSchema = z.enum([
  'notFound',
  'corrupt',
  'invalid',
  'tooLarge',
  'tooNew',
  'badId',
  'io',
  /** The payload failed its schema or limits; nothing was touched. */
  'badRequest',
  /** The call did not come from our own top-level renderer frame. */
  'forbidden',
  /** A bug: the details are in the main-process log, not sent to the page. */
  'internal'
])

/** One IPC error code. */
export type IpcErrorCode = z.infer<typeof ipcErrorCodeSchema>

// Every store code must be an IPC code, or the handler would send something the contract does not allow.
const _storeCodesAreIpcCodes: StoreErrorCode extends IpcErrorCode ? true : never = true
void _storeCodesAreIpcCodes

/** A failure as it crosses IPC: Electron forwards only `.message` of thrown errors, so failures are values. */
export const ipcErrorSchema = z.strictObject({ code: ipcErrorCodeSchema, message: z.string().max(4000) })

/** A failure as it crosses IPC. */
export type IpcError = z.infer<typeof ipcErrorSchema>

/** The response shape of every channel: `{ ok: true, value } | { ok: false, error }`. */
export function resultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.strictObject({ ok: z.literal(true), value }),
    z.strictObject({ ok: z.literal(false), error: ipcErrorSchema })
  ])
}

/** A channel's answer, generic over its value. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }

/** A campaign id on the wire: the schema's slug rule, which also rules out path traversal. */
export const campaignIdSchema = campaignSchema.shape.id

/** One entry of the campaign list. */
export const campaignSummarySchema = z.strictObject({
  id: campaignIdSchema,
  name: campaignSchema.shape.name,
  system: campaignSchema.shape.system,
  encounterCount: z.number().int().min(0)
}) satisfies z.ZodType<CampaignSummary>

/** One quarantined file, as reported to the UI. */
export const quarantineEntrySchema = z.strictObject({
  id: campaignIdSchema,
  file: z.string().max(300),
  reason: z.enum(['corrupt', 'invalid', 'tooLarge']),
  at: z.iso.datetime(),
  restoredFrom: z.string().max(300).optional()
}) satisfies z.ZodType<QuarantineEntry>

/** Largest campaign file text accepted by `campaign.import` (the whole IPC payload is capped at 8 MB). */
export const IMPORT_MAX_CHARS = 8 * 1024 * 1024 - 64

/** Channel → request and response schemas. Channels without a request take no argument. */
export const contract = {
  'campaign.list': {
    request: z.undefined(),
    response: resultSchema(z.array(campaignSummarySchema))
  },
  'campaign.load': {
    request: z.strictObject({ id: campaignIdSchema }),
    response: resultSchema(campaignSchema)
  },
  'campaign.save': {
    request: campaignSchema,
    response: resultSchema(z.null())
  },
  'campaign.import': {
    request: z.strictObject({ json: z.string().min(1).max(IMPORT_MAX_CHARS) }),
    response: resultSchema(campaignSummarySchema)
  },
  'campaign.quarantined': {
    request: z.undefined(),
    response: resultSchema(z.array(quarantineEntrySchema))
  }
} as const satisfies Record<Channel, { request: z.ZodType; response: z.ZodType }>

/** What the page sends on a channel. */
export type RequestOf<C extends Channel> = z.input<(typeof contract)[C]['request']>

/** What main receives on a channel, after validation. */
export type ParsedRequestOf<C extends Channel> = z.output<(typeof contract)[C]['request']>

/** What a channel answers. */
export type ResponseOf<C extends Channel> = z.output<(typeof contract)[C]['response']>

/** The success value of a channel's answer. */
export type ValueOf<C extends Channel> = Extract<ResponseOf<C>, { ok: true }>['value']

type NounOf<C extends string> = C extends `${infer N}.${string}` ? N : never

/** One preload function: no argument for request-less channels. */
export type ApiCall<C extends Channel> = [RequestOf<C>] extends [undefined]
  ? () => Promise<ResponseOf<C>>
  : (request: RequestOf<C>) => Promise<ResponseOf<C>>

/** `window.emboscada`: one async function per channel, grouped by noun (`campaign.save` → `api.campaign.save`). */
export type EmboscadaApi = {
  readonly [N in NounOf<Channel>]: {
    readonly [C in Channel as C extends `${N}.${infer V}` ? V : never]: ApiCall<C>
  }
}

/** The page's view of the global the preload installs. */
export interface EmboscadaGlobal {
  [API_GLOBAL]: EmboscadaApi
}
