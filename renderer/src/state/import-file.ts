import type { CampaignSummary } from '../../../rules/core/schemas'
import { summarize, type CampaignStore } from '../../../main/store/campaign-store'
import { decodeImportText } from '../../../main/store/import-text'
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

/** A campaign the file would add a second time (same id), with the file's text to go on with. */
export interface ImportDuplicate {
  ok: false
  duplicateOf: { id: string; name: string }
  text: string
}

/** What an import did: the new campaign's summary, why nothing was added, or the campaign it repeats. */
export type ImportOutcome =
  { ok: true; summary: CampaignSummary } | { ok: false; failure: StoreFailure } | ImportDuplicate

/** How a GM settles a file whose campaign is already in the list. */
export type DuplicateChoice = 'replace' | 'keepBoth'

/**
 * Imports one picked file into the store; never throws. A store that can list is asked first whether the
 * campaign is already there (re-importing an exported campaign silently added an identical second one,
 * issue 21): then nothing is added and the outcome asks the GM, see {@link settleDuplicate}.
 */
export async function importFile(
  file: PickedFile,
  store: Pick<CampaignStore, 'importJson'> & Partial<Pick<CampaignStore, 'list'>>
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
    const text = await file.text()
    const existing = store.list ? await sameCampaign(text, store.list) : null
    if (existing) return { ok: false, duplicateOf: existing, text }
    return { ok: true, summary: await store.importJson(text) }
  } catch (error) {
    return { ok: false, failure: storeFailureOf(error) }
  }
}

/**
 * The listed campaign the file's campaign would repeat (same id), or null. The text goes through the
 * store's own import checks first, so a file the store refuses is refused, never asked about.
 */
async function sameCampaign(
  text: string,
  list: CampaignStore['list']
): Promise<{ id: string; name: string } | null> {
  const { id } = decodeImportText(text)
  const entry = (await list()).find((e) => e.id === id)
  return entry ? { id: entry.id, name: entry.name } : null
}

/**
 * Settles a duplicate import: `keepBoth` adds the file as a new campaign (its id renamed `-2`...), `replace`
 * saves the file's campaign over the listed one (the store keeps the replaced version as a backup, so the
 * replace can be undone from the backups). Never throws.
 */
export async function settleDuplicate(
  duplicate: ImportDuplicate,
  choice: DuplicateChoice,
  store: Pick<CampaignStore, 'importJson' | 'save'>
): Promise<ImportOutcome> {
  try {
    if (choice === 'keepBoth') return { ok: true, summary: await store.importJson(duplicate.text) }
    const campaign = { ...decodeImportText(duplicate.text), id: duplicate.duplicateOf.id }
    await store.save(campaign)
    return { ok: true, summary: summarize(campaign) }
  } catch (error) {
    return { ok: false, failure: storeFailureOf(error) }
  }
}
