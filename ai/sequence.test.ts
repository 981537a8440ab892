import { describe, expect, it } from 'vitest'
import { getRuleset } from '../rules/systems'
import { makeEncounter } from '../rules/systems/minecraft/test-fixtures'
import { candidatesOf, contextOf } from './choose'
import { planSequence } from './sequence'
import type { Candidate } from './terms'

const ruleset = getRuleset('minecraft')

function plan(ap?: number) {
  const s = makeEncounter({
    ap,
    figures: [
      { id: 'z', side: 'monsters', at: [2, 5], creature: 'minecraft:zombie' },
      { id: 'h', side: 'heroes', at: [5, 5], creature: 'minecraft:steve', facing: 6 }
    ]
  })
  const legal = ruleset.legalActions(s, 'z')
  const { ctx } = contextOf(s, ruleset, 'z', legal, { level: 'hard' })
  const cands = candidatesOf(s, ruleset, ctx, legal)
  let best = 0
  cands.forEach((c, i) => {
    if (c.option.score > cands[best]!.option.score) best = i
  })
  const replan = (after: typeof s): Candidate[] => {
    const next = ruleset.legalActions(after, 'z')
    return candidatesOf(after, ruleset, contextOf(after, ruleset, 'z', next, { level: 'hard' }).ctx, next)
  }
  return { s, cands, best, replan }
}

describe('AP sequence planning', () => {
  it('re-plans the best moves from where they end while AP is left, deterministically', () => {
    const { s, cands, best, replan } = plan()
    const a = planSequence(s, ruleset, 'z', cands, best, replan)
    const b = planSequence(s, ruleset, 'z', cands, best, replan)
    expect(a.expanded).toBeGreaterThan(0)
    expect(a.chosen).toBe(b.chosen)
    expect(a.cands.map((c) => c.option.score)).toEqual(b.cands.map((c) => c.option.score))
    const seq = a.cands.filter((c) => c.option.terms.some((t) => t.key === 'sequence'))
    expect(seq.length).toBeGreaterThan(0)
    for (const c of seq)
      expect(c.option.score).toBeCloseTo(
        c.option.terms.reduce((x, t) => x + t.value, 0),
        9
      )
  })

  it('takes the move whose follow-up plan is best, even when the greedy step ranks it lower', () => {
    const { s, cands, best, replan } = plan()
    const a = planSequence(s, ruleset, 'z', cands, best, replan)
    // A follow-up only one move's end square opens (a stand-in for "step behind, then strike twice").
    const moves = a.cands
      .map((c, i) => ({ c, i }))
      .filter((x) => x.c.option.terms.some((t) => t.key === 'sequence') && x.i !== a.chosen)
    const target = moves[moves.length - 1]!
    expect(target.c.option.score).toBeLessThan(a.cands[a.chosen]!.option.score + 1e-9)
    const end = target.c.option.action!.path!.at(-1)!
    const bonus = (after: typeof s): Candidate[] => {
      const planned = replan(after)
      const z = after.combatants.find((c) => c.id === 'z')!
      if (z.pos.x !== end.x || z.pos.y !== end.y) return planned
      return planned.map((c) => ({ ...c, option: { ...c.option, score: c.option.score + 10 } }))
    }
    const out = planSequence(s, ruleset, 'z', cands, best, bonus)
    expect(out.chosen).toBe(target.i)
  })

  it('leaves a one-action turn alone', () => {
    const { s, cands, best, replan } = plan(1)
    const out = planSequence(s, ruleset, 'z', cands, best, replan)
    expect(out.expanded).toBe(0)
    expect(out.cands).toEqual(cands)
    expect(out.chosen).toBe(best)
  })
})
