import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { canonicalJson, hashString } from '../../rules/core/hash'
import { seedRng } from '../../rules/core/rng'
import { campaignSchema } from '../../rules/core/schemas'
import type { EncounterState } from '../../rules/core/types'
import { getRuleset } from '../../rules/systems'
import { playAiVsAi } from './play'

// Golden games pin their outcome (issue 19 item 7: "golden games check determinism but pin no hash, so a
// change of outcome passes unseen"). Each bundled sample's first encounter is played AI vs AI from two
// seeds; what is pinned is the outcome, not the state's shape: the commands, every die drawn, the winner,
// the round and where each figure ends and how it fares. A refactor that changes how state is stored
// keeps these; a change of play does not, and must be re-pinned on purpose, with the reason in its commit:
//   UPDATE_GOLDEN=1 npx vitest run tests/golden/pinned-outcomes.test.ts

const SAMPLES = ['athkri', 'carnevale', 'hq2', 'minecraft', 'pathfinder1e'] as const
const SEEDS = [1, 2] as const
const pinsFile = new URL('./pinned-outcomes.json', import.meta.url)
const pins = JSON.parse(readFileSync(pinsFile, 'utf8')) as Record<string, string>
const updating = process.env.UPDATE_GOLDEN === '1'
const played: Record<string, string> = {}

function sampleInitial(system: string): EncounterState {
  const file = new URL(`../../resources/campaigns/${system}-sample.json`, import.meta.url)
  const campaign = campaignSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
  return campaign.encounters[0]!.initial as EncounterState
}

/** What a game came to, independent of how the state stores it. */
function outcomePrint(commands: unknown[], state: EncounterState): string {
  const dice = state.log.flatMap((e) => (e.type === 'dice.rolled' ? [e.result] : []))
  const figures = state.combatants.map((c) => ({ id: c.id, pos: c.pos, life: c.life, out: !!c.out }))
  return hashString(canonicalJson({ commands, dice, winner: state.winner, round: state.round, figures }))
}

describe('golden outcomes: each sample played AI vs AI ends as pinned', () => {
  for (const system of SAMPLES) {
    for (const seed of SEEDS) {
      const key = `${system}#${seed}`
      it(`${key}`, { timeout: 120_000 }, () => {
        const initial = { ...sampleInitial(system), rng: seedRng(seed) }
        const game = playAiVsAi(initial, getRuleset(system), 3000)
        expect(game.state.phase).toBe('ended')
        played[key] = outcomePrint(game.commands, game.state)
        if (!updating)
          expect(played[key], `re-pin with UPDATE_GOLDEN=1 if the change is meant`).toBe(pins[key])
      })
    }
  }

  it.runIf(updating)('writes the pins', () => {
    writeFileSync(pinsFile, `${JSON.stringify(played, null, 2)}\n`)
    expect(Object.keys(played)).toHaveLength(SAMPLES.length * SEEDS.length)
  })
})
