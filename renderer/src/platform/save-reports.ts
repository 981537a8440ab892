import type { CampaignStore, SaveReport } from '../../../main/store/campaign-store'

// Every save of the app goes through one store (encounter autosave, map editor, roster, builder...): wrapping
// it here is how the app hears of each save's report, whoever saved, the way `noticeStale` hears of refusals.

/** `store`, handing `onReport` the report of every save that landed (a refused save throws as before). */
export function noticeSaveReports(
  store: CampaignStore,
  onReport: (report: SaveReport) => void
): CampaignStore {
  return {
    ...store,
    save: async (campaign) => {
      const report = await store.save(campaign)
      onReport(report)
      return report
    }
  }
}
