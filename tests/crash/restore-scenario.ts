import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { lockPathOf } from '../../main/store/folder-lock'
import { openCampaignStore, type LowdbCampaignStore } from '../../main/store/lowdb-campaign-store'
import { makeCampaign } from '../../main/test-fixtures'
import { campaignSchema, type Campaign } from '../../rules/core/schemas'
import type { ChildCommand, KillLane, KillReport, KillScenario, Verdict } from './kill-harness'
import {
  ACK,
  CAMPAIGN_ID,
  CHOSEN_BACKUP,
  DAMAGED_BACKUP,
  DAMAGED_TEXT,
  GOOD_BACKUP,
  NAMES,
  NEWER_BACKUP,
  type RestoreMode,
  type RestoreOperation
} from './restore-protocol'

// The kill -9 scenarios of issue 18 ("never lose a campaign, part 2"): a child restores a chosen backup over
// the current campaign, or opens a damaged campaign that the store repairs from its newest good backup
// (restorer.ts), and is SIGKILLed at a seeded step. Every run starts from the same folder, so a paused run's
// outcome depends on its step alone. After the kill a fresh store must find the campaign whole, as it was
// before the operation or after it, never torn or missing; a restore the child acknowledged must have landed
// with the version it replaced among the backups; the damaged bytes of a repair must never be lost.

/** Every version a run can find, as the store loads it. */
const VERSIONS = {
  current: makeCampaign(CAMPAIGN_ID, NAMES.current),
  chosen: makeCampaign(CAMPAIGN_ID, NAMES.chosen),
  newer: makeCampaign(CAMPAIGN_ID, NAMES.newer),
  good: makeCampaign(CAMPAIGN_ID, NAMES.good)
}

/** The start of a campaign file, cut short: what the damaged backup holds. */
const DAMAGED_BACKUP_TEXT = '{"schemaVersion":1,"id":"demo","na'
/** Same pattern as sweepTempFiles: `.name.<pid>.<random>.tmp`. */
const TEMP_FILE = /^\..+\.tmp$/

/**
 * What a run can come to. Passing: `before` and `restored` (a restore), `repaired` and `repairedAgain` (a
 * repair that landed, or one the kill stopped before its rename and the next open does again). Failing, in
 * the order a run is named by its first: `openFailed` (the fresh store could not open the folder), `missing`,
 * `torn`, `foreign` (a whole campaign, but neither version), `lostAck` (acknowledged, not on disk),
 * `undoLost` (restored, the replaced version not among the backups), `backupLost` (the chosen backup gone),
 * `damagedLost` (the damaged bytes neither in place nor in quarantine), `loadFailed`, `notRepaired` (the
 * fresh store opened the campaign but left the damaged file in place), `orphanTemp`.
 */
export type RestoreOutcome =
  | 'before'
  | 'restored'
  | 'repaired'
  | 'repairedAgain'
  | 'openFailed'
  | 'missing'
  | 'torn'
  | 'foreign'
  | 'lostAck'
  | 'undoLost'
  | 'backupLost'
  | 'damagedLost'
  | 'loadFailed'
  | 'notRepaired'
  | 'orphanTemp'

/** Options for {@link restoreScenario}. */
export interface RestoreScenarioOptions {
  operation: RestoreOperation
  mode: RestoreMode
  /** The bundled restorer.ts (kill-harness.ts bundleChild). */
  child: ChildCommand
}

/** A restore or a repair as a kill scenario. */
export function restoreScenario({ operation, mode, child }: RestoreScenarioOptions): KillScenario {
  return {
    name: `${operation}-${mode}`,
    lane(laneDir): KillLane {
      const dir = join(laneDir, 'campaigns')
      return {
        async child() {
          // Each run starts from the same folder; a lock a killed child left beside it stays, for the next
          // store to break.
          await fsp.rm(dir, { recursive: true, force: true })
          await (operation === 'restore' ? seedRestore(dir) : seedRepair(dir))
          return { ...child, args: [...child.args, operation, mode, dir] }
        },
        verify(_run, record) {
          const acked = record.acks.includes(ACK[operation])
          return operation === 'restore' ? judgeRestore(dir, acked) : judgeRepair(dir, acked)
        }
      }
    }
  }
}

/** The campaign as the GM has it, and two backups: the chosen one and a newer one. */
async function seedRestore(dir: string): Promise<void> {
  await fsp.mkdir(join(dir, 'backups'), { recursive: true })
  await fsp.writeFile(join(dir, `${CAMPAIGN_ID}.json`), textOf(VERSIONS.current))
  await fsp.writeFile(join(dir, 'backups', CHOSEN_BACKUP), textOf(VERSIONS.chosen))
  await fsp.writeFile(join(dir, 'backups', NEWER_BACKUP), textOf(VERSIONS.newer))
}

