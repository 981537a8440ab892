import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chooseStep } from '../../../ai'
import { campaignSchema } from '../../../rules/core/schemas'
import type { EncounterState } from '../../../rules/core/types'
import { applyCommand, whoDecides } from '../../../rules/flow/engine'
import { getRuleset } from '../../../rules/systems'
import { parseAiStep } from './protocol'

// The UI refuses a step that fails the guard (the AI's figure then ends its activation), so every step the
// real AI writes must pass it: checked on every bundled sample, AI playing both sides for its first steps.

const dir = join(__dirname, '../../../resources/campaigns')
const samples = readdirSync(dir).filter((f) => f.endsWith('-sample.json'))

describe('parseAiStep on the AI’s own steps', () => {
  it.each(samples)('accepts every step the AI takes in %s', (file) => {
    const campaign = campaignSchema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')))
    let state = campaign.encounters[0]!.initial as EncounterState
    const ruleset = getRuleset(state.system)
    const start = applyCommand(state, { type: 'encounter.start' }, ruleset)
    if (!start.ok) throw new Error(start.violation.code)
    state = start.state
    let steps = 0
    for (; steps < 12 && state.phase === 'running'; steps++) {
      const step = chooseStep(state, ruleset, whoDecides(state)!)
      // Through a structured clone, as a worker message arrives.
      expect(parseAiStep(structuredClone(step)), `${file} step ${steps}: ${step.command.type}`).toEqual(step)
      const next = applyCommand(state, step.command, ruleset)
      if (!next.ok) throw new Error(next.violation.code)
      state = next.state
    }
    expect(steps).toBeGreaterThan(0)
  })
})
