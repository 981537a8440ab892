import type { Campaign } from '../../rules/core/schemas'
import { CAMPAIGN_LIMITS } from '../validation'
import { StoreError, type UnavailableCampaign } from './campaign-store'
import type { Refusal } from './decode'

// What both stores (the desktop's files, the web build's localStorage entries) share about a campaign as
// text, kept free of Node so the browser loads the same code: the text written and its size check, and the
// refusal of a campaign this version cannot open.

/**
 * The text a campaign is written as: compact JSON, refused (`tooLarge`, problem `campaignTooLarge`) over
 * {@link CAMPAIGN_LIMITS}.maxCampaignChars. This is the only size check a write needs, because it measures
 * the very text written; both stores and the export use it.
 */
export function campaignText(campaign: Campaign): string {
  const text = JSON.stringify(campaign)
  const limit = CAMPAIGN_LIMITS.maxCampaignChars
  if (text.length > limit) {
    const message = `campaign "${campaign.id}" is ${text.length} characters of JSON (cap ${limit})`
    throw new StoreError('tooLarge', message, undefined, {
      problem: 'campaignTooLarge',
      params: { found: text.length, limit }
    })
  }
  return text
}

/**
 * A campaign this version cannot open and must leave alone (a newer app's, or of unknown rules): refused
 * with the decoder's reason, and carrying the read-only entry the list shows for it.
 */
export class UnavailableCampaignError extends StoreError {
  constructor(
    readonly entry: UnavailableCampaign,
    refusal: Refusal
  ) {
    super(refusal.code === 'tooNew' ? 'tooNew' : 'unknownRules', refusal.message, undefined, {
      problem: refusal.problem,
      params: refusal.params
    })
  }
}

/** The list entry of a campaign this version cannot open, from what the decoder could peek at. */
export function unavailableEntry(id: string, refusal: Refusal): UnavailableCampaign {
  const peek = refusal.peek ?? { name: id, system: '?', encounterCount: 0 }
  const unavailable: UnavailableCampaign['unavailable'] =
    refusal.code === 'tooNew'
      ? {
          reason: 'tooNew',
          version: Number(refusal.params.version) || 0,
          supported: Number(refusal.params.supported) || 0
        }
      : { reason: 'unknownRules' }
  return { id, ...peek, unavailable }
}
