import { SvelteSet } from 'svelte/reactivity'
import type { BackupEntry, CampaignStore, QuarantineEntry } from '../../../main/store/campaign-store'
import { storeFailureOf, type StoreFailure } from './store-error-text'

/** The backups dialog and the quarantine notices of the campaign list, over the store. */
export class BackupsState {
  /** Files moved aside this session that the GM has not dismissed yet. */
  notices = $state.raw<QuarantineEntry[]>([])
  /** The campaign whose backups dialog is open. */
  openId = $state<string | null>(null)
  /** Its backups, newest first; null while loading. */
  entries = $state.raw<BackupEntry[] | null>(null)
  /** The last failed call of the dialog, worded when shown. */
  failure = $state.raw<StoreFailure | null>(null)
  /** The time of the backup just restored, for the confirmation line. */
  restoredAt = $state<string | null>(null)
  busy = $state(false)
  readonly #dismissed = new SvelteSet<string>()

  constructor(
    private readonly store: () => CampaignStore | null,
    /** Called after a restore, so the campaign list shows the restored names and counts. */
    private readonly onRestored: () => Promise<void>
  ) {}

  /** Asks the store what it moved aside; call after a list or load, which is when files get moved. */
  async refreshNotices(): Promise<void> {
    const store = this.store()
    if (!store) return
    try {
      const entries = await store.quarantined()
      this.notices = entries.filter((e) => e.thisSession === true && !this.#dismissed.has(e.file))
    } catch {
      // The notices are a courtesy on top of a list that loaded; a failure here leaves the old ones.
    }
  }

  /** Hides a notice for the rest of the session. */
  dismiss(file: string): void {
    this.#dismissed.add(file)
    this.notices = this.notices.filter((e) => e.file !== file)
  }

  /** Opens the dialog for a campaign and loads its backups. */
  async open(campaignId: string): Promise<void> {
    this.openId = campaignId
    this.entries = null
    this.failure = null
    this.restoredAt = null
    await this.#reload(campaignId)
  }

  /** Closes the dialog. */
  close(): void {
    this.openId = null
    this.entries = null
    this.failure = null
    this.restoredAt = null
  }

  /** Restores one backup of the open campaign (the UI has asked for confirmation) and reloads both lists. */
  async restore(file: string): Promise<void> {
    const store = this.store()
    const id = this.openId
    if (!store || id === null || this.busy) return
    const at = this.entries?.find((e) => e.file === file)?.at ?? null
    this.busy = true
    this.failure = null
    try {
      await store.restoreBackup(id, file)
      this.restoredAt = at
      // The GM chose a version: the notice about this campaign has been answered.
      for (const notice of this.notices) if (notice.id === id) this.dismiss(notice.file)
      await this.onRestored()
      await this.#reload(id)
    } catch (error) {
      this.failure = storeFailureOf(error)
    } finally {
      this.busy = false
    }
  }

  async #reload(id: string): Promise<void> {
    const store = this.store()
    if (!store) return
    try {
      const entries = await store.backups(id)
      // The GM may have closed the dialog, or opened another campaign's, while this was loading.
      if (this.openId === id) this.entries = entries
    } catch (error) {
      if (this.openId === id) this.failure = storeFailureOf(error)
    }
  }
}
