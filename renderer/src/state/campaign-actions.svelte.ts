import type { Campaign, CampaignSummary } from '../../../rules/core/schemas'
import type { CampaignStore } from '../../../main/store/campaign-store'
import type { MessageKey, Params } from '../i18n'
import { downloadCampaign } from './campaign-export'
import { storeFailureOf, type StoreFailure } from './store-error-text'

// The campaign list's actions (create, rename, duplicate, export, delete with an undo window), with the one
// notice they show at a time. The list page reads `notice`; every action refreshes the list when it changed it.

/** How long a deleted campaign's undo stays offered. */
export const UNDO_MS = 10_000

/** The notice under the list: what was done (with an undo for a delete), or why it failed. */
export type CampaignNotice =
  | { kind: 'done'; key: MessageKey; params: Params }
  | { kind: 'deleted'; id: string; name: string }
  | { kind: 'failed'; key: MessageKey; failure: StoreFailure }

/** What an action answers to the form or field that asked: done, or the failure to show beside it. */
export type ActionOutcome = { ok: true; summary?: CampaignSummary } | { ok: false; failure: StoreFailure }

/** What a store call did: the campaign it made or changed, and the notice to show (for `ms`, when set). */
interface Done {
  summary?: CampaignSummary
  notice?: CampaignNotice
  ms?: number
}

/** The list page's actions over the store; `refresh` reloads the list after a change. */
export class CampaignActions {
  notice = $state.raw<CampaignNotice | null>(null)
  #timer: ReturnType<typeof setTimeout> | undefined
  /** Campaigns being copied now: a second "Duplicar" while one runs makes no second copy. */
  #duplicating: readonly string[] = []

  constructor(
    private readonly store: () => CampaignStore | null,
    private readonly refresh: () => Promise<void>,
    private readonly download: (campaign: Campaign) => string = (campaign) => downloadCampaign(campaign)
  ) {}

  /** Creates an empty campaign of `system`. */
  create(name: string, system: Campaign['system']): Promise<ActionOutcome> {
    return this.#run(async (store) => {
      const summary = await store.create({ name, system })
      return { summary, notice: { kind: 'done', key: 'campaigns.created', params: { name: summary.name } } }
    })
  }

  /** Renames campaign `id`; the failure goes back to the inline field, which stays open. */
  rename(id: string, name: string): Promise<ActionOutcome> {
    return this.#run(async (store) => ({ summary: await store.rename(id, name) }))
  }

  /** Copies campaign `id` under `name` (the page words "(copia)"/"(copy)"). */
  async duplicate(id: string, name: string): Promise<ActionOutcome> {
    if (this.#duplicating.includes(id)) return { ok: true }
    this.#duplicating = [...this.#duplicating, id]
    try {
      return await this.#run(async (store) => {
        const summary = await store.duplicate(id, name)
        return {
          summary,
          notice: { kind: 'done', key: 'campaigns.duplicated', params: { name: summary.name } }
        }
      }, 'campaigns.actionFailed')
    } finally {
      this.#duplicating = this.#duplicating.filter((d) => d !== id)
    }
  }

  /** Downloads campaign `id` as one JSON file. */
  exportCampaign(id: string): Promise<ActionOutcome> {
    return this.#run(async (store) => {
      const file = this.download(await store.load(id))
      return { notice: { kind: 'done', key: 'campaigns.exported', params: { file } } }
    }, 'campaigns.actionFailed')
  }

  /** Moves campaign `id` to the trash and offers its undo for {@link UNDO_MS}. */
  remove(campaign: CampaignSummary): Promise<ActionOutcome> {
    return this.#run(async (store) => {
      await store.remove(campaign.id)
      return { notice: { kind: 'deleted', id: campaign.id, name: campaign.name }, ms: UNDO_MS }
    }, 'campaigns.actionFailed')
  }

  /** Brings back the campaign of the open "deleted" notice. */
  undo(): Promise<ActionOutcome> {
    const notice = this.notice
    if (notice?.kind !== 'deleted') return Promise.resolve({ ok: true })
    return this.#run(async (store) => {
      const summary = await store.undoRemove(notice.id)
      return { summary, notice: { kind: 'done', key: 'campaigns.undone', params: { name: summary.name } } }
    }, 'campaigns.actionFailed')
  }

  /** Hides the notice (its undo too). */
  dismiss(): void {
    this.#say(null)
  }

  #say(notice: CampaignNotice | null, ms?: number): void {
    clearTimeout(this.#timer)
    this.notice = notice
    if (ms !== undefined) this.#timer = setTimeout(() => this.#say(null), ms)
  }

  /**
   * Runs one store call, reloads the list, then shows the call's notice: after the reload, so a notice that
   * takes the focus (a delete's Undo) finds the deleted card already gone. A failure becomes the outcome (and
   * the notice, when `failedKey` says how to word it).
   */
  async #run(
    action: (store: CampaignStore) => Promise<Done>,
    failedKey?: MessageKey
  ): Promise<ActionOutcome> {
    const store = this.store()
    if (store === null)
      return { ok: false, failure: { code: 'io', message: 'the campaign store is not open' } }
    try {
      const { summary, notice, ms } = await action(store)
      await this.refresh()
      if (notice !== undefined) this.#say(notice, ms)
      return summary === undefined ? { ok: true } : { ok: true, summary }
    } catch (error) {
      const failure = storeFailureOf(error)
      if (failedKey !== undefined) this.#say({ kind: 'failed', key: failedKey, failure })
      return { ok: false, failure }
    }
  }
}
