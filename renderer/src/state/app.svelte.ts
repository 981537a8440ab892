import type { Campaign, CampaignSummary } from '../../../rules/core/schemas'
import { StoreError, type CampaignStore } from '../../../main/store/campaign-store'
import type { MessageKey, Params } from '../i18n'
import { openStore } from '../platform'
import { WorkerAiPlayer } from '../worker/ai-client'
import { EncounterSession } from './encounter.svelte'
import { CorruptSaveError } from './restore'
import type { Violation } from '../../../rules/core/types'
import { locale } from './locale.svelte'
import { formatCost, type CostPart } from './options'
import { parseRoute, routeHash, type Route } from './route'

/** An error shown to the GM: a catalogue key and its parameters. */
export interface AppError {
  key: MessageKey
  params: Params
}

/** AI pacing: 350 ms per step so a person can follow, 0 with `?fast=1` (tests). */
function aiDelay(): number {
  return new URLSearchParams(location.search).get('fast') === '1' ? 0 : 350
}

/** The app: the store, the campaign list, and the open encounter session (at most one). */
export class AppState {
  #store: CampaignStore | null = null
  campaigns = $state.raw<CampaignSummary[] | null>(null)
  /** The campaign whose encounters are listed. */
  campaign = $state.raw<Campaign | null>(null)
  session = $state.raw<EncounterSession | null>(null)
  error = $state.raw<AppError | null>(null)
  loading = $state(false)

  /** Opens the store and goes where the URL says (so a reload returns to the open fight). */
  async init(): Promise<void> {
    try {
      this.#store = await openStore()
    } catch (error) {
      this.error = { key: 'error.load', params: { detail: message(error) } }
      return
    }
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

  async #follow(): Promise<void> {
    const route = parseRoute(location.hash)
    this.session?.dispose()
    this.session = null
    this.campaign = null
    locale.useSystem(null)
    if (route.name === 'encounter') await this.#openSession(route.campaignId, route.encounterId)
    else if (route.name === 'campaign') await this.#openCampaign(route.campaignId)
    else await this.#list()
  }

  async #openCampaign(campaignId: string): Promise<void> {
    if (!this.#store) return
    try {
      this.campaign = await this.#store.load(campaignId)
    } catch (error) {
      this.#fail(error)
      await this.#list()
    }
  }

  #fail(error: unknown): void {
    const corrupt =
      error instanceof CorruptSaveError ||
      (error instanceof StoreError && ['corrupt', 'invalid'].includes(error.code))
    this.error = { key: corrupt ? 'error.corrupt' : 'error.load', params: { detail: message(error) } }
  }

  async #list(): Promise<void> {
    if (!this.#store) return
    try {
      this.campaigns = await this.#store.list()
    } catch (error) {
      this.error = { key: 'error.load', params: { detail: message(error) } }
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

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
