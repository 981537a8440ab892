import { z } from 'zod'
import { campaignSchema, type CampaignSummary } from '../../rules/core/schemas'
import { BACKUP_FILE_PATTERN } from '../store/backup-names'
import {
  CAMPAIGN_NAME_MAX,
  type BackupEntry,
  type CampaignListEntry,
  type QuarantineEntry,
  type SaveReport,
  type StoreErrorCode
} from '../store/campaign-store'
import { STORE_PROBLEMS } from '../store/store-problem'
import { CAMPAIGN_LIMITS } from '../validation'
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
  'unknownRules',
  'locked',
  'badId',
  'io',
  'stale',
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

/** A refusal's parameters (limit, found value, JSON path...): a few short entries, nothing nested. */
export const ipcProblemParamsSchema = z
  .record(z.string().regex(/^[a-zA-Z]{1,24}$/), z.union([z.string().max(300), z.number()]))
  .refine((params) => Object.keys(params).length <= 8, 'at most 8 params')

/**
 * A failure as it crosses IPC: Electron forwards only `.message` of thrown errors, so failures are values.
 * `message` is the English technical detail; `problem` and `params` let the page word it in the GM's language.
 */
export const ipcErrorSchema = z.strictObject({
  code: ipcErrorCodeSchema,
  message: z.string().max(4000),
  problem: z.enum(STORE_PROBLEMS).optional(),
  params: ipcProblemParamsSchema.optional()
})

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

/** A campaign file this version cannot open (a newer version's, unknown rules), listed read-only. */
export const unavailableCampaignSchema = z.strictObject({
  id: campaignIdSchema,
  name: campaignSchema.shape.name,
  system: z.string().max(60),
  encounterCount: z.number().int().min(0),
  unavailable: z.discriminatedUnion('reason', [
    z.strictObject({ reason: z.literal('tooNew'), version: z.number().int(), supported: z.number().int() }),
    z.strictObject({ reason: z.literal('unknownRules') })
  ])
})

/** One entry of the campaign list. */
export const campaignListEntrySchema = z.union([
  campaignSummarySchema,
  unavailableCampaignSchema
]) satisfies z.ZodType<CampaignListEntry>

/**
 * A whole campaign on the wire: its compact JSON text. Main passes it between the page and the store's worker
 * thread without parsing it (text-store.ts says why); the worker validates it fully before anything is written.
 */
export const campaignTextSchema = z.string().max(CAMPAIGN_LIMITS.maxCampaignChars)

/** What a save says besides "done": whether the version it replaced was kept as a backup. */
export const saveReportSchema = z.strictObject({
  backup: z.enum(['kept', 'none', 'failed']),
  error: z.string().max(300).optional()
}) satisfies z.ZodType<SaveReport>

/** One quarantined file, as reported to the UI. */
export const quarantineEntrySchema = z.strictObject({
  id: campaignIdSchema,
  file: z.string().max(300),
  reason: z.enum(['corrupt', 'invalid', 'tooLarge']),
  at: z.iso.datetime(),
  restoredFrom: z.string().max(300).optional(),
  restoredAt: z.iso.datetime().optional(),
  thisSession: z.literal(true).optional()
}) satisfies z.ZodType<QuarantineEntry>

/** A backup's name on the wire: one of the backup name forms, so never a path (no `/`, `\`, `..`). */
export const backupFileSchema = z.string().max(120).regex(BACKUP_FILE_PATTERN)

/** One backup of a campaign, as the restore UI lists it. */
export const backupEntrySchema = z.strictObject({
  file: backupFileSchema,
  at: z.iso.datetime(),
  kind: z.enum(['save', 'daily', 'migration']),
  name: campaignSchema.shape.name.optional(),
  encounterCount: z.number().int().min(0).optional(),
  readable: z.boolean()
}) satisfies z.ZodType<BackupEntry>

/**
 * A campaign name as typed: trimmed, 1 to 120 characters, no control characters (the stores apply the same rule
 * with `cleanCampaignName`). The handler words a refusal here as the problem `badName`, not a malformed request.
 */
export const campaignNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(CAMPAIGN_NAME_MAX)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, 'no control characters in a name')

/** Largest campaign file text accepted by `campaign.import` (the whole IPC payload is capped at 8 MB). */
export const IMPORT_MAX_CHARS = CAMPAIGN_LIMITS.maxImportChars

/** Largest campaign text `campaign.save` takes: what a store writes, so every save can be exported and imported. */
export const SAVE_MAX_CHARS = CAMPAIGN_LIMITS.maxCampaignChars

/** Channel → request and response schemas. Channels without a request take no argument. */
export const contract = {
  'campaign.list': {
    request: z.undefined(),
    response: resultSchema(z.array(campaignListEntrySchema))
  },
  'campaign.load': {
    request: z.strictObject({ id: campaignIdSchema }),
    response: resultSchema(campaignTextSchema)
  },
  'campaign.save': {
    request: z.strictObject({ json: campaignTextSchema }),
    response: resultSchema(saveReportSchema)
  },
  'campaign.import': {
    // An empty text is the store's to refuse (problem `empty`), not a malformed request.
    request: z.strictObject({ json: z.string().max(IMPORT_MAX_CHARS) }),
    response: resultSchema(campaignSummarySchema)
  },
  'campaign.quarantined': {
    request: z.undefined(),
    response: resultSchema(z.array(quarantineEntrySchema))
  },
  'campaign.backups': {
    request: z.strictObject({ id: campaignIdSchema }),
    response: resultSchema(z.array(backupEntrySchema))
  },
  'campaign.restore': {
    // The name must also belong to the campaign: `demo.….bak` restores into `demo` and nothing else.
    request: z
      .strictObject({ id: campaignIdSchema, file: backupFileSchema })
      .refine(({ id, file }) => file.startsWith(`${id}.`), { message: 'not a backup of this campaign' }),
    response: resultSchema(campaignTextSchema)
  },
  'campaign.create': {
    request: z.strictObject({ name: campaignNameSchema, system: campaignSchema.shape.system }),
    response: resultSchema(campaignSummarySchema)
  },
  'campaign.rename': {
    request: z.strictObject({ id: campaignIdSchema, name: campaignNameSchema }),
    response: resultSchema(campaignSummarySchema)
  },
  'campaign.duplicate': {
    // The page sends the copy's name in the GM's language; without one the store says "(copy)".
    request: z.strictObject({ id: campaignIdSchema, name: campaignNameSchema.optional() }),
    response: resultSchema(campaignSummarySchema)
  },
  'campaign.trash': {
    request: z.strictObject({ id: campaignIdSchema }),
    response: resultSchema(z.null())
  },
  'campaign.untrash': {
    request: z.strictObject({ id: campaignIdSchema }),
    response: resultSchema(campaignSummarySchema)
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
