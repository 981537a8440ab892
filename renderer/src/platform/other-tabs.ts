import { StoreError, type CampaignStore } from '../../../main/store/campaign-store'
import { idOfRevisionKey } from './web-revisions'

// How a tab of the web build learns that another tab changed a campaign: early, through the `storage` event
// (the browser sends it only to the *other* tabs of the origin), or at the latest when its own save is refused
// as stale (web-revisions.ts). Either way the app reloads the campaign rather than saving over it.

/**
 * Calls `onChange(id)` each time another tab changes campaign `id` (its revision key, written after the entry,
 * so the new entry is there to read); returns the function that stops listening.
 */
export function watchOtherTabs(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  onChange: (id: string) => void
): () => void {
  const listener = (event: Event): void => {
    const id = idOfRevisionKey((event as StorageEvent).key)
    if (id !== null) onChange(id)
  }
  target.addEventListener('storage', listener)
  return () => target.removeEventListener('storage', listener)
}

/** `store`, calling `onStale(id)` when a save of campaign `id` is refused because another tab changed it first. */
export function noticeStale(store: CampaignStore, onStale: (id: string) => void): CampaignStore {
  return {
    ...store,
    save: (campaign) =>
      store.save(campaign).catch((error: unknown) => {
        if (error instanceof StoreError && error.code === 'stale') onStale(campaign.id)
        throw error
      })
  }
}
