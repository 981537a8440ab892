// npm run bench:open: how long a GM waits to open a big campaign (issue 7 asks for a 5 MB one), written to
// bench/results/open-campaign.json. The campaign is built from real play: AI-vs-AI fights on each sample,
// saved as encounter records (commands + hash), repeated under new ids until the file passes the target.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { chooseStep } from '../ai'
import { openCampaignStore } from '../main/store/lowdb-campaign-store'
import { restore } from '../renderer/src/state/restore'
import { stateHash } from '../rules/core/hash'
import { seedRng } from '../rules/core/rng'
import { campaignSchema, type Campaign, type EncounterRecord } from '../rules/core/schemas'
import type { Command, EncounterState } from '../rules/core/types'
import { applyCommand, whoDecides } from '../rules/flow/engine'
import { getRuleset } from '../rules/systems'

const TARGET_BYTES = Number(process.env.BENCH_OPEN_BYTES ?? 5 * 1024 * 1024)
const REPEATS = Number(process.env.BENCH_OPEN_REPEATS ?? 7)
const SYSTEMS = ['pathfinder1e', 'hq2', 'minecraft', 'athkri'] as const

/** One AI-vs-AI fight from the sample's first encounter, as the record a save would hold. */
function playedRecord(sample: Campaign, seed: number): EncounterRecord {
  const ruleset = getRuleset(sample.system)
  const base = sample.encounters[0]!
  const initial = { ...(base.initial as EncounterState), rng: seedRng(seed) }
  const commands: Command[] = [{ type: 'encounter.start' }]
  const started = applyCommand(initial, commands[0]!, ruleset)
  if (!started.ok) throw new Error(`start refused: ${started.violation.code}`)
  let now = started.state
  for (let i = 0; i < 2000 && now.phase === 'running' && now.turn; i++) {
    const { command } = chooseStep(now, ruleset, whoDecides(now) ?? now.turn.activeId)
    const next = applyCommand(now, command, ruleset)
    if (!next.ok) throw new Error(`refused ${next.violation.code}`)
    commands.push(command)
    now = next.state
  }
  return {
    id: `${base.id}-s${seed}`,
    name: `${base.name} #${seed}`,
    initial,
    commands,
    stateHash: stateHash(now)
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const samplesDir = new URL('../resources/campaigns/', import.meta.url)
const sample = (id: string): Campaign =>
  campaignSchema.parse(JSON.parse(readFileSync(new URL(`${id}-sample.json`, samplesDir), 'utf8')))

// A few real fights per system, then copies of them under new ids until the file is big enough: the load
// cost depends on bytes and records, not on the fights being different.
const played = SYSTEMS.flatMap((system) =>
  [1, 2, 3].map((seed) => ({ system, record: playedRecord(sample(system), seed) }))
)
const pf = played.filter((p) => p.system === 'pathfinder1e').map((p) => p.record)
const longest = [...pf].sort((a, b) => b.commands.length - a.commands.length)[0]!
const campaign: Campaign = { ...sample('pathfinder1e'), id: 'big', name: 'Big campaign', encounters: [] }
// The store writes files indented, so the size that counts is the indented text's.
while (Buffer.byteLength(JSON.stringify(campaign, null, 2)) < TARGET_BYTES) {
  const record = pf[campaign.encounters.length % pf.length]!
  campaign.encounters.push({ ...record, id: `e${campaign.encounters.length}` })
}
const text = JSON.stringify(campaign, null, 2)

const root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-open-'))
const dir = join(root, 'campaigns')
await fsp.mkdir(dir, { recursive: true })
await fsp.writeFile(join(dir, 'big.json'), text)
const store = await openCampaignStore({ dir, log: () => undefined })

const listMs: number[] = []
const loadMs: number[] = []
const replayMs: number[] = []
const parseMs: number[] = []
const ruleset = getRuleset('pathfinder1e')
for (let i = 0; i < REPEATS; i++) {
  let t = performance.now()
  await store.list()
  listMs.push(performance.now() - t)
  t = performance.now()
  const loaded = await store.load('big')
  loadMs.push(performance.now() - t)
  t = performance.now()
  campaignSchema.parse(JSON.parse(text))
  parseMs.push(performance.now() - t)
  const record = loaded.encounters.find((e) => e.commands.length === longest.commands.length)!
  t = performance.now()
  restore(record, ruleset)
  replayMs.push(performance.now() - t)
}
await fsp.rm(root, { recursive: true, force: true })

const result = {
  bytes: Buffer.byteLength(text),
  encounters: campaign.encounters.length,
  longestFightCommands: longest.commands.length,
  repeats: REPEATS,
  medianMs: {
    list: median(listMs),
    load: median(loadMs),
    parseAndValidate: median(parseMs),
    replayLongestFight: median(replayMs),
    openCampaignAndFight: median(loadMs) + median(replayMs)
  },
  fightsPlayed: played.map((p) => ({ system: p.system, commands: p.record.commands.length }))
}
mkdirSync(new URL('./results/', import.meta.url), { recursive: true })
writeFileSync(new URL('./results/open-campaign.json', import.meta.url), JSON.stringify(result, null, 2))
console.log(JSON.stringify(result, null, 2))
