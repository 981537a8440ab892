// What the restore child (restorer.ts) and its verifier (restore-scenario.ts) share: the operations, the
// writers, and the names of the files each run starts from.

/**
 * `restore`: the GM makes a chosen backup current (store.restoreBackup). `repair`: the GM opens a campaign
 * whose file is damaged, and the store puts its newest good backup in its place (store.load).
 */
export type RestoreOperation = 'restore' | 'repair'

/**
 * `durable`: the real store does it. `naive`: the control, a restore or repair as a careless app would write
 * it (no backup of the current version, the damaged file deleted, the file truncated and then written), which
 * the verifier must catch.
 */
export type RestoreMode = 'durable' | 'naive'

export const RESTORE_OPERATIONS: readonly string[] = ['restore', 'repair'] satisfies RestoreOperation[]
export const RESTORE_MODES: readonly string[] = ['durable', 'naive'] satisfies RestoreMode[]

/** The campaign every run works on: `<lane>/campaigns/demo.json`. */
export const CAMPAIGN_ID = 'demo'

/** Restore: the backup the GM chooses (older than {@link NEWER_BACKUP}, so not simply the newest). */
export const CHOSEN_BACKUP = 'demo.20261101T000000000Z.c0ffee.bak'
/** Restore: a later backup, left alone by the restore. */
export const NEWER_BACKUP = 'demo.20261102T000000000Z.beef01.bak'

/** Repair: the newest backup, itself damaged, which the repair must pass over. */
export const DAMAGED_BACKUP = 'demo.20261103T000000000Z.dead00.bak'
/** Repair: the newest good backup, the one the repair puts in place. */
export const GOOD_BACKUP = 'demo.20261101T000000000Z.600d00.bak'

/** The bytes of the damaged campaign file (a save torn by an older version): they must never be lost. */
export const DAMAGED_TEXT = '{"schemaVersion":1,"id":"demo","name":"Half-wri'

/** The name of the campaign in each file a run starts from. */
export const NAMES = {
  current: 'Current version',
  chosen: 'Chosen backup',
  newer: 'Newer backup',
  good: 'Good backup'
} as const

/** What the child acknowledges once its operation has resolved. */
export const ACK = { restore: 'restored', repair: 'repaired' } as const
