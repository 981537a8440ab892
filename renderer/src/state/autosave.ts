import type { Campaign, EncounterRecord } from '../../../rules/core/schemas'
import type { Command } from '../../../rules/core/types'
import type { CampaignStore } from '../../../main/store/campaign-store'
import { storeFailureOf, type StoreFailure } from './store-error-text'

/**
 * Keeps one encounter's record in its campaign and saves the campaign after every accepted command.
 * Saves run one after another in call order; `onResult` hears null after a save lands, or the failure (kept
 * whole, so the UI words it in the GM's language). After a save refused as `stale` nothing more is saved.
 */
export class Autosave {
  #campaign: Campaign
  #chain: Promise<void> = Promise.resolve()
  /**
   * Set when a save was refused because another tab changed the campaign: this copy lost, and the page reloads
   * it. The reload makes the store remember the newer revision, so saves queued before it would get through.
   */
  #stale = false

  constructor(
    campaign: Campaign,
    readonly encounterId: string,
    private readonly store: Pick<CampaignStore, 'save'>,
    private readonly onResult: (failure: StoreFailure | null) => void
  ) {
    if (!campaign.encounters.some((e) => e.id === encounterId)) throw new Error(`no encounter ${encounterId}`)
    this.#campaign = campaign
  }

  /** The campaign as last saved (or as loaded). */
  get campaign(): Campaign {
    return this.#campaign
  }

  /** The encounter's record in the campaign. */
  get record(): EncounterRecord {
    const record = this.#campaign.encounters.find((e) => e.id === this.encounterId)
    if (!record) throw new Error(`encounter ${this.encounterId} vanished from its campaign`)
    return record
  }

  /** Records the command log and the hash of the state it replays to, and saves the campaign. */
  save(commands: readonly Command[], stateHash: string): void {
    const record: EncounterRecord = { ...this.record, commands: [...commands], stateHash }
    const campaign = {
      ...this.#campaign,
      encounters: this.#campaign.encounters.map((e) => (e.id === record.id ? record : e))
    }
    this.#campaign = campaign
    this.#chain = this.#chain.then(async () => {
      if (this.#stale) return
      try {
        await this.store.save(campaign)
        this.onResult(null)
      } catch (error) {
        const failure = storeFailureOf(error)
        if (failure.code === 'stale') this.#stale = true
        this.onResult(failure)
      }
    })
  }

  /** Replaces the encounter's initial state (a figure's AI profile edited), with the log replayed over it. */
  saveInitial(initial: EncounterRecord['initial'], commands: readonly Command[], stateHash: string): void {
    this.#campaign = {
      ...this.#campaign,
      encounters: this.#campaign.encounters.map((e) => (e.id === this.encounterId ? { ...e, initial } : e))
    }
    this.save(commands, stateHash)
  }

  /** Sets the campaign's history of ended fights; the next save writes it with the encounter's record. */
  setHistory(history: Campaign['history']): void {
    if (history !== this.#campaign.history) this.#campaign = { ...this.#campaign, history }
  }

  /** Sets the campaign's automation settings; the next save writes them. */
  setAutomation(automation: Campaign['automation']): void {
    this.#campaign = { ...this.#campaign, automation }
  }

  /** Resolves once every save asked for so far has landed or failed. */
  whenIdle(): Promise<void> {
    return this.#chain
  }
}
