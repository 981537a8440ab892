import type { Campaign } from '../../../rules/core/schemas'

// A campaign as one downloadable file: pretty JSON that the import button takes back as it is.

/** The export's file name: `<id>.emboscada.json` (ends in .json, so the import picker offers it). */
export function exportFileName(campaign: Pick<Campaign, 'id'>): string {
  return `${campaign.id}.emboscada.json`
}

/** The export's text: the campaign as saved, indented for people and diff tools, with a final newline. */
export function exportText(campaign: Campaign): string {
  return `${JSON.stringify(campaign, null, 2)}\n`
}

/**
 * Hands the file to the browser as a download: a Blob URL on a temporary `<a download>`, revoked after the
 * click has been handled. No new window: Electron answers it with its save dialog (`will-download`).
 */
export function downloadCampaign(campaign: Campaign, doc: Document = document): string {
  const name = exportFileName(campaign)
  const url = URL.createObjectURL(new Blob([exportText(campaign)], { type: 'application/json' }))
  const link = doc.createElement('a')
  link.href = url
  link.download = name
  link.hidden = true
  doc.body.append(link)
  try {
    link.click()
  } finally {
    link.remove()
    // Revoked on the next tasks, once the browser has started reading it.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
  return name
}
