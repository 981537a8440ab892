import type { Campaign, CampaignSummary } from '../../rules/core/schemas'

// Types and tiny pure helpers only, no Node: the renderer's browser twin implements the same interface.

/** Why a store call failed; the IPC layer passes these codes through unchanged. */
export type StoreErrorCode =
  /** No campaign with that id. */
  | 'notFound'
  /** The file is not JSON (or not UTF-8); it was moved to quarantine. */
  | 'corrupt'
  /** The JSON does not match the campaign schema; it was moved to quarantine (or, on save, rejected). */
  | 'invalid'
  /** The file is over the size cap; it was moved to quarantine. */
  | 'tooLarge'
  /** Written by a newer Emboscada: left untouched and refused, never downgraded or overwritten. */
  | 'tooNew'
  /** The id is not a lowercase slug (this is where path traversal stops). */
  | 'badId'
  /** The disk said no (full, permissions...). */
  | 'io'

/** A typed store failure with a message a GM can read. */
export class StoreError extends Error {
  override readonly name = 'StoreError'
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    /** Where the unreadable file went, relative to the campaigns folder, when it was quarantined. */
    readonly quarantinedAs?: string
  ) {
    super(message)
  }
}

/** Campaign persistence as the UI sees it; saves for one id land in call order. */
export interface CampaignStore {
  list(): Promise<CampaignSummary[]>
  load(id: string): Promise<Campaign>
  save(campaign: Campaign): Promise<void>
}

/** A file that was moved aside because it could not be opened. */
export interface QuarantineEntry {
  id: string
  /** Path relative to the campaigns folder, e.g. `quarantine/demo.20261130T043900123Z.corrupt.1a2b3c.json`. */
  file: string
  reason: 'corrupt' | 'invalid' | 'tooLarge'
  /** ISO time it was quarantined. */
  at: string
  /** The backup the campaign was restored from right after, if one was good (this session only). */
  restoredFrom?: string
}

/** The desktop store's extras: import and the quarantine report. */
export interface ManagedCampaignStore extends CampaignStore {
  /** Validates a campaign file's text and adds it, renaming the id if it is taken. */
  importJson(json: string): Promise<CampaignSummary>
  /** Everything in quarantine, newest first. */
  quarantined(): Promise<QuarantineEntry[]>
  /** Resolves once every queued save has landed (used before quitting). */
  whenIdle(): Promise<void>
}

/** Campaign ids: lowercase slugs, the same rule as campaignSchema, so they are safe as file names. */
export const CAMPAIGN_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/

/** True for a well-formed campaign id. */
export function isCampaignId(id: unknown): id is string {
  return typeof id === 'string' && CAMPAIGN_ID_PATTERN.test(id)
}

/** Throws `badId` for anything that is not a slug, before it gets near a path. */
export function assertCampaignId(id: unknown): asserts id is string {
  if (!isCampaignId(id))
    throw new StoreError('badId', `not a campaign id: ${JSON.stringify(id)?.slice(0, 80)}`)
}

/** The list entry for a campaign. */
export function summarize(campaign: Campaign): CampaignSummary {
  return {
    id: campaign.id,
    name: campaign.name,
    system: campaign.system,
    encounterCount: campaign.encounters.length
  }
}
