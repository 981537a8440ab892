import type { Campaign } from '../../../rules/core/schemas'
import type { CampaignListEntry, CampaignStore, SaveReport } from '../../../main/store/campaign-store'
import { IS_WEB, openStore } from '../platform'
import { noticeStale, watchOtherTabs } from '../platform/other-tabs'
import { noticeSaveReports } from '../platform/save-reports'
import { dismissWarning, warningAfterSave, type BackupWarning } from './backup-warning'
import { WorkerAiPlayer } from '../worker/ai-client'
import { EncounterSession } from './encounter.svelte'
import { CorruptSaveError } from './restore'
import type { Violation } from '../../../rules/core/types'
import { locale } from './locale.svelte'
import { formatCost, type CostPart } from './options'
import { parseRoute, routeHash, type Route } from './route'
import { BackupsState } from './backups.svelte'
import {
  importFile,
  settleDuplicate,
  type DuplicateChoice,
  type ImportDuplicate,
  type ImportOutcome,
  type PickedFile
} from './import-file'
import { storeFailureOf, type ShownError } from './store-error-text'
import { CampaignActions } from './campaign-actions.svelte'
import { recordOpened } from './last-opened'

/** An error shown to the GM: a catalogue key and its parameters, or a store failure worded when shown. */
export type AppError = ShownError

/** AI pacing: 350 ms per step so a person can follow, 0 with `?fast=1` (tests). */
function aiDelay(): number {
  return new URLSearchParams(location.search).get('fast') === '1' ? 0 : 350
}

/** The app: the store, the campaign list, and the open encounter session (at most one). */
export class AppState {
  #store: CampaignStore | null = null
  /** The campaign list, with those this version cannot open marked unavailable. */
  campaigns = $state.raw<CampaignListEntry[] | null>(null)
  /** The campaign whose encounters are listed. */
  campaign = $state.raw<Campaign | null>(null)
  session = $state.raw<EncounterSession | null>(null)
  /** The encounter whose map is being edited (the map editor's route), with its campaign as loaded. */
  editing = $state.raw<{ campaign: Campaign; encounterId: string } | null>(null)
  /** The campaign whose party and bestiary are open (the roster route). */
  roster = $state.raw<Campaign | null>(null)
  /** The encounter whose builder settings the campaign page opens with (the settings route). */
  settingsFor = $state.raw<string | null>(null)
  error = $state.raw<AppError | null>(null)
  /** Saves land but their backups fail (disk full): a banner on every page until a backup is kept again. */
  backupWarning = $state.raw<BackupWarning>(null)
  loading = $state(false)
  /** The backups dialog and the notices about files moved aside; a restore reloads the list. */
  readonly backups = new BackupsState(
    () => this.#store,
    () => this.#list()
  )

  /** The campaign list's create, rename, duplicate, export and delete (with undo); each reloads the list. */
  readonly listActions = new CampaignActions(
    () => this.#store,
    () => this.#list()
  )

  /** Opens the store and goes where the URL says (so a reload returns to the open fight). */
  async init(): Promise<void> {
    const changedElsewhere = (id: string): void => void this.#changedElsewhere(id)
    // Every save of the app goes through this one store, so each save's report reaches the backup warning.
    const reported = (report: SaveReport): void => {
      this.backupWarning = warningAfterSave(this.backupWarning, report)
    }
    try {
      this.#store = noticeStale(noticeSaveReports(await openStore(), reported), changedElsewhere)
    } catch (error) {
      // The desktop's store refuses to open a campaigns folder another Emboscada has (`locked`): say so.
      this.error = { action: { kind: 'list' }, failure: storeFailureOf(error) }
      return
    }
    // Campaigns live in this origin's localStorage only in the web build, where other tabs may change them.
    if (IS_WEB) watchOtherTabs(window, changedElsewhere)
    window.addEventListener('hashchange', () => void this.#follow())
    await this.#follow()
  }

  /** Goes to a route; the URL changes, so a reload comes back to the same place (and the same fight). */
  go(route: Route): void {
    location.hash = routeHash(route)
  }

  /** Hides the current error. */
  dismissError(): void {
    this.error = null
  }

  /** Closes the backup warning; it comes back if backups fail again after one was kept. */
  dismissBackupWarning(): void {
    this.backupWarning = dismissWarning(this.backupWarning)
  }

  async #follow(): Promise<void> {
    const route = parseRoute(location.hash)
    this.session?.dispose()
    this.session = null
    this.campaign = null
    this.editing = null
    this.roster = null
    this.settingsFor = route.name === 'settings' ? route.encounterId : null
    locale.useSystem(null)
    if (route.name === 'roster') await this.#openRoster(route.campaignId)
    else if (route.name === 'map') await this.#openEditor(route.campaignId, route.encounterId)
    else if (route.name === 'encounter') await this.#openSession(route.campaignId, route.encounterId)
    else if (route.name === 'campaign' || route.name === 'settings')
      await this.#openCampaign(route.campaignId)
    else await this.#list()
  }

