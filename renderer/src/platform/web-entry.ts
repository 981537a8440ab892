import type { Campaign } from '../../../rules/core/schemas'
import { StoreError } from '../../../main/store/campaign-store'
import { UnavailableCampaignError, unavailableEntry } from '../../../main/store/campaign-text'
import { decodeCampaign } from '../../../main/store/decode'
import { storeErrorOf } from '../../../main/store/import-text'
import { campaignMigrations } from '../../../main/store/migrations'
import { checkJsonText, FILE_LIMITS } from '../../../main/validation'

// One campaign entry of the web store read from its text with the desktop's rules: the same limits before
// JSON.parse, the shared decoder (main/store/decode.ts), the same refusals. Writing uses campaignText
// (main/store/campaign-text.ts), whose size check measures the very text written.

/**
 * The campaign in an entry's text (`null`: there is none), migrated and validated; throws the StoreError a
 * desktop load would (`corrupt`, `invalid`, `tooLarge`), or {@link UnavailableCampaignError}.
 */
export function decodeEntry(id: string, text: string | null): Campaign {
  if (text === null) throw new StoreError('notFound', `no campaign ${id}`)
  // Before JSON.parse, which would build whatever the text describes: a million nested arrays, or zeros.
  const shape = checkJsonText(text, FILE_LIMITS)
  if (shape !== null)
    throw new StoreError(shape.kind === 'size' ? 'tooLarge' : 'invalid', shape.message, undefined, shape)
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new StoreError('corrupt', `campaign ${id} is not JSON`, undefined, { problem: 'notJson' })
  }
  const decoded = decodeCampaign(raw, campaignMigrations, id)
  if (decoded.ok) return decoded.campaign
  if (decoded.code === 'tooNew' || decoded.code === 'unknownRules')
    throw new UnavailableCampaignError(unavailableEntry(id, decoded), decoded)
  throw storeErrorOf(decoded)
}
