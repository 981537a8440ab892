import { CAMPAIGN_SCHEMA_VERSION, type Campaign, type CampaignSummary } from '../../rules/core/schemas'
import type { ProblemDetail, ProblemParams, StoreProblem } from './store-problem'

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
  /** Written by a newer Emboscada: listed read-only, left untouched, never downgraded or overwritten. */
  | 'tooNew'
  /** A campaign of a rule system this version does not have: listed read-only and left untouched, like tooNew. */
  | 'unknownRules'
  /** Another Emboscada has the campaigns folder open (problem `folderLocked`): two writers would lose saves. */
  | 'locked'
  /** The id is not a lowercase slug (this is where path traversal stops). */
  | 'badId'
  /** The disk said no (full, permissions...). */
  | 'io'
  /** Web build: another tab changed the campaign since this copy was read; the save was refused, nothing written. */
  | 'stale'

/**
 * A typed store failure. `message` is the technical detail in English; `problem` and `params`, when set, say
 * why in a form the UI words in the user's language (every refusal of input sets them).
 */
export class StoreError extends Error {
  override readonly name = 'StoreError'
  /** The machine-readable reason for a refusal. */
  readonly problem: StoreProblem | undefined
  /** The limit, the value found, the JSON path... that the problem's sentence interpolates. */
  readonly params: ProblemParams | undefined
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    /** Where the unreadable file went, relative to the campaigns folder, when it was quarantined. */
    readonly quarantinedAs?: string,
    detail?: ProblemDetail
  ) {
    super(message)
    this.problem = detail?.problem
    this.params = detail?.params
  }
}

/**
 * A campaign file this version cannot open but must not hide: written by a newer Emboscada, or for rules it
 * does not have. Listed so the GM knows it is there (and that an update opens it), read-only, never touched.
 */
export interface UnavailableCampaign {
  id: string
  name: string
  /** The system id as the file says, which may be one this version does not know. */
  system: string
  encounterCount: number
  unavailable: { reason: 'tooNew'; version: number; supported: number } | { reason: 'unknownRules' }
}

/** One entry of the campaign list: a campaign to open, or one that needs another version. */
export type CampaignListEntry = CampaignSummary | UnavailableCampaign

/** True for a list entry this version cannot open. */
export function isUnavailable(entry: CampaignListEntry): entry is UnavailableCampaign {
  return 'unavailable' in entry
}

/** What a save did besides writing the campaign: whether the version it replaced was kept as a backup. */
export interface SaveReport {
  /** `kept`: the previous version is a backup now; `none`: there was none (a new campaign); `failed`: see `error`. */
  backup: 'kept' | 'none' | 'failed'
  /** Why the backup failed, as the system said it (ENOSPC: disk full; QuotaExceededError in a browser). */
  error?: string
}

/** Campaign persistence as the UI sees it; saves for one id land in call order. */
export interface CampaignStore {
  list(): Promise<CampaignListEntry[]>
  load(id: string): Promise<Campaign>
  /** Writes the campaign; the report says whether the previous version could be kept as a backup. */
  save(campaign: Campaign): Promise<SaveReport>
  /** Validates a campaign file's text and adds it, renaming a taken id (`-2`, `-3`...); never overwrites. */
  importJson(json: string): Promise<CampaignSummary>
  /** The campaign's backups, newest first; damaged ones are listed, marked unreadable. */
  backups(id: string): Promise<BackupEntry[]>
  /**
   * Makes a backup (a `file` from {@link backups} for this id) the current version, after keeping the current
   * version as a backup itself, so a restore can be undone the same way; returns the restored campaign.
   */
  restoreBackup(id: string, file: string): Promise<Campaign>
  /**
   * Files moved aside because they could not be opened, newest first. A load or list that moved one aside
   * still answers normally (with the newest good backup, when there is one); the UI asks here afterwards and
   * tells the GM about the entries marked `thisSession`.
   */
  quarantined(): Promise<QuarantineEntry[]>
  /** Adds an empty campaign (no encounters) of `system`; its id is a free slug of the name. */
  create(input: NewCampaign): Promise<CampaignSummary>
  /** Renames a campaign (the id, and so the file, stays). */
  rename(id: string, name: string): Promise<CampaignSummary>
  /** Copies a campaign under a new free id; `name` is the copy's name (default `<name> (copy)`). */
  duplicate(id: string, name?: string): Promise<CampaignSummary>
  /**
   * Soft delete: the campaign and its backups move to the trash and it leaves the list. Each removal is its
   * own trash entry, so removing the same id again never overwrites an earlier one.
   */
  remove(id: string): Promise<void>
  /**
   * Brings back the newest trashed copy of `id`, exactly as it was, backups included. Refused (`idInUse`) when
   * another campaign has taken the id meanwhile; the trashed copy then stays where it is.
   */
  undoRemove(id: string): Promise<CampaignSummary>
}