/** A damaged campaign file; its newest backup is damaged too, the one before it good. */
async function seedRepair(dir: string): Promise<void> {
  await fsp.mkdir(join(dir, 'backups'), { recursive: true })
  await fsp.writeFile(join(dir, `${CAMPAIGN_ID}.json`), DAMAGED_TEXT)
  await fsp.writeFile(join(dir, 'backups', DAMAGED_BACKUP), DAMAGED_BACKUP_TEXT)
  await fsp.writeFile(join(dir, 'backups', GOOD_BACKUP), textOf(VERSIONS.good))
}

const textOf = (campaign: Campaign): string => JSON.stringify(campaign) + '\n'

/** Collects a run's failed checks; the first names the run, every one is counted in the figures. */
class Judgement {
  private readonly failed: { outcome: RestoreOutcome; detail: string }[] = []
  readonly figures: Record<string, number> = {}

  fail(outcome: RestoreOutcome, detail: string): void {
    this.failed.push({ outcome, detail })
    this.figures[`failed:${outcome}`] = 1
  }

  has(outcome: RestoreOutcome): boolean {
    return this.failed.some((f) => f.outcome === outcome)
  }

  verdict(passed: RestoreOutcome): Verdict {
    const [first] = this.failed
    if (first === undefined) return { outcome: passed, ok: true, figures: this.figures }
    const detail = this.failed.map((f) => `${f.outcome}: ${f.detail}`).join('; ')
    return { outcome: first.outcome, ok: false, detail, figures: this.figures }
  }
}

/** The folder after a killed restore: `current` whole, or `chosen` whole with `current` among the backups. */
async function judgeRestore(dir: string, acked: boolean): Promise<Verdict> {
  const judgement = new Judgement()
  const disk = await inspect(join(dir, `${CAMPAIGN_ID}.json`))
  let version: 'current' | 'chosen' | null = null
  if (disk.kind === 'missing') judgement.fail('missing', 'no campaign file')
  else if (disk.campaign === null) judgement.fail('torn', `${disk.bytes.length} bytes that are no campaign`)
  else {
    version = versionOf(disk.campaign, ['current', 'chosen'])
    if (version === null) judgement.fail('foreign', `the file holds "${disk.campaign.name}"`)
  }
  if (acked && version !== 'chosen')
    judgement.fail('lostAck', `restore acknowledged, the file holds ${version ?? 'no version'}`)
  await withFreshStore(dir, judgement, async (store) => {
    const names = (await store.backups(CAMPAIGN_ID)).flatMap((b) => (b.readable ? [b.name] : []))
    if (version === 'chosen' && !names.includes(NAMES.current))
      judgement.fail('undoLost', `restored, but "${NAMES.current}" is not among the backups [${names}]`)
    if (!names.includes(NAMES.chosen)) judgement.fail('backupLost', `"${NAMES.chosen}" is gone [${names}]`)
    if (version !== null) await expectLoad(store, VERSIONS[version], judgement)
  })
  return judgement.verdict(version === 'chosen' ? 'restored' : 'before')
}

/**
 * The folder after a killed repair: the damaged bytes still the campaign file or kept in quarantine, and the
 * campaign opening to the good backup, repaired already or repaired again by the fresh store.
 */
async function judgeRepair(dir: string, acked: boolean): Promise<Verdict> {
  const judgement = new Judgement()
  const file = join(dir, `${CAMPAIGN_ID}.json`)
  const disk = await inspect(file)
  let state: 'damaged' | 'good' | null = null
  if (disk.kind === 'missing') judgement.fail('missing', 'no campaign file')
  else if (disk.text === DAMAGED_TEXT) state = 'damaged'
  else if (disk.campaign !== null && versionOf(disk.campaign, ['good']) === 'good') state = 'good'
  else if (disk.campaign === null) judgement.fail('torn', `${disk.bytes.length} bytes that are no campaign`)
  else judgement.fail('foreign', `the file holds "${disk.campaign.name}"`)
  const kept = await damagedCopies(dir)
  if (state !== 'damaged' && kept === 0)
    judgement.fail('damagedLost', 'the damaged bytes are neither the campaign file nor in quarantine')
  if (acked && (state !== 'good' || kept === 0))
    judgement.fail('lostAck', `repair acknowledged, the file is ${state ?? 'gone'}, ${kept} kept`)
  await withFreshStore(dir, judgement, async (store) => {
    await expectLoad(store, VERSIONS.good, judgement)
    const after = await inspect(file)
    const repaired =
      after.kind === 'bytes' && after.campaign !== null && versionOf(after.campaign, ['good']) === 'good'
    if (!repaired && !judgement.has('loadFailed'))
      judgement.fail('notRepaired', 'opened, but the file is not the good backup')
    const keptAfter = await damagedCopies(dir)
    judgement.figures.damagedCopies = keptAfter
    if (keptAfter === 0 && !judgement.has('damagedLost'))
      judgement.fail('damagedLost', 'the fresh store lost the damaged bytes')
  })
  return judgement.verdict(state === 'good' ? 'repaired' : 'repairedAgain')
}

