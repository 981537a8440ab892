import { describe, expect, it } from 'vitest'
import { stateHash } from '../rules/core/hash'
import type { EncounterState } from '../rules/core/types'
import { applyCommand } from '../rules/flow/engine'
import { getRuleset } from '../rules/systems'
import { makeEncounter } from '../rules/systems/minecraft/test-fixtures'
import { candidatesOf, chooseStep, contextOf } from './choose'
import { weighByLevel } from './levels'
import { improve, PORTFOLIO, rolloutSeed, scriptPicks } from './portfolio'
import { withSpread } from './spread'
import { traceHash } from './trace'
import type { AiStep } from './types'

const ruleset = getRuleset('minecraft')

function withPersonality(s: EncounterState, personality: string): EncounterState {
  return {
    ...s,
    combatants: s.combatants.map((c) => (c.side === 'monsters' ? { ...c, ai: { personality } } : c))
  }
}

/** A coward zombie at 2 of 3 life beside two heroes: the greedy step closes in, the safe one backs off. */
const cornered = () =>
  withPersonality(
    makeEncounter({
      figures: [
        { id: 'z', side: 'monsters', at: [5, 5], creature: 'minecraft:zombie', life: 2 },
        { id: 'h', side: 'heroes', at: [6, 5], creature: 'minecraft:steve', facing: 6 },
        { id: 'a', side: 'heroes', at: [6, 6], creature: 'minecraft:alex', facing: 6 }
      ]
    }),
    'coward'
  )

function planned(s: EncounterState, actorId: string) {
  const legal = ruleset.legalActions(s, actorId)
  const { ctx } = contextOf(s, ruleset, actorId, legal, { level: 'hard' })
  const { cands } = weighByLevel(ctx, s, candidatesOf(s, ruleset, ctx, legal))
  let best = 0
  cands.forEach((c, i) => {
    if (c.option.score > cands[best]!.option.score) best = i
  })
  return { ctx, cands, best }
}

const endTurn = (): AiStep => ({
  command: { type: 'turn.end' },
  reason: { key: 'endTurn', params: {} },
  trace: [],
  considered: 0,
  policy: 'test',
  personality: 'test'
})

describe('portfolio improvement (Hard)', () => {
  it('is deterministic and leaves the game state and its dice untouched', () => {
    const s = cornered()
    const before = stateHash(s)
    const a = chooseStep(s, ruleset, 'z', { level: 'hard' })
    const b = chooseStep(s, ruleset, 'z', { level: 'hard' })
    expect(traceHash(a)).toBe(traceHash(b))
    expect(stateHash(s)).toBe(before)
    // The chosen command consumes exactly the game's dice it would from a pristine copy of the position.
    const fresh = applyCommand(structuredClone(s), a.command, ruleset)
    const played = applyCommand(s, a.command, ruleset)
    expect(played.ok && fresh.ok && played.state.rng).toEqual(fresh.ok && fresh.state.rng)
  })

  it('gives common random numbers: the same seed for every script, another for each rollout', () => {
    const s = cornered()
    expect(rolloutSeed(s, 'z', 0)).toBe(rolloutSeed(s, 'z', 0))
    expect(rolloutSeed(s, 'z', 0)).not.toBe(rolloutSeed(s, 'z', 1))
  })

  it('offers only the scripts a personality plays', () => {
    const s = cornered()
    const coward = planned(s, 'z')
    const scripts = scriptPicks(coward.ctx, coward.cands, coward.best).map((x) => x.script)
    expect(scripts[0]).toBe('best')
    expect(scripts).toContain('retreat')
    const brute = planned(withPersonality(s, 'brute'), 'z')
    const bruteScripts = scriptPicks(brute.ctx, brute.cands, brute.best).map((x) => x.script)
    expect(bruteScripts).not.toContain('retreat')
    expect(bruteScripts).not.toContain('kite')
    const mindless = planned(withPersonality(s, 'mindless'), 'z')
    expect(scriptPicks(mindless.ctx, mindless.cands, mindless.best)).toHaveLength(1)
  })

  it('backs a wounded figure out of reach where the greedy step stays in it', () => {
    const s = cornered()
    const { ctx, cands, best } = planned(s, 'z')
    // The greedy step ends within the heroes' reach.
    expect(ctx.p.threatAt(cands[best]!.end)).toBeGreaterThan(0)
    // With the noise margin at the default, a gain this small does not overturn the planner...
    expect(improve(s, ruleset, ctx, cands, best, endTurn).chosen).toBe(best)
    // ...without it, the rollouts' exposure at the end square does.
    const margin = PORTFOLIO.margin
    PORTFOLIO.margin = 0
    let out: ReturnType<typeof improve>
    try {
      out = improve(s, ruleset, ctx, cands, best, endTurn)
    } finally {
      PORTFOLIO.margin = margin
    }
    expect(out.chosen).not.toBe(best)
    const chosen = out.cands[out.chosen]!
    expect(ctx.p.threatAt(chosen.end)).toBeLessThan(ctx.p.threatAt(cands[best]!.end))
    expect(chosen.option.terms.find((t) => t.key === 'rollout')!.value).toBeGreaterThan(0)
    // The trace still adds up: the chosen option's score is the sum of its terms.
    expect(chosen.option.score).toBeCloseTo(
      chosen.option.terms.reduce((a, t) => a + t.value, 0),
      9
    )
  })

  it('keeps the planner\u2019s step when every rollout ends the same', () => {
    const s = cornered()
    const { ctx, cands, best } = planned(s, 'z')
    // Rollouts that refuse every first step value all scripts alike: no script beats the planner.
    const out = improve({ ...s, phase: 'ended' }, ruleset, ctx, cands, best, endTurn)
    expect(out.chosen).toBe(best)
  })
})

describe('spread against area attacks (Hard)', () => {
  const bunched = withPersonality(
    makeEncounter({
      figures: [
        { id: 'z', side: 'monsters', at: [5, 5], creature: 'minecraft:zombie' },
        { id: 'z2', side: 'monsters', at: [5, 6], creature: 'minecraft:zombie' },
        { id: 'h', side: 'heroes', at: [9, 5], creature: 'minecraft:steve' }
      ]
    }),
    'skirmisher'
  )

  it('costs each ally near the end square, only against a side that strikes areas', () => {
    const { ctx, cands } = planned(bunched, 'z')
    // The same enemy under rules that say it can strike an area (as a PF caster with burning hands can).
    const ruleset = { ...ctx.p.ruleset, aiHints: { strikesArea: () => true } }
    const spread = withSpread({ ...ctx, p: { ...ctx.p, ruleset } }, cands)
    const here = spread.find((c) => c.end.x === 5 && c.end.y === 5)!
    expect(here.option.terms.find((t) => t.key === 'spread')?.value).toBeLessThan(0)
    const far = spread.filter((c) => Math.abs(c.end.y - 6) > 2 || Math.abs(c.end.x - 5) > 2)
    expect(far.length).toBeGreaterThan(0)
    for (const c of far) expect(c.option.terms.some((t) => t.key === 'spread')).toBe(false)
    // Minecraft figures strike one target at a time: no spread term.
    expect(withSpread(ctx, cands)).toEqual(cands)
  })
})
