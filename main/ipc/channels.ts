// Zod-free on purpose: the sandboxed preload imports this, and it must stay a tiny single CJS file.

/** Every IPC channel, named `noun.verb`; contract.ts gives each one its request and response schemas. */
export const CHANNELS = [
  'campaign.list',
  'campaign.load',
  'campaign.save',
  'campaign.import',
  'campaign.quarantined',
  'campaign.backups',
  'campaign.restore',
  'campaign.create',
  'campaign.rename',
  'campaign.duplicate',
  'campaign.trash',
  'campaign.untrash'
] as const

/** One IPC channel name. */
export type Channel = (typeof CHANNELS)[number]

/** The global the preload exposes to the page: `window.emboscada`. */
export const API_GLOBAL = 'emboscada'
