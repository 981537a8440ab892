import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { SimReport } from '../../../ai/sim-report'
import { campaignSchema } from '../../../rules/core/schemas'
import type { EncounterState } from '../../../rules/core/types'
import { compareVerdict } from './builder-compare'
import { en } from '../i18n/en'
import { es } from '../i18n/es'

// Issue 21 "Version comparison gives a verdict" ("v2 is harder: heroes' win falls from 62 % to 41 %"):
// the heroes' win rates of two versions compared by a two-proportion z-test at 5%.

const pf = campaignSchema.parse(
  JSON.parse(readFileSync('resources/campaigns/pathfinder1e-sample.json', 'utf8'))
)
const state = pf.encounters[0]!.initial as EncounterState
const heroSide = state.combatants.find((c) => c.controller !== 'ai')!.side

function report(heroWins: number, runs: number): SimReport {
  const p = (count: number) => ({ count, rate: count / runs, ci: [0, 1] as [number, number] })
  const others = state.sides
    .filter((s) => s.id !== heroSide)
    .map((s) => ({ side: s.id, ...p(runs - heroWins) }))
  return {
    runs,
    wins: [{ side: heroSide, ...p(heroWins) }, ...others],
    draws: p(0),
    truncated: p(0),
    rounds: { mean: 4, histogram: [] },
    figures: []
  }
}

const verdict = (a: [number, number], b: [number, number]) =>
  compareVerdict({ report: report(...a), state }, { report: report(...b), state })

describe('the comparison verdict', () => {
  it.each<[[number, number], [number, number], string]>([
    // 62 % vs 41 % over 200 games each: z ≈ 4.2, clearly harder.
    [[124, 200], [82, 200], 'harder'],
    [[82, 200], [124, 200], 'easier'],
    // The same rates over 20 games each: z ≈ 1.3, chance could give it.
    [[12, 20], [8, 20], 'similar'],
    // Both always win: nothing to tell apart.
    [[50, 50], [50, 50], 'similar'],
    // 50 % vs 30 % over 100 each: z ≈ 2.9.
    [[50, 100], [30, 100], 'harder'],
    // 50 % vs 40 % over 100 each: z ≈ 1.43.
    [[50, 100], [40, 100], 'similar']
  ])('%j then %j: %s for the heroes', (a, b, kind) => {
    const v = verdict(a, b)!
    expect(v.kind).toBe(kind)
    expect(v.side).toBe(heroSide)
    expect(v.from).toBeCloseTo(a[0] / a[1])
    expect(v.to).toBeCloseTo(b[0] / b[1])
  })

  it('no verdict before both versions have games', () => {
    expect(verdict([0, 0], [3, 10])).toBeNull()
  })

  it('reads in both languages with the same parameters', () => {
    for (const kind of ['harder', 'easier', 'similar'])
      for (const cat of [en, es] as Array<Record<string, string>>)
        for (const param of ['{b}', '{side}', '{from}', '{to}'])
          expect(cat[`builder.compare.verdict.${kind}`], `${kind} ${param}`).toContain(param)
  })
})
