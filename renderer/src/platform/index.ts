import type { CampaignStore } from '../../../main/store/campaign-store'

/** True in the browser build (`npm run web`), false in the Electron renderer. */
export const IS_WEB = typeof __EMBOSCADA_WEB__ !== 'undefined' && __EMBOSCADA_WEB__

/** The campaign store of this build: browser storage seeded with the samples, or IPC to Electron's main. */
export async function openStore(): Promise<CampaignStore> {
  if (IS_WEB) {
    // Every bundled sample campaign, one per implemented system.
    const samples = import.meta.glob<{ default: unknown }>('../../../resources/campaigns/*.json')
    const [{ createWebStore }, { campaignSchema }, ...documents] = await Promise.all([
      import('./web-store'),
      import('../../../rules/core/schemas'),
      ...Object.values(samples).map((load) => load())
    ])
    return createWebStore(
      localStorage,
      documents.map((doc) => campaignSchema.parse(doc.default))
    )
  }
  const { createIpcStore } = await import('./ipc-store')
  return createIpcStore()
}
