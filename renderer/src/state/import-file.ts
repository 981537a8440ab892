import type { CampaignSummary } from '../../../rules/core/schemas'
import type { CampaignStore } from '../../../main/store/campaign-store'
import { CAMPAIGN_LIMITS } from '../../../main/validation'
import { storeFailureOf, type StoreFailure } from './store-error-text'

// The renderer's half of an import: refuse an oversized file before reading a byte of it, read it as text,
// hand the text to the store (which runs every other check), and turn any failure into a StoreFailure.

/** The parts of a picked `File` an import uses (tests pass a plain object). */
export interface PickedFile {
  name: string
  /** Bytes. */
  size: number
  text(): Promise<string>
}

/** What an import did: the new campaign's summary, or why nothing was added. */
export type ImportOutcome = { ok: true; summary: CampaignSummary } | { ok: false; failure: StoreFailure }

/** Imports one picked file into the store; never throws. */
export async function importFile(
  file: PickedFile,
  store: Pick<CampaignStore, 'importJson'>
): Promise<ImportOutcome> {
  // UTF-8 never takes fewer bytes than the UTF-16 code units its text becomes, so this refuses nothing the
  // store would take, and a 2 GB file is never pulled into memory.
  const limit = CAMPAIGN_LIMITS.maxImportChars
  if (file.size > limit) {
    const failure: StoreFailure = {
      code: 'tooLarge',
      problem: 'fileTooLarge',
      params: { limit, found: file.size },
      message: `the file is ${file.size} bytes (cap ${limit})`
    }
    return { ok: false, failure }
  }
  try {
    return { ok: true, summary: await store.importJson(await file.text()) }
  } catch (error) {
    return { ok: false, failure: storeFailureOf(error) }
  }
}
