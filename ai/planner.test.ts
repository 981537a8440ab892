import { describe, expect, it } from 'vitest'
import { getRuleset } from '../rules/systems'
import { makeEncounter } from '../rules/systems/minecraft/test-fixtures'
import { pfFigure, pfState } from '../rules/systems/pathfinder1e/test-fixtures'
import { withTurn } from '../rules/systems/pathfinder1e/flow-fixtures'
import { candidatesOf, chooseStep, contextOf } from './choose'
import { lifeSeen } from './perception'
import { traceHash } from './trace'

const mc = getRuleset('minecraft')
const pf = getRuleset('pathfinder1e')

// Two zombies against Steve and a wounded Alex; zombie z acts.
const brawl = () =>
  makeEncounter({
    width: 12,
    height: 10,
    figures: [
      { id: 'z', side: 'monsters', at: [4, 4], creature: 'minecraft:zombie' },
      { id: 'z2', side: 'monsters', at: [7, 6], creature: 'minecraft:zombie' },
      { id: 'steve', side: 'heroes', at: [6, 4], creature: 'minecraft:steve' },
      { id: 'alex', side: 'heroes', at: [6, 6], creature: 'minecraft:alex', life: 3 }
    ]
  })

describe('perception: the threat map', () => {
  it('is the enemies’ punch where they can reach, nothing far beyond their move', () => {
    const s = brawl()
    const { p } = contextOf(s, mc, 'z', mc.legalActions(s, 'z'))
    const near = p.threatAt({ x: 5, y: 4, z: 0 })
    expect(near).toBeGreaterThan(0)
    expect(near).toBeCloseTo(p.punch('steve') + p.punch('alex'), 6)
    expect(p.threatAt({ x: 0, y: 9, z: 0 })).toBeLessThan(near)
    // A striker's mobility comes from its legal moves: a Minecraft figure walks a few squares, not the map.
    expect(p.strikers.get('steve')!.mobility).toBeGreaterThan(0)
    expect(p.strikers.get('steve')!.mobility).toBeLessThan(12)
  })

  it('fair knowledge reads life in bands; omniscient reads it exactly', () => {
    const c = { life: 3, lifeMax: 20 } as Parameters<typeof lifeSeen>[0]
    expect(lifeSeen(c, 'omniscient')).toBe(3)
    expect(lifeSeen(c, 'fair')).toBe(Math.round(20 * 0.125))
    expect(lifeSeen({ ...c, life: 20 }, 'fair')).toBe(20)
    expect(lifeSeen({ ...c, life: 0 }, 'fair')).toBe(0)
  })
})

describe('candidate pruning', () => {
  it('keeps the best attack squares: the best move is the same as with every destination', () => {
    for (const [s, rs, id] of [
      [brawl(), mc, 'z'],
      [
        withTurn(
          pfState(
            [
              pfFigure('goblin', { side: 'b', pos: { x: 2, y: 2 } }),
              pfFigure('hero', { pos: { x: 6, y: 4 } }),
              pfFigure('mage', { pos: { x: 7, y: 1 }, life: 2 })
            ],
            { initiative: { goblin: 20, hero: 10, mage: 5 }, settings: { gmPrompts: 'auto' } }
          ),
          'goblin'
        ),
        pf,
        'goblin'
      ]
    ] as const) {
      const legal = rs.legalActions(s, id)
      const { ctx } = contextOf(s, rs, id, legal)
      const best = (all: boolean) =>
        Math.max(
          ...candidatesOf(s, rs, ctx, legal, all)
            .filter((c) => c.option.action?.path)
            .map((c) => c.option.score)
        )
      const pruned = candidatesOf(s, rs, ctx, legal).length
      const full = candidatesOf(s, rs, ctx, legal, true).length
      expect(pruned).toBeLessThan(full)
      expect(best(false)).toBeCloseTo(best(true), 9)
    }
  })
})

