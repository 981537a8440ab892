import type { Campaign, CampaignSummary } from '../../../rules/core/schemas'
import {
  StoreError,
  type BackupEntry,
  type CampaignListEntry,
  type CampaignStore,
  type SaveReport,
  type NewCampaign,
  type QuarantineEntry,
  type StoreErrorCode
} from '../../../main/store/campaign-store'
import type { EmboscadaApi, EmboscadaGlobal, IpcResult } from '../../../main/ipc/contract'
import { API_GLOBAL } from '../../../main/ipc/channels'
import { isStoreProblem } from '../../../main/store/store-problem'

function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value
  const { code, message, problem, params } = result.error
  // The problem and its params are what the UI words in the GM's language; the message stays the detail.
  const detail = isStoreProblem(problem) ? { problem, params: params ?? {} } : undefined
  // A refused payload with a named problem is invalid data, not a failing disk.
  if (code === 'badRequest' && detail !== undefined)
    throw new StoreError('invalid', message, undefined, detail)
  // Other IPC-only codes (badRequest, forbidden, internal) read as an i/o failure to the UI.
  const storeCodes: readonly string[] = [
    'notFound',
    'corrupt',
    'invalid',
    'tooLarge',
    'tooNew',
    'unknownRules',
    'locked',
    'stale',
    'badId',
    'io'
  ]
  throw new StoreError(
    storeCodes.includes(code) ? (code as StoreErrorCode) : 'io',
    message,
    undefined,
    detail
  )
}

/** The Electron build's campaign store: the preload's `window.emboscada` API, results unwrapped. */
export function createIpcStore(
  api: EmboscadaApi = (window as unknown as EmboscadaGlobal)[API_GLOBAL]
): CampaignStore {
  return {
    list: async (): Promise<CampaignListEntry[]> => unwrap(await api.campaign.list()),
    // Whole campaigns cross as JSON text (main/store/text-store.ts says why); main's store validated it.
    load: async (id: string): Promise<Campaign> =>
      JSON.parse(unwrap(await api.campaign.load({ id }))) as Campaign,
    save: async (campaign: Campaign): Promise<SaveReport> =>
      unwrap(await api.campaign.save({ json: JSON.stringify(campaign) })),
    importJson: async (json: string): Promise<CampaignSummary> => unwrap(await api.campaign.import({ json })),
    backups: async (id: string): Promise<BackupEntry[]> => unwrap(await api.campaign.backups({ id })),
    restoreBackup: async (id: string, file: string): Promise<Campaign> =>
      JSON.parse(unwrap(await api.campaign.restore({ id, file }))) as Campaign,
    quarantined: async (): Promise<QuarantineEntry[]> => unwrap(await api.campaign.quarantined()),
    create: async (input: NewCampaign): Promise<CampaignSummary> =>
      unwrap(await api.campaign.create({ name: input.name, system: input.system })),
    rename: async (id: string, name: string): Promise<CampaignSummary> =>
      unwrap(await api.campaign.rename({ id, name })),
    duplicate: async (id: string, name?: string): Promise<CampaignSummary> =>
      unwrap(await api.campaign.duplicate(name === undefined ? { id } : { id, name })),
    remove: async (id: string): Promise<void> => {
      unwrap(await api.campaign.trash({ id }))
    },
    undoRemove: async (id: string): Promise<CampaignSummary> => unwrap(await api.campaign.untrash({ id }))
  }
}
