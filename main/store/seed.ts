import * as fsp from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { decodeCampaign } from './decode'
import { DurableJsonFile, FileRejectedError, ignoreCode, type DurableFs } from './durable-json-file'
import type { MigrationChain } from './migrations'

/** What seeding did, for the log. */
export interface SeedReport {
  seeded: string[]
  skipped: { file: string; reason: string }[]
}

/**
 * First run: fills a fresh campaigns folder with the bundled samples (every valid `*.json` in `samplesDir`).
 * The samples are written to a scratch folder that is renamed into place at the end, so a crash halfway
 * leaves no campaigns folder and the next start seeds again instead of stopping at half the samples.
 */
export async function seedSampleCampaigns(
  dir: string,
  samplesDir: string,
  chain: MigrationChain,
  fs: DurableFs = fsp
): Promise<SeedReport> {
  const report: SeedReport = { seeded: [], skipped: [] }
  const parent = dirname(dir)
  await fs.mkdir(parent, { recursive: true })
  const scratch = join(parent, `.${basename(dir)}.seeding-${process.pid}-${Date.now()}`)
  await fs.mkdir(scratch)
  try {
    const files = ((await fs.readdir(samplesDir).catch(ignoreCode('ENOENT'))) ?? []).filter((f) =>
      f.endsWith('.json')
    )
    for (const file of files.sort()) {
      const reason = await seedOne(join(samplesDir, file), scratch, chain, report.seeded, fs)
      if (reason === null) continue
      report.skipped.push({ file, reason })
    }
    await writeOffered(scratch, report.seeded, fs)
    await fs.rename(scratch, dir)
  } catch (error) {
    await fs.rm(scratch, { recursive: true, force: true })
    throw error
  }
  return report
}

/**
 * The record of the sample ids this profile has been offered (not a `.json`, so the store never lists it):
 * a sample is copied in once, and one the user deletes does not come back.
 */
export const OFFERED_FILE = '.samples-offered'

async function readOffered(dir: string, fs: DurableFs): Promise<string[] | null> {
  try {
    const raw = await new DurableJsonFile(join(dir, OFFERED_FILE), { fs }).read()
    const ids: unknown = raw?.data
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : null
  } catch (error) {
    if (error instanceof FileRejectedError) return null
    throw error
  }
}

async function writeOffered(dir: string, ids: readonly string[], fs: DurableFs): Promise<void> {
  await new DurableJsonFile(join(dir, OFFERED_FILE), { fs }).write({ data: [...new Set(ids)].sort() })
}

/**
 * Later runs: copies in bundled samples this profile has never been offered (a campaign added by an
 * update), each written durably on its own, then records them. A profile from before the record existed
 * is offered the samples it lacks once. Nothing is overwritten: a campaign file that exists is kept.
 */
export async function offerNewSamples(
  dir: string,
  samplesDir: string,
  chain: MigrationChain,
  fs: DurableFs = fsp
): Promise<SeedReport> {
  const report: SeedReport = { seeded: [], skipped: [] }
  const offered = (await readOffered(dir, fs)) ?? []
  const names = new Set((await fs.readdir(dir).catch(ignoreCode('ENOENT'))) ?? [])
  const files = ((await fs.readdir(samplesDir).catch(ignoreCode('ENOENT'))) ?? []).filter((f) =>
    f.endsWith('.json')
  )
  const seen: string[] = []
  for (const file of files.sort()) {
    let raw
    try {
      raw = await new DurableJsonFile(join(samplesDir, file), { fs }).read()
    } catch (error) {
      if (error instanceof FileRejectedError) continue
      throw error
    }
    const decoded = raw ? decodeCampaign(raw.data, chain) : null
    if (!decoded?.ok) continue
    const { id } = decoded.campaign
    seen.push(id)
    if (offered.includes(id) || names.has(`${id}.json`)) continue
    await new DurableJsonFile(join(dir, `${id}.json`), { fs }).write({ data: decoded.campaign })
    report.seeded.push(id)
  }
  if (seen.some((id) => !offered.includes(id))) await writeOffered(dir, [...offered, ...seen], fs)
  return report
}

/** Removes scratch folders from seeding runs that died before their final rename. */
export async function sweepSeedLeftovers(dir: string, fs: DurableFs = fsp): Promise<void> {
  const parent = dirname(dir)
  const prefix = `.${basename(dir)}.seeding-`
  const names = (await fs.readdir(parent).catch(ignoreCode('ENOENT'))) ?? []
  for (const name of names) {
    if (name.startsWith(prefix)) await fs.rm(join(parent, name), { recursive: true, force: true })
  }
}

async function seedOne(
  source: string,
  scratch: string,
  chain: MigrationChain,
  seeded: string[],
  fs: DurableFs
): Promise<string | null> {
  let raw
  try {
    raw = await new DurableJsonFile(source, { fs }).read()
  } catch (error) {
    if (error instanceof FileRejectedError) return error.message
    throw error
  }
  if (raw === null) return 'vanished while seeding'
  const decoded = decodeCampaign(raw.data, chain)
  if (!decoded.ok) return decoded.message
  const { id } = decoded.campaign
  if (seeded.includes(id)) return `duplicate campaign id "${id}"`
  await new DurableJsonFile(join(scratch, `${id}.json`), { fs }).write({ data: decoded.campaign })
  seeded.push(id)
  return null
}
