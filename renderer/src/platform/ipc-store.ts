import type { Campaign, CampaignSummary } from '../../../rules/core/schemas'
import { StoreError, type CampaignStore, type StoreErrorCode } from '../../../main/store/campaign-store'
import type { EmboscadaApi, EmboscadaGlobal, IpcResult } from '../../../main/ipc/contract'
import { API_GLOBAL } from '../../../main/ipc/channels'

function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value
  const { code, message } = result.error
  // IPC-only codes (badRequest, forbidden, internal) read as an i/o failure to the UI.
  const storeCodes: readonly string[] = [
    'notFound',
    'corrupt',
    'invalid',
    'tooLarge',
    'tooNew',
    'badId',
    'io'
  ]
  throw new StoreError(storeCodes.includes(code) ? (code as StoreErrorCode) : 'io', message)
}

/** The Electron build's campaign store: the preload's `window.emboscada` API, results unwrapped. */
export function createIpcStore(
  api: EmboscadaApi = (window as unknown as EmboscadaGlobal)[API_GLOBAL]
): CampaignStore {
  return {
    list: async (): Promise<CampaignSummary[]> => unwrap(await api.campaign.list()),
    load: async (id: string): Promise<Campaign> => unwrap(await api.campaign.load({ id })),
    save: async (campaign: Campaign): Promise<void> => {
      unwrap(await api.campaign.save(campaign))
    }
  }
}
