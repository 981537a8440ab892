import type { Campaign, CampaignSummary } from '../../rules/core/schemas'
import { CAMPAIGN_LIMITS, checkJsonText, FILE_LIMITS } from '../validation'
import {
  StoreError,
  type BackupEntry,
  type CampaignListEntry,
  type ManagedCampaignStore,
  type NewCampaign,
  type QuarantineEntry,
  type SaveReport
} from './campaign-store'

// Whole campaigns cross between the page, main and the store worker as JSON text, never as object graphs:
// a string is copied in one block, while structured clone (IPC, postMessage) rebuilds every object on the
// receiving thread. An 8 MiB campaign as objects held main's event loop for over a second per load (JSON
// parse, the limits walk, the schema, the rulesets' schemas); as text main only passes it along, and all of
// that runs on the store's worker thread (store-worker.ts).

/** The store as main's IPC handlers use it: campaigns in and out as compact JSON text. */
export interface CampaignTextStore {
  list(): Promise<CampaignListEntry[]>
  /** The campaign as compact JSON text (migrated, validated, repaired from a backup if it had to be). */
  loadText(id: string): Promise<string>
  /** Validates a campaign's JSON text and saves it. */
  saveText(json: string): Promise<SaveReport>
  importJson(json: string): Promise<CampaignSummary>
  quarantined(): Promise<QuarantineEntry[]>
  backups(id: string): Promise<BackupEntry[]>
  /** Makes a backup current; returns the restored campaign as JSON text. */
  restoreBackupText(id: string, file: string): Promise<string>
  create(input: NewCampaign): Promise<CampaignSummary>
  rename(id: string, name: string): Promise<CampaignSummary>
  duplicate(id: string, name?: string): Promise<CampaignSummary>
  remove(id: string): Promise<void>
  undoRemove(id: string): Promise<CampaignSummary>
  whenIdle(): Promise<void>
  close(): Promise<void>
}

/** The method names a store worker answers. */
export type TextStoreMethod = keyof CampaignTextStore

/**
 * A campaign's JSON text as sent by the page for a save, parsed after the checks that must come before
 * JSON.parse (length, nesting, number of values); the store's save then validates the result as a campaign.
 */
export function parseSaveText(text: string): unknown {
  const limit = CAMPAIGN_LIMITS.maxCampaignChars
  if (text.length > limit) {
    throw new StoreError(
      'tooLarge',
      `the campaign is ${text.length} characters of JSON (cap ${limit})`,
      undefined,
      {
        problem: 'campaignTooLarge',
        params: { found: text.length, limit }
      }
    )
  }
  const shape = checkJsonText(text, FILE_LIMITS)
  if (shape !== null)
    throw new StoreError(shape.kind === 'size' ? 'tooLarge' : 'invalid', shape.message, undefined, shape)
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new StoreError(
      'invalid',
      `the campaign sent for saving is not JSON (${detail.slice(0, 200)})`,
      undefined,
      {
        problem: 'notJson'
      }
    )
  }
}

/** The text API over a campaign store, run where the store runs (the store worker, or a test). */
export function textStoreOver(store: ManagedCampaignStore): CampaignTextStore {
  const text = (campaign: Campaign): string => JSON.stringify(campaign)
  return {
    list: () => store.list(),
    loadText: async (id) => text(await store.load(id)),
    // The store's save validates (limits, schema, the rules' schemas) what this parsed.
    saveText: async (json) => store.save(parseSaveText(json) as Campaign),
    importJson: (json) => store.importJson(json),
    quarantined: () => store.quarantined(),
    backups: (id) => store.backups(id),
    restoreBackupText: async (id, file) => text(await store.restoreBackup(id, file)),
    create: (input) => store.create(input),
    rename: (id, name) => store.rename(id, name),
    duplicate: (id, name) => store.duplicate(id, name),
    remove: (id) => store.remove(id),
    undoRemove: (id) => store.undoRemove(id),
    whenIdle: () => store.whenIdle(),
    close: () => store.close()
  }
}
