import type { UnavailableCampaign } from '../../../main/store/campaign-store'
import { translate, type Locale } from '../i18n'

// Why a listed campaign cannot be opened, in the GM's language: pure, so both languages are unit-tested.

/** The reason on an unavailable campaign's card: the format it needs, or its rules as the file names them. */
export function unavailableReason(
  locale: Locale,
  entry: Pick<UnavailableCampaign, 'system' | 'unavailable'>
): string {
  const why = entry.unavailable
  if (why.reason === 'tooNew')
    return translate(locale, 'campaigns.unavailable.tooNew', {
      version: why.version,
      supported: why.supported
    })
  return translate(locale, 'campaigns.unavailable.unknownRules', { system: entry.system })
}