/** What {@link CampaignStore.create} needs: a name and one of the rule systems. */
export interface NewCampaign {
  name: string
  system: Campaign['system']
}

/** One backup of a campaign, as the restore UI lists it. */
export interface BackupEntry {
  /** The backup's name, unique for the campaign; the argument to `restoreBackup`. */
  file: string
  /** ISO time it was set aside: the campaign was exactly this until then. */
  at: string
  /** `save`: one of the latest saves; `daily`: kept as its day's last; `migration`: before an upgrade. */
  kind: 'save' | 'daily' | 'migration'
  /** The campaign's name inside, when the backup could be read. */
  name?: string
  encounterCount?: number
  /** False for a damaged backup: listed so the GM sees it, but it cannot be restored. */
  readable: boolean
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
  /** ISO time of that backup (this session only). */
  restoredAt?: string
  /** Set on what this store moved aside since it was opened: the entries to tell the GM about. */
  thisSession?: true
}

/** The desktop store's extras: import and shutdown. */
export interface ManagedCampaignStore extends CampaignStore {
  /** Validates a campaign file's text and adds it, renaming the id if it is taken. */
  importJson(json: string): Promise<CampaignSummary>
  /** Resolves once every queued save has landed (used before quitting). */
  whenIdle(): Promise<void>
  /** Lets queued saves land, then lets go of the campaigns folder (its lock), for the app's exit. */
  close(): Promise<void>
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

/** Longest campaign name, the campaign schema's cap. */
export const CAMPAIGN_NAME_MAX = 120

/**
 * A name as typed, trimmed; throws `invalid` (problem `badName`) for an empty one, one over
 * {@link CAMPAIGN_NAME_MAX} characters, or one with control characters (a pasted newline or NUL).
 */
export function cleanCampaignName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : ''
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (trimmed === '' || trimmed.length > CAMPAIGN_NAME_MAX || /[\u0000-\u001f\u007f-\u009f]/.test(trimmed)) {
    throw new StoreError('invalid', `not a campaign name: ${JSON.stringify(name)?.slice(0, 80)}`, undefined, {
      problem: 'badName',
      params: { limit: CAMPAIGN_NAME_MAX }
    })
  }
  return trimmed
}

/** The name of a copy when the caller gives none. */
export function copyName(name: string): string {
  const suffix = ' (copy)'
  return name.slice(0, CAMPAIGN_NAME_MAX - suffix.length) + suffix
}

/**
 * A campaign id from a name: accents dropped, lowercase, runs of anything else as one `-`, at most 56
 * characters (room for a `-NNN` suffix); `campaign` when nothing is left (a name of only emoji or CJK).
 */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 56)
    .replace(/^-+|-+$/g, '')
  return slug === '' ? 'campaign' : slug
}

/** The rule system of a new campaign, checked; throws `invalid` (problem `unknownSystem`) for any other value. */
export function checkSystem(system: unknown, known: readonly Campaign['system'][]): Campaign['system'] {
  const found = known.find((id) => id === system)
  if (found !== undefined) return found
  const name = String(system).slice(0, 40)
  throw new StoreError('invalid', `no rules for "${name}"`, undefined, {
    problem: 'unknownSystem',
    params: { system: name }
  })
}

/** A new campaign with no encounters, in the current file format. */
export function emptyCampaign(id: string, name: string, system: Campaign['system']): Campaign {
  return { schemaVersion: CAMPAIGN_SCHEMA_VERSION, id, name, system, encounters: [] }
}

/** Refusal of an undo whose id another campaign has taken since. */
export function idInUse(id: string): StoreError {
  return new StoreError('invalid', `another campaign now has the id "${id}"`, undefined, {
    problem: 'idInUse',
    params: { id }
  })
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