  async #openCampaign(campaignId: string): Promise<void> {
    if (!this.#store) return
    try {
      this.campaign = await this.#store.load(campaignId)
      recordOpened(localStorage, campaignId)
    } catch (error) {
      this.#fail(error)
      await this.#list()
    }
  }

  async #openEditor(campaignId: string, encounterId: string): Promise<void> {
    if (!this.#store) return
    try {
      const campaign = await this.#store.load(campaignId)
      const record = campaign.encounters.find((e) => e.id === encounterId)
      // A started encounter replays its commands from this map: it is never edited (the page's button
      // is disabled; a typed URL lands on the campaign instead). Inches boards have no squares to edit.
      if (!record || record.commands.length || record.initial.board.inches) {
        this.campaign = campaign
        return
      }
      this.editing = { campaign, encounterId }
      locale.useSystem(campaign.system)
    } catch (error) {
      this.#fail(error)
      await this.#list()
    }
  }

  async #openRoster(campaignId: string): Promise<void> {
    if (!this.#store) return
    try {
      this.roster = await this.#store.load(campaignId)
      locale.useSystem(this.roster.system)
    } catch (error) {
      this.#fail(error)
      await this.#list()
    }
  }

  /** Saves a campaign changed on its page (the encounter builder) and shows it; a failure is thrown. */
  async saveCampaign(campaign: Campaign): Promise<void> {
    await this.saveMap(campaign)
    this.campaign = campaign
  }

  /** Saves a campaign whose encounter map was edited; the store's failure is thrown to the editor. */
  async saveMap(campaign: Campaign): Promise<void> {
    if (!this.#store) throw new Error('the campaign store is not open')
    await this.#store.save(campaign)
  }

  /** Adds a campaign from a picked file and refreshes the list; the outcome is shown beside the button. */
  async importFile(file: PickedFile): Promise<ImportOutcome> {
    if (!this.#store) return { ok: false, failure: { code: 'io', message: 'the campaign store is not open' } }
    const outcome = await importFile(file, this.#store)
    if (outcome.ok) await this.#list()
    return outcome
  }

  /** Settles an import whose campaign is already listed: replace it or keep both; refreshes the list. */
  async settleImport(duplicate: ImportDuplicate, choice: DuplicateChoice): Promise<ImportOutcome> {
    if (!this.#store) return { ok: false, failure: { code: 'io', message: 'the campaign store is not open' } }
    const outcome = await settleDuplicate(duplicate, choice, this.#store)
    if (outcome.ok) await this.#list()
    return outcome
  }

  #reloading = false
  #reloadAgain = false

  /**
   * Another tab changed campaign `id` (the storage event said so, or a save here was refused as stale): if this
   * page shows it, it is opened again from storage, never saved over, and the GM is told why. News arriving
   * during that reload reloads once more, so the page ends on the newest version.
   */
  async #changedElsewhere(id: string): Promise<void> {
    const route = parseRoute(location.hash)
    if (!('campaignId' in route) || route.campaignId !== id) return
    if (this.#reloading) {
      this.#reloadAgain = true
      return
    }
    this.#reloading = true
    try {
      do {
        this.#reloadAgain = false
        this.error = null
        await this.#follow()
      } while (this.#reloadAgain)
    } finally {
      this.#reloading = false
    }
    // A reload that failed (the campaign was removed there) shows its own error instead.
    this.error ??= { key: 'error.changedElsewhere', params: {} }
  }

  #fail(error: unknown): void {
    // A save that replays to another hash is the app's own finding, with no store problem to word.
    this.error =
      error instanceof CorruptSaveError
        ? { key: 'error.corrupt', params: { detail: error.message } }
        : { action: { kind: 'load' }, failure: storeFailureOf(error) }
  }

  async #list(): Promise<void> {
    if (!this.#store) return
    try {
      this.campaigns = await this.#store.list()
      // A list is when unreadable files get moved aside: ask what happened, to tell the GM.
      await this.backups.refreshNotices()
    } catch (error) {
      this.error = { action: { kind: 'list' }, failure: storeFailureOf(error) }
    }
  }

  async #openSession(campaignId: string, encounterId: string): Promise<void> {
    if (!this.#store) return
    this.loading = true
    try {
      const campaign = await this.#store.load(campaignId)
      const ai = new WorkerAiPlayer()
      try {
        const describe = (v: Violation): string => locale.code('violation', v.code, v.params)
        const describeCost = (cost: readonly CostPart[]): string => formatCost(locale.code, cost)
        const deps = {
          store: this.#store,
          ai,
          notesStorage: localStorage,
          aiDelayMs: aiDelay(),
          describe,
          describeCost
        }
        this.session = new EncounterSession(campaign, encounterId, deps)
        recordOpened(localStorage, campaignId)
        locale.useSystem(campaign.system)
      } catch (error) {
        ai.dispose()
        throw error
      }
      this.error = null
    } catch (error) {
      this.#fail(error)
      await this.#list()
    } finally {
      this.loading = false
    }
  }
}