describe('levels', () => {
  it('Easy adds hash noise to its top options; Normal and Hard do not', () => {
    const s = brawl()
    const easy = chooseStep(s, mc, 'z', { level: 'easy' })
    const normal = chooseStep(s, mc, 'z', { level: 'normal' })
    expect(easy.policy).toBe('easy')
    expect(easy.trace.some((o) => o.terms.some((t) => t.key === 'noise'))).toBe(true)
    expect(normal.trace.some((o) => o.terms.some((t) => t.key === 'noise'))).toBe(false)
    // Easy ignores risk; Normal weighs it.
    expect(easy.trace.some((o) => o.terms.some((t) => t.key === 'risk'))).toBe(false)
    expect(normal.trace.some((o) => o.terms.some((t) => t.key === 'risk'))).toBe(true)
  })

  it('Hard plays as a team (focus, overkill) where Normal does not, unless the figure is mindless (INT ≤ 2)', () => {
    const s = brawl()
    const team = (step: ReturnType<typeof chooseStep>) =>
      step.trace.some((o) => o.terms.some((t) => t.key === 'focus' || t.key === 'overkill'))
    expect(team(chooseStep(s, mc, 'z', { level: 'hard' }))).toBe(true)
    expect(team(chooseStep(s, mc, 'z', { level: 'normal' }))).toBe(false)
    const dim = withTurn(
      pfState(
        [
          pfFigure('ooze', {
            side: 'b',
            pos: { x: 2, y: 2 },
            stats: { abilities: { str: 10, dex: 10, con: 10, int: 1, wis: 10, cha: 10 } }
          }),
          pfFigure('hero', { pos: { x: 3, y: 2 } })
        ],
        { initiative: { ooze: 20, hero: 10 }, settings: { gmPrompts: 'auto' } }
      ),
      'ooze'
    )
    expect(pf.aiHints?.intelligence?.(dim.combatants[0]!)).toBe(1)
    expect(team(chooseStep(dim, pf, 'ooze', { level: 'hard' }))).toBe(false)
  })

  it('Hard values the wounded hero for focus fire, Normal does not', () => {
    const focus = (level: 'normal' | 'hard') =>
      chooseStep(brawl(), mc, 'z', { level })
        .trace.filter((o) => o.reason.params.target === 'Alex')
        .map((o) => o.terms.find((t) => t.key === 'focus')?.value ?? 0)
    expect(Math.max(...focus('hard'))).toBeGreaterThan(0)
    expect(Math.max(0, ...focus('normal'))).toBe(0)
  })
})

describe('trace', () => {
  it('is deterministic: same state and policy, same step and trace hash', () => {
    for (const level of ['easy', 'normal', 'hard'] as const) {
      const a = chooseStep(brawl(), mc, 'z', { level })
      const b = chooseStep(brawl(), mc, 'z', { level })
      expect(traceHash(a)).toBe(traceHash(b))
    }
    expect(traceHash(chooseStep(brawl(), mc, 'z', { level: 'easy' }))).not.toBe(
      traceHash(chooseStep(brawl(), mc, 'z', { level: 'normal' }))
    )
  })

  it('keeps at most 5 options, the chosen first, its terms summing to its score, losers saying why', () => {
    const step = chooseStep(brawl(), mc, 'z')
    expect(step.trace.length).toBeLessThanOrEqual(5)
    expect(step.trace.length).toBeGreaterThan(1)
    for (const o of step.trace) expect(o.terms.reduce((s, t) => s + t.value, 0)).toBeCloseTo(o.score, 9)
    for (const o of step.trace.slice(1)) {
      if (o.score < step.trace[0]!.score) expect(o.lostOn?.by).toBeGreaterThan(0)
    }
  })
})

describe('area actions (ActionOdds.also)', () => {
  it('add what they do to the other figures caught: enemies for, allies against (friendly fire)', async () => {
    const { attackTerms } = await import('./attack-score')
    const { constant } = await import('../rules/core/distribution')
    const s = brawl()
    const { ctx } = contextOf(s, mc, 'z', mc.legalActions(s, 'z'))
    const steve = s.combatants.find((c) => c.id === 'steve')!
    const action = { kind: 'melee', actorId: 'z', targetId: 'steve' }
    const base = { headline: [], damage: constant(2) }
    const sum = (
      o: typeof base & { also?: Array<{ targetId: string; damage: ReturnType<typeof constant> }> }
    ) => attackTerms(ctx, o, action, steve, s.combatants[0]!.pos).terms
    const alone = sum(base)
    const withAlex = sum({ ...base, also: [{ targetId: 'alex', damage: constant(3) }] })
    const withFriend = sum({ ...base, also: [{ targetId: 'z2', damage: constant(3) }] })
    expect(withAlex.find((t) => t.key === 'area')!.value).toBeGreaterThan(0)
    expect(withFriend.find((t) => t.key === 'friendlyFire')!.value).toBeLessThan(0)
    const total = (ts: Array<{ value: number }>) => ts.reduce((a, t) => a + t.value, 0)
    expect(total(withAlex)).toBeGreaterThan(total(alone))
    expect(total(withFriend)).toBeLessThan(total(alone))
  })
})
