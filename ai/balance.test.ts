import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { hashString } from '../rules/core/hash'
import { campaignSchema, encounterStateSchema } from '../rules/core/schemas'
import type { EncounterState } from '../rules/core/types'
import { getRuleset } from '../rules/systems'
import * as minecraft from '../rules/systems/minecraft/content'
import {
  autoBalance,
  fits,
  playingSimulate,
  spotFor,
  type BalanceResult,
  type BalanceTemplate,
  type Simulate
} from './balance'
import { proportion, type SimReport } from './sim-report'

const campaign = campaignSchema.parse(
  JSON.parse(readFileSync(new URL('../resources/campaigns/minecraft-sample.json', import.meta.url), 'utf8'))
)
/** The abandoned mine: Steve and Alex against three zombies and a skeleton. */
const mine = campaign.encounters[0]!.initial as EncounterState
const ruleset = getRuleset(mine.system)
const content = minecraft.loadContent(minecraft.bundledDocuments)
/** The ruleset's content, as the builder offers it (the campaign has no bestiary of its own). */
const templates: BalanceTemplate[] = [...content.creatures.values()].map((c) => ({
  key: c.id,
  name: c.name.en,
  model: minecraft.createFigure(
    c.id,
    { id: 'template', side: 'template', pos: { x: 0, y: 0, z: 0 } },
    content
  )
}))

const foes = (s: EncounterState) => s.combatants.filter((c) => c.side !== 'heroes')
const foeLife = (s: EncounterState) => foes(s).reduce((n, c) => n + c.lifeMax, 0)

/**
 * A stand-in for the games, instant and with a known truth: the heroes win with probability
 * 1.3 − foes' total life / 20 (the mine's 15 life → 55 %), each game a seeded coin of that bias.
 */
const truth = (s: EncounterState) => Math.min(0.99, Math.max(0.01, 1.3 - foeLife(s) / 20))
const fake: Simulate = (state, games, seed) => {
  const p = truth(state)
  let wins = 0
  for (let i = 0; i < games; i++) if (parseInt(hashString(`${seed + i}`).slice(-8), 16) / 2 ** 32 < p) wins++
  return {
    runs: games,
    wins: [
      { side: 'heroes', ...proportion(wins, games) },
      { side: 'monsters', ...proportion(games - wins, games) }
    ],
    draws: proportion(0, games),
    truncated: proportion(0, games),
    rounds: { mean: 0, histogram: [] },
    figures: []
  } satisfies SimReport
}

/** A proposal is an encounter the app could save and play: schema, figures on free walkable squares. */
function expectLegal(state: EncounterState): void {
  expect(encounterStateSchema.safeParse(state).success).toBe(true)
  expect(new Set(state.combatants.map((c) => c.id)).size).toBe(state.combatants.length)
  for (const c of state.combatants) {
    const others = { ...state, combatants: state.combatants.filter((o) => o.id !== c.id) }
    expect(fits(others, c.pos.x, c.pos.y, c.size), `${c.id} stands on a free walkable square`).toBe(true)
    expect(c.pos.z).toBe(state.board.elevation?.[c.pos.y * state.board.width + c.pos.x] ?? 0)
  }
}