/**
 * Opens the folder as the app starts (the folder lock included: the killed child's is stale and must be
 * broken), counts the temp files its sweep removed, runs `check`, and closes the store.
 */
async function withFreshStore(
  dir: string,
  judgement: Judgement,
  check: (store: LowdbCampaignStore) => Promise<void>
): Promise<void> {
  const before = (await tempFiles(dir)).length
  // The killed child held the folder lock: it is still there, and only its dead pid lets this store in.
  judgement.figures.staleLocks = await fsp.stat(lockPathOf(dir)).then(
    () => 1,
    () => 0
  )
  let store: LowdbCampaignStore
  try {
    store = await openCampaignStore({ dir, log: () => undefined })
  } catch (error) {
    judgement.fail('openFailed', messageOf(error))
    return
  }
  try {
    const after = (await tempFiles(dir)).length
    judgement.figures.tempsSwept = before - after
    judgement.figures.orphanTemps = after
    await check(store)
    if (after > 0) judgement.fail('orphanTemp', `${after} temp file(s) after the sweep`)
  } finally {
    await store.close()
  }
}

/** The store must load exactly `expected`. */
async function expectLoad(
  store: LowdbCampaignStore,
  expected: Campaign,
  judgement: Judgement
): Promise<void> {
  try {
    const loaded = await store.load(CAMPAIGN_ID)
    if (!isDeepStrictEqual(loaded, expected))
      judgement.fail('loadFailed', `loaded "${loaded.name}", not "${expected.name}" as it was`)
  } catch (error) {
    judgement.fail('loadFailed', messageOf(error))
  }
}

type Disk = { kind: 'missing' } | { kind: 'bytes'; bytes: Buffer; text: string; campaign: Campaign | null }

/** The file exactly as the kill left it, read before any store can repair or quarantine it. */
async function inspect(file: string): Promise<Disk> {
  let bytes: Buffer
  try {
    bytes = await fsp.readFile(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' }
    throw error
  }
  const text = bytes.toString('utf8')
  let raw: unknown
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return { kind: 'bytes', bytes, text, campaign: null }
  }
  const parsed = campaignSchema.safeParse(raw)
  return { kind: 'bytes', bytes, text, campaign: parsed.success ? parsed.data : null }
}

/** Which of `names` the campaign is, field for field; null for none. */
function versionOf<K extends keyof typeof VERSIONS>(campaign: Campaign, names: K[]): K | null {
  return names.find((name) => isDeepStrictEqual(campaign, VERSIONS[name])) ?? null
}

/** How many files in quarantine hold the damaged bytes (a repair cut short and done again keeps two). */
async function damagedCopies(dir: string): Promise<number> {
  const folder = join(dir, 'quarantine')
  const names = await fsp.readdir(folder).catch(() => [] as string[])
  let copies = 0
  for (const name of names) {
    const text = await fsp.readFile(join(folder, name), 'utf8').catch(() => null)
    if (text === DAMAGED_TEXT) copies++
  }
  return copies
}

/** Temp files in the campaigns folder and its backups folder (a backup copy is made through a temp file too). */
async function tempFiles(dir: string): Promise<string[]> {
  const names = async (d: string): Promise<string[]> =>
    (await fsp.readdir(d).catch(() => [])).filter((n) => TEMP_FILE.test(n))
  return [...(await names(dir)), ...(await names(join(dir, 'backups')))]
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** One line of figures for the test log and the issue note. */
export function describeRestoreReport(r: KillReport): string {
  const list = (entries: [string, number][]) => entries.map(([k, v]) => `${v} ${k}`).join(', ') || 'none'
  const outcomes = list(Object.entries(r.outcomes).sort())
  const failedChecks = list(
    Object.entries(r.figures)
      .filter(([k]) => k.startsWith('failed:'))
      .map(([k, v]): [string, number] => [k.slice('failed:'.length), v])
      .sort()
  )
  return (
    `[crash] ${r.scenario}: ${r.runs} kills in ${(r.ms / 1000).toFixed(1)} s (${r.lanes} lane(s), seed ${r.seed}, ` +
    `kill before step ${r.steps[0]}–${r.steps[1]}, ${r.runs - r.racing} paused / ${r.racing} racing, ` +
    `${r.records.filter((x) => x.acks > 0).length} after the acknowledgement): ${outcomes}; ` +
    `${r.failures.length} failed (checks failed: ${failedChecks}); ` +
    `${r.figures.staleLocks ?? 0} dead child's locks broken, ` +
    `${r.figures.tempsSwept ?? 0} temp files swept, ${r.figures.orphanTemps ?? 0} left after the sweep; ` +
    `paused runs' digest ${r.pausedDigest}`
  )
}
