import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeCampaign } from '../test-fixtures'
import { openCampaignStore } from './lowdb-campaign-store'
import { OFFERED_FILE, seedSampleCampaigns } from './seed'

let root: string
let samples: string
let dir: string
let logs: string[]

beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-seed-'))
  samples = join(root, 'resources', 'campaigns')
  dir = join(root, 'userData', 'campaigns')
  logs = []
  await fsp.mkdir(samples, { recursive: true })
})
afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

const open = () => openCampaignStore({ dir, samplesDir: samples, log: (m) => logs.push(m) })

describe('first-run seeding', () => {
  it('copies every valid sample, skipping broken, duplicate and non-JSON files', async () => {
    await fsp.writeFile(join(samples, 'a.json'), JSON.stringify(makeCampaign('alpha', 'Alpha')))
    await fsp.writeFile(
      join(samples, 'b.json'),
      '\uFEFF' + JSON.stringify(makeCampaign('beta', 'Beta'), null, 2)
    )
    await fsp.writeFile(join(samples, 'c.json'), JSON.stringify(makeCampaign('alpha', 'Alpha again')))
    await fsp.writeFile(join(samples, 'd.json'), '{"not":"a campaign"}')
    await fsp.writeFile(join(samples, 'e.json'), '{ truncated')
    await fsp.writeFile(join(samples, 'notes.md'), '# not a campaign')
    const store = await open()
    expect((await store.list()).map((s) => s.id)).toEqual(['alpha', 'beta'])
    expect((await store.load('alpha')).name).toBe('Alpha')
    expect(logs[0]).toBe('first run: seeded 2 sample campaign(s)')
    expect(logs.filter((m) => m.startsWith('sample ')).map((m) => m.split(' ')[1])).toEqual([
      'c.json',
      'd.json',
      'e.json'
    ])
    // Only the campaigns folder and its lock: no scratch folder left next to it.
    expect(await fsp.readdir(join(root, 'userData'))).toEqual(['campaigns', 'campaigns.lock'])
  })

  it('records what it offered, so a sample the user deleted does not come back', async () => {
    await fsp.writeFile(join(samples, 'a.json'), JSON.stringify(makeCampaign('alpha')))
    await open()
    // The app has no delete yet (issue 7): the user removes the file.
    await fsp.rm(join(dir, 'alpha.json'))
    const reopened = await open()
    expect(await reopened.list()).toEqual([])
    expect(JSON.parse(await fsp.readFile(join(dir, OFFERED_FILE), 'utf8'))).toEqual(['alpha'])
  })

  it('offers a sample an update adds, once, without touching the campaigns there', async () => {
    await fsp.writeFile(join(samples, 'a.json'), JSON.stringify(makeCampaign('alpha', 'Alpha')))
    const store = await open()
    await store.save({ ...(await store.load('alpha')), name: 'Alpha, renamed by the user' })
    await store.whenIdle()
    await fsp.writeFile(join(samples, 'a.json'), JSON.stringify(makeCampaign('alpha', 'Alpha v2')))
    await fsp.writeFile(join(samples, 'b.json'), JSON.stringify(makeCampaign('beta', 'Beta')))
    logs = []
    const updated = await open()
    expect((await updated.list()).map((s) => s.id)).toEqual(['alpha', 'beta'])
    expect((await updated.load('alpha')).name).toBe('Alpha, renamed by the user')
    expect(logs).toContain('new sample campaign(s): beta')
    await updated.whenIdle()
    await fsp.rm(join(dir, 'beta.json'))
    expect((await (await open()).list()).map((s) => s.id)).toEqual(['alpha'])
  })

  it('a profile from before the record is offered the samples it lacks, once', async () => {
    await fsp.writeFile(join(samples, 'a.json'), JSON.stringify(makeCampaign('alpha')))
    await fsp.mkdir(dir, { recursive: true })
    const store = await open()
    expect((await store.list()).map((s) => s.id)).toEqual(['alpha'])
    await fsp.rm(join(dir, 'alpha.json'))
    expect(await (await open()).list()).toEqual([])
  })

  it('starts empty when there are no bundled samples', async () => {
    await fsp.rm(samples, { recursive: true })
    const store = await open()
    expect(await store.list()).toEqual([])
    expect(logs[0]).toBe('first run: seeded 0 sample campaign(s)')
  })

  it('clears a scratch folder from a seeding run that died, then seeds', async () => {
    const scratch = join(root, 'userData', '.campaigns.seeding-123-456')
    await fsp.mkdir(scratch, { recursive: true })
    await fsp.writeFile(join(scratch, 'half.json'), '{')
    await fsp.writeFile(join(samples, 'a.json'), JSON.stringify(makeCampaign('alpha')))
    const store = await open()
    expect((await store.list()).map((s) => s.id)).toEqual(['alpha'])
    expect(await fsp.readdir(join(root, 'userData'))).toEqual(['campaigns', 'campaigns.lock'])
  })
})

it('every campaign bundled in resources/campaigns seeds cleanly', async () => {
  const bundled = fileURLToPath(new URL('../../resources/campaigns', import.meta.url))
  const files = (await fsp.readdir(bundled).catch(() => [])).filter((f) => f.endsWith('.json'))
  const report = await seedSampleCampaigns(dir, bundled, new Map())
  expect(report.skipped).toEqual([])
  expect(report.seeded).toHaveLength(files.length)
})
