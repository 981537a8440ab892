import type { Campaign } from '../../rules/core/schemas'
import { CAMPAIGN_LIMITS, checkJsonText, FILE_LIMITS } from '../validation'
import { StoreError } from './campaign-store'
import { decodeCampaign, type Refusal } from './decode'
import { campaignMigrations, type MigrationChain } from './migrations'

// The import path of both stores, Node-free so the web build runs the very same checks: text → campaign, every
// refusal a StoreError with a problem code, and the cheap checks (size, encoding, depth) before JSON.parse.

/** The StoreError of a refusal from {@link decodeCampaign}, problem and params included. */
export function storeErrorOf(refusal: Refusal, quarantinedAs?: string): StoreError {
  return new StoreError(refusal.code, refusal.message, quarantinedAs, {
    problem: refusal.problem,
    params: refusal.params
  })
}

/** A campaign file's text as a valid current-version campaign; throws a StoreError saying why not. */
export function decodeImportText(text: string, chain: MigrationChain = campaignMigrations): Campaign {
  const limit = CAMPAIGN_LIMITS.maxImportChars
  if (text.length > limit) {
    throw new StoreError('tooLarge', `the text is ${text.length} characters (cap ${limit})`, undefined, {
      problem: 'fileTooLarge',
      params: { limit, found: text.length }
    })
  }
  // Editors on Windows like to add one; JSON.parse would call it an unexpected token.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  if (body.trim() === '')
    throw new StoreError('corrupt', 'the file is empty', undefined, { problem: 'empty' })
  // A file read as text (File.text(), a UTF-8 decoder) turns bytes that are not UTF-8 into U+FFFD.
  const bad = body.indexOf('\uFFFD')
  if (bad >= 0) {
    const message = `not UTF-8 text (a replacement character at ${bad})`
    throw new StoreError('corrupt', message, undefined, { problem: 'notUtf8' })
  }
  const shape = checkJsonText(body, FILE_LIMITS)
  if (shape !== null)
    throw new StoreError(shape.kind === 'size' ? 'tooLarge' : 'invalid', shape.message, undefined, shape)
  let raw: unknown
  try {
    raw = JSON.parse(body)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new StoreError('corrupt', `not valid JSON (${detail.slice(0, 300)})`, undefined, {
      problem: 'notJson'
    })
  }
  const decoded = decodeCampaign(raw, chain)
  if (!decoded.ok) throw storeErrorOf(decoded)
  return decoded.campaign
}

/**
 * The first id not taken among `base`, `base-2`, `base-3`... (clipped to the 64-character slug cap), so an
 * import never overwrites a campaign.
 */
export async function freeCampaignId(
  base: string,
  taken: (id: string) => boolean | Promise<boolean>
): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? '' : `-${n}`
    const id = base.slice(0, 64 - suffix.length) + suffix
    if (!(await taken(id))) return id
  }
  throw new StoreError('invalid', `too many campaigns named "${base}"`, undefined, {
    problem: 'idTaken',
    params: { id: base }
  })
}
