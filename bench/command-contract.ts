// npm run bench:contract: what the engine's save-contract check (rules/core/command-contract.ts, issue 18)
// costs per command, beside what applying the command costs, written to bench/results/command-contract.json.
// The commands are the ones the AI plays on every bundled sample (what the app sends); each is checked by
// the shortcut (`commandViolation`) and by zod alone (`commandSchema.safeParse`), in CPU time of this process.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { chooseStep } from '../ai'
import { commandViolation } from '../rules/core/command-contract'
import { seedRng } from '../rules/core/rng'
import { campaignSchema, commandSchema } from '../rules/core/schemas'
import type { Command, EncounterState } from '../rules/core/types'
import { applyCommand, whoDecides } from '../rules/flow/engine'
import { getRuleset } from '../rules/systems'

const GAMES = Number(process.env.BENCH_GAMES ?? 10)
const REPEAT = 20
const campaignsDir = new URL('../resources/campaigns/', import.meta.url)

/** CPU microseconds (user + system) that `run` takes. */
function cpuMicros(run: () => void): number {
  const before = process.cpuUsage()
  run()
  const used = process.cpuUsage(before)
  return used.user + used.system
}

const rows = []
for (const file of readdirSync(campaignsDir).filter((f) => f.endsWith('.json'))) {
  const campaign = campaignSchema.parse(JSON.parse(readFileSync(new URL(file, campaignsDir), 'utf8')))
  const ruleset = getRuleset(campaign.system)
  const initial = campaign.encounters[0]!.initial as EncounterState
  const played: Array<{ state: EncounterState; command: Command }> = []
  for (let seed = 1; seed <= GAMES; seed++) {
    const start = applyCommand({ ...initial, rng: seedRng(seed) }, { type: 'encounter.start' }, ruleset)
    if (!start.ok) throw new Error(`${file}: ${start.violation.code}`)
    let state = start.state
    for (let i = 0; i < 3000 && state.phase === 'running' && state.turn; i++) {
      const { command } = chooseStep(state, ruleset, whoDecides(state) ?? state.turn.activeId)
      played.push({ state, command })
      const result = applyCommand(state, command, ruleset)
      if (!result.ok) throw new Error(`${file}: refused ${result.violation.code}`)
      state = result.state
    }
  }
  const commands = played.map((p) => p.command)
  const refusedByShortcut = commands.filter((c) => commandViolation(c) !== null).length
  const perCommand = (micros: number) => micros / (commands.length * REPEAT)
  const contract = cpuMicros(() => {
    for (let r = 0; r < REPEAT; r++) for (const c of commands) commandViolation(c)
  })
  const zodOnly = cpuMicros(() => {
    for (let r = 0; r < REPEAT; r++) for (const c of commands) commandSchema.safeParse(c)
  })
  const apply = cpuMicros(() => {
    for (let r = 0; r < REPEAT; r++) for (const p of played) applyCommand(p.state, p.command, ruleset)
  })
  rows.push({
    campaign: campaign.id,
    system: campaign.system,
    commands: commands.length,
    refusedByShortcut,
    contractCpuMicrosPerCommand: +perCommand(contract).toFixed(3),
    zodOnlyCpuMicrosPerCommand: +perCommand(zodOnly).toFixed(3),
    applyCpuMicrosPerCommand: +perCommand(apply).toFixed(2),
    contractShareOfApply: +(contract / apply).toFixed(4)
  })
}
const report = { measuredAt: new Date().toISOString(), games: GAMES, repeat: REPEAT, rows }
mkdirSync(new URL('./results/', import.meta.url), { recursive: true })
writeFileSync(
  new URL('./results/command-contract.json', import.meta.url),
  JSON.stringify(report, null, 2) + '\n'
)
console.log(JSON.stringify(report, null, 2))
