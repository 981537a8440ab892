import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { openCampaignStore } from '../../main/store/lowdb-campaign-store'
import { campaignSchema } from '../../rules/core/schemas'
import type { ChildCommand, KillLane, KillReport, KillScenario, Verdict } from './kill-harness'
import { saveNumberOf, type WriterMode } from './save-loop-protocol'

// The kill -9 scenario of issue 8 (reliability.md D1/D2): a child saves one campaign over and over
// (writer.ts); after the kill the file must be whole and hold the last acknowledged save or the one after it,
// and the store's start-up sweep must clear every temp file the kill left.

/** The campaign id the writers save under; the file is `<lane>/campaigns/crash.json`. */
const ID = 'crash'
/** Same pattern as sweepTempFiles: `.name.<pid>.<random>.tmp`. */
const TEMP_FILE = /^\..+\.tmp$/

/** Outcomes a run of this scenario can have; `held` and `nothingWritten` pass. */
export type SaveLoopOutcome =
  'held' | 'nothingWritten' | 'corrupt' | 'lost' | 'ahead' | 'orphanTemp' | 'loadFailed'

/** Options for {@link saveLoopScenario}. */
export interface SaveLoopOptions {
  mode: WriterMode
  /** The bundled writer.ts (kill-harness.ts bundleChild). */
  writer: ChildCommand
  /** A valid campaign JSON file the writer saves over and over under new names. */
  template: string
}

/** The save loop as a kill scenario. */
export function saveLoopScenario({ mode, writer, template }: SaveLoopOptions): KillScenario {
  return {
    name: mode,
    async lane(laneDir): Promise<KillLane> {
      const dir = join(laneDir, 'campaigns')
      await fsp.mkdir(dir, { recursive: true })
      const file = join(dir, `${ID}.json`)
      /**
       * The save the disk must hold at least: the highest acknowledged, or found on disk after an earlier kill
       * (a file never goes back). 0 while nothing was ever written or promised.
       */
      let floor = 0
      return {
        // Each run starts past everything acknowledged or on disk.
        child: () => ({ ...writer, args: [...writer.args, mode, file, String(floor + 1), template] }),
        async verify(_run, child): Promise<Verdict> {
          const acks = child.acks.map(Number)
          const promised = Math.max(floor, ...acks)
          const { verdict, onDisk } = await judge(dir, file, promised)
          floor = Math.max(promised, onDisk ?? 0)
          return { ...verdict, figures: { ...verdict.figures, acknowledged: acks.length } }
        }
      }
    }
  }
}

/** What the folder holds after a kill, against the save it must hold at least (`promised`, 0 for none). */
async function judge(
  dir: string,
  file: string,
  promised: number
): Promise<{ verdict: Verdict; onDisk: number | null }> {
  const disk = await inspect(file)
  const tempsBeforeSweep = (await tempFiles(dir)).length
  // The desktop start-up path: it sweeps what the killed save left.
  const store = await openCampaignStore({ dir, log: () => undefined })
  const tempsAfterSweep = (await tempFiles(dir)).length
  const figures = { tempsSwept: tempsBeforeSweep - tempsAfterSweep, orphanTemps: tempsAfterSweep }
  const bad = (outcome: SaveLoopOutcome, detail: string) => ({
    verdict: { outcome, ok: false, detail, figures },
    onDisk: disk.kind === 'save' ? disk.saveNumber : null
  })
  if (disk.kind === 'missing') {
    // Killed before its first save reached the disk: not damage, unless that save had been acknowledged.
    if (promised > 0) return bad('lost', `no file, save ${promised} promised`)
    if (tempsAfterSweep > 0) return bad('orphanTemp', `${tempsAfterSweep} temp file(s) after the sweep`)
    return { verdict: { outcome: 'nothingWritten', ok: true, figures }, onDisk: null }
  }
  if (disk.kind === 'corrupt') return bad('corrupt', disk.detail)
  const onDisk = disk.saveNumber
  if (onDisk < promised) return bad('lost', `file holds save ${onDisk}, ${promised} promised`)
  // The writer is sequential: at most the save after the promised one can have landed.
  if (onDisk > promised + 1) return bad('ahead', `file holds save ${onDisk}, ${promised} promised`)
  if (tempsAfterSweep > 0) return bad('orphanTemp', `${tempsAfterSweep} temp file(s) after the sweep`)
  try {
    // The real load path too (limits, migrations, schema, id check), not just our own parse.
    const loaded = await store.load(ID)
    if (saveNumberOf(loaded.name) !== onDisk) return bad('loadFailed', `store loaded "${loaded.name}"`)
  } catch (error) {
    return bad('loadFailed', error instanceof Error ? error.message : String(error))
  }
  return { verdict: { outcome: 'held', ok: true, figures }, onDisk }
}

type Disk = { kind: 'missing' } | { kind: 'corrupt'; detail: string } | { kind: 'save'; saveNumber: number }

/** Parses and validates the file exactly as it lies after the kill, before the store can quarantine it. */
async function inspect(file: string): Promise<Disk> {
  let bytes: Buffer
  try {
    bytes = await fsp.readFile(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' }
    return {
      kind: 'corrupt',
      detail: `unreadable: ${error instanceof Error ? error.message : String(error)}`
    }
  }
  if (bytes.length === 0) return { kind: 'corrupt', detail: 'empty file' }
  let raw: unknown
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    return { kind: 'corrupt', detail: `not JSON (${bytes.length} bytes): ${why}` }
  }
  const parsed = campaignSchema.safeParse(raw)
  if (!parsed.success) return { kind: 'corrupt', detail: 'JSON but not a valid campaign' }
  const saveNumber = saveNumberOf(parsed.data.name)
  return saveNumber === null
    ? { kind: 'corrupt', detail: `no save number in "${parsed.data.name}"` }
    : { kind: 'save', saveNumber }
}

/** Temp files in the campaigns folder and its backups folder (a backup copy is made through a temp file too). */
async function tempFiles(dir: string): Promise<string[]> {
  const names = async (d: string): Promise<string[]> =>
    (await fsp.readdir(d).catch(() => [])).filter((n) => TEMP_FILE.test(n))
  return [...(await names(dir)), ...(await names(join(dir, 'backups')))]
}

/** One line of figures for the test log and the issue note. */
export function describeReport(r: KillReport): string {
  const count = (outcome: string): number => r.outcomes[outcome] ?? 0
  const rate = ((100 * count('corrupt')) / Math.max(1, r.runs)).toFixed(1)
  return (
    `[crash] ${r.scenario}: ${r.runs} runs in ${(r.ms / 1000).toFixed(1)} s (${r.lanes} lane(s), seed ${r.seed}, ` +
    `kill before step ${r.steps[0]}–${r.steps[1]}, ${r.runs - r.racing} paused / ${r.racing} racing, ` +
    `${r.figures.acknowledged ?? 0} saves acknowledged): ` +
    `${count('held')} held, ${count('nothingWritten')} nothing written yet, ` +
    `${count('corrupt')} corrupt (${rate}%), ${count('lost')} lost acknowledged, ${count('ahead')} ahead, ` +
    `${count('loadFailed')} load failures, ${count('childFailed')} child failures, ` +
    `${r.figures.tempsSwept ?? 0} temp files swept, ${r.figures.orphanTemps ?? 0} left after the sweep; ` +
    `paused runs' digest ${r.pausedDigest}`
  )
}