describe('autoBalance with a known truth', () => {
  const base = { heroSide: 'heroes', templates, simulate: fake, seed: 11, screenGames: 100, refineGames: 400 }

  it('adds or strengthens foes for a target below the current odds, and gets there', async () => {
    const result = await autoBalance(mine, { ...base, target: 0.2 })
    expect(result.baseline.rate).toBeGreaterThan(0.4)
    expect(result.proposals.length).toBe(3)
    expect(result.reached).toBe(true)
    for (const p of result.proposals) {
      expectLegal(p.state)
      expect(foeLife(p.state)).toBeGreaterThan(foeLife(mine))
      expect(p.changes.some((c) => c.kind === 'add' || c.kind === 'swap')).toBe(true)
      expect(Math.abs(truth(p.state) - 0.2)).toBeLessThanOrEqual(0.1 + 1e-9)
    }
    // The closest first, each with the interval of its own refine games.
    const d = result.proposals.map((p) => p.distance)
    expect(d).toEqual([...d].sort((a, b) => a - b))
    for (const p of result.proposals) expect(p.win.ci[0]).toBeLessThanOrEqual(p.win.rate)
  })

  it('removes or weakens foes for a target above the current odds', async () => {
    const result = await autoBalance(mine, { ...base, target: 0.9 })
    for (const p of result.proposals) {
      expectLegal(p.state)
      expect(foeLife(p.state)).toBeLessThan(foeLife(mine))
    }
  })

  it('says so when the templates cannot get there, and shows the closest', async () => {
    // Only zombies to add, one change at most: the heroes cannot fall to 5 %.
    const zombies = templates.filter((t) => t.key === 'minecraft:zombie')
    const result = await autoBalance(mine, { ...base, templates: zombies, target: 0.05, depth: 1 })
    expect(result.reached).toBe(false)
    expect(result.proposals.length).toBeGreaterThan(0)
    expect(result.proposals[0]!.win.rate).toBeLessThan(result.baseline.rate)
  })

  it('says when the encounter is already on target', async () => {
    const result = await autoBalance(mine, { ...base, target: truth(mine) })
    expect(result.baselineReached).toBe(true)
    expect((await autoBalance(mine, { ...base, target: 0.2, depth: 1 })).baselineReached).toBe(false)
  })

  it('is deterministic for a seed', async () => {
    const a = await autoBalance(mine, { ...base, target: 0.3 })
    const b = await autoBalance(mine, { ...base, target: 0.3 })
    expect(JSON.stringify(b)).toBe(JSON.stringify(a))
  })

  it('stops when cancelled, with progress on the way', async () => {
    const seen: number[] = []
    let calls = 0
    const result = await autoBalance(mine, {
      ...base,
      target: 0.3,
      simulate: (s, g, seed) => (calls++, fake(s, g, seed)),
      onProgress: (p) => seen.push(p.done),
      cancelled: () => calls >= 3
    })
    expect(result.cancelled).toBe(true)
    expect(calls).toBe(3)
    expect(seen).toEqual([...seen].sort((a, b) => a - b))
  })
})

describe('placement', () => {
  it('puts a new foe on a free walkable square next to its side', () => {
    const at = spotFor(mine, 'monsters', 1)!
    expect(fits(mine, at.x, at.y, 1)).toBe(true)
    const near = foes(mine).some((c) => Math.max(Math.abs(c.pos.x - at.x), Math.abs(c.pos.y - at.y)) <= 1)
    expect(near).toBe(true)
  })
})

describe('autoBalance with real games (Minecraft sample)', () => {
  // One search shared by the tests below: screens of 6 games, finalists measured over 32 fresh games.
  const REFINE = 32
  let result: BalanceResult
  const simulate = playingSimulate(ruleset)

  beforeAll(async () => {
    result = await autoBalance(mine, {
      heroSide: 'heroes',
      target: 0.25,
      templates,
      simulate,
      seed: 1,
      screenGames: 6,
      refineGames: REFINE,
      perLevel: 5,
      keep: 2,
      depth: 1
    })
  }, 120_000)

  it('proposes legal encounters that make the fight harder', () => {
    expect(result.proposals.length).toBeGreaterThan(0)
    for (const p of result.proposals) {
      expectLegal(p.state)
      expect(p.changes.length).toBe(1)
    }
    expect(result.proposals[0]!.win.rate).toBeLessThan(result.baseline.rate)
  })

  it('re-run with a fresh seed, the top proposal lands within its own reported interval', () => {
    // The reported interval is the Wilson 95 % interval of REFINE games played after the proposal was
    // picked (seeds no screen used), so it is an honest interval for the true rate p, not one inflated by
    // the pick. The re-run plays n' = 3 × REFINE games with seeds neither used. Both estimates are
    // unbiased for p, and their difference has variance p(1−p)(1/n + 1/n'); the interval's half-width is
    // ≈ 1.96·√(p(1−p)/n). So the re-run lands inside with probability ≈ P(|Z| < 1.96 / √(1 + n/n'))
    // = P(|Z| < 1.70) ≈ 91 % (higher near 0 or 1, where Wilson's interval is wider than the normal one).
    // Measured on the known-truth stand-in above with this very budget over 300 seeds: the true rate fell
    // inside the reported interval 93 % of the time (the pick among the finalists costs a little of the
    // nominal 95 %) and a 3× re-run 90 %.
    // The seeds are fixed, so the test is deterministic: it fails only if a change to the engine or the
    // search moves this one draw out, which the odds above make unlikely but not impossible.
    const top = result.proposals[0]!
    const rerun = simulate(top.state, 3 * REFINE, 9_000_000) as SimReport
    const rate = rerun.wins.find((w) => w.side === 'heroes')!.rate
    expect(rate).toBeGreaterThanOrEqual(top.win.ci[0])
    expect(rate).toBeLessThanOrEqual(top.win.ci[1])
  }, 120_000)
})
