import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import type { Command, EncounterState } from '../rules/core/types'
import { rulesets } from '../rules/systems'

// The AI's caches must never let one game's answers stand in for another's: a game played after other
// games in the same process ends exactly as it does alone (same state hash), and at every step each
// enemy's threat (mobility, reach, punch) reads the same. Each run imports the AI and the rules afresh
// (vi.resetModules), so "alone" starts with empty caches. Short games keep it to a few seconds: with keys
// that missed inputs (the log, the round, the settings, facing, the turn under way), the first eight steps
// after twenty of another game already read differently on four of the five samples.

/** Every registered ruleset; each has a bundled sample, `<id>-sample.json`. */
const SYSTEMS = Object.keys(rulesets)
/** Steps of the game played before, and of the game compared. */
const BEFORE = 20
const COMPARED = 8

interface Played {
  hash: string
  threats: string[]
}

/** Modules loaded afresh: their caches hold nothing. */
async function freshModules() {
  vi.resetModules()
  const [ai, threat, hash, rng, engine, systems] = await Promise.all([
    import('./index'),
    import('./threat'),
    import('../rules/core/hash'),
    import('../rules/core/rng'),
    import('../rules/flow/engine'),
    import('../rules/systems')
  ])
  return { ai, threat, hash, rng, engine, systems }
}

type Modules = Awaited<ReturnType<typeof freshModules>>

function sampleInitial(system: string): EncounterState {
  const file = new URL(`../resources/campaigns/${system}-sample.json`, import.meta.url)
  const campaign = JSON.parse(readFileSync(file, 'utf8')) as {
    encounters: Array<{ initial: EncounterState }>
  }
  return campaign.encounters[0]!.initial
}

/** Plays `steps` AI steps of the sample from `seed`, noting (if asked) every enemy's threat on every figure. */
function play(m: Modules, system: string, seed: number, steps: number, note = true): Played {
  const ruleset = m.systems.getRuleset(system)
  const initial = { ...sampleInitial(system), rng: m.rng.seedRng(seed) }
  const start: Command = { type: 'encounter.start' }
  const started = m.engine.applyCommand(initial, start, ruleset)
  if (!started.ok) throw new Error(`start refused: ${started.violation.code}`)
  let state = started.state
  const threats: string[] = []
  for (let i = 0; i < steps && state.phase === 'running' && state.turn; i++) {
    if (note)
      for (const a of state.combatants.filter((c) => !c.out))
        for (const e of state.combatants.filter((c) => !c.out && c.side !== a.side)) {
          const striker = m.threat.strikerOf(state, ruleset, e)
          const punch = m.threat.punchOf(state, ruleset, e, a)
          threats.push(`${i} ${e.id}>${a.id} ${striker.mobility}/${striker.reach}/${punch}`)
        }
    const { command } = m.ai.chooseStep(state, ruleset, m.engine.whoDecides(state)!)
    const next = m.engine.applyCommand(state, command, ruleset)
    if (!next.ok) throw new Error(`AI step refused: ${next.violation.code}`)
    state = next.state
  }
  return { hash: m.hash.stateHash(state), threats }
}

describe('AI caches keep games apart', () => {
  for (const system of SYSTEMS)
    // A loaded machine (shared cores) can take several times the few seconds of CPU this needs.
    it(`${system}: a game after another plays as it does alone`, { timeout: 60_000 }, async () => {
      const alone = play(await freshModules(), system, 5, COMPARED)
      const warm = await freshModules()
      play(warm, system, 1001, BEFORE, false)
      const after = play(warm, system, 5, COMPARED)
      expect(after.threats.length).toBeGreaterThan(0)
      expect(after.threats).toEqual(alone.threats)
      expect(after.hash).toBe(alone.hash)
    })
})
