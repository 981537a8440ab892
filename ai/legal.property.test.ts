import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { seededUniform } from '../bench/seeded-uniform'
import { seedRng } from '../rules/core/rng'
import { campaignSchema } from '../rules/core/schemas'
import type { EncounterState } from '../rules/core/types'
import { getRuleset } from '../rules/systems'
import { applyCommand, whoDecides } from '../rules/flow/engine'
import { candidatesOf, chooseStep, contextOf } from './choose'

// ai.md G-legality: every candidate the AI weighs is one the rules accept. Random states: each sample
// campaign from several seeds, driven by a seeded mix of AI steps and random legal actions (so positions
// no AI would reach come up too); at each state every candidate of every level is validated.

const samples = ['minecraft', 'hq2', 'athkri', 'carnevale', 'pathfinder1e']

function load(id: string): EncounterState {
  const file = new URL(`../resources/campaigns/${id}-sample.json`, import.meta.url)
  const campaign = campaignSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
  return campaign.encounters[0]!.initial as EncounterState
}

describe('every candidate the AI considers passes validate (random states)', () => {
  for (const id of samples) {
    it(`${id}`, { timeout: 20000 }, () => {
      const initial = load(id)
      const ruleset = getRuleset(initial.system)
      let checked = 0
      for (const seed of [1, 2]) {
        const random = seededUniform(seed * 7919)
        const started = applyCommand({ ...initial, rng: seedRng(seed) }, { type: 'encounter.start' }, ruleset)
        if (!started.ok) throw new Error('start refused')
        let state = started.state
        for (let i = 0; i < 12 && state.phase === 'running'; i++) {
          const actor = whoDecides(state)!
          if (!state.pending && state.turn?.activeId === actor) {
            const legal = ruleset.legalActions(state, actor)
            const level = (['easy', 'normal', 'hard'] as const)[i % 3]!
            const { ctx } = contextOf(state, ruleset, actor, legal, { level })
            for (const c of candidatesOf(state, ruleset, ctx, legal)) {
              if (!c.option.action) continue
              expect(ruleset.validate(state, c.option.action), JSON.stringify(c.option.action)).toBeNull()
              checked++
            }
            // Now and then a random legal action instead, to reach positions the AI would not.
            const wild =
              legal.length > 0 && random() < 0.3 ? legal[Math.floor(random() * legal.length)]! : null
            if (wild) {
              const r = applyCommand(state, { type: 'action.declare', action: wild }, ruleset)
              if (r.ok) {
                state = r.state
                continue
              }
            }
          }
          const step = chooseStep(state, ruleset, actor)
          const r = applyCommand(state, step.command, ruleset)
          expect(r.ok, JSON.stringify(step.command)).toBe(true)
          if (r.ok) state = r.state
        }
      }
      expect(checked).toBeGreaterThan(10)
    })
  }
})
