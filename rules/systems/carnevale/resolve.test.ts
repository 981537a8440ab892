import { describe, expect, it } from 'vitest'
import type { Dist } from '../../core/distribution'
import { formatFraction, frac } from '../../core/fraction'
import { forcedDice, seededDice, seedRng, type DiceRoller } from '../../core/rng'
import { combatOdds, resolveCombat, type CombatPlan } from './combat'
import { disengageOdds, resolveDisengage } from './disengage'
import { drownOdds, resolveDrown } from './drown'
import { resolveFall } from './falling'
import { grappleOdds, resolveGrapple } from './grapple'
import { defaultSettings as s } from './settings'

// The resolvers with scripted dice (carnevale.md §2: the Destiny die is each pool's first die), their
// agreement with the odds over every possible throw, and their determinism under a seed.

/** Forced faces that also report how many were used, so a test proves no die was skipped or added. */
function scripted(faces: number[]): { dice: DiceRoller; used: () => number } {
  let used = 0
  const inner = forcedDice(faces)
  return {
    dice: {
      roll: (sides) => {
        used++
        return inner.roll(sides)
      },
      state: inner.state
    },
    used: () => used
  }
}

function* sequences(n: number): Generator<number[]> {
  if (n === 0) {
    yield []
    return
  }
  for (const rest of sequences(n - 1)) for (let face = 1; face <= 10; face++) yield [face, ...rest]
}

/** The law of `read` over every sequence of n faces; unused trailing faces just marginalise out. */
function exhaustive(n: number, read: (dice: DiceRoller) => number): Map<string, string> {
  const counts = new Map<number, number>()
  for (const faces of sequences(n)) {
    const v = read(forcedDice(faces))
    counts.set(v, (counts.get(v) ?? 0) + 1)
  }
  return new Map([...counts].map(([v, c]) => [String(v), formatFraction(frac(c, 10 ** n))]))
}

const text = (d: Dist) =>
  new Map([...d].filter(([, p]) => p.n !== 0n).map(([v, p]) => [String(v), formatFraction(p)]))

const plan: CombatPlan = { attackDice: 3, aceTarget: 6, damageBonus: 1, protectionDice: 2 }

describe('§5.1 resolveCombat with scripted dice', () => {
  it('a Critical: Damage = Aces + 1, Protection cancels one, the Critical adds a direct Life', () => {
    const { dice, used } = scripted([10, 7, 2, 7, 3])
    const r = resolveCombat(dice, plan, s)
    expect(r.attack).toMatchObject({ faces: [10, 7, 2], destiny: 10, aces: 2, outcome: 'critical' })
    expect(r.protection).toMatchObject({ faces: [7, 3], aces: 1, outcome: 'success' })
    expect(r).toMatchObject({
      damage: 3,
      reduction: 1,
      targetLifeLost: 3,
      attackerLifeLost: 0,
      counterAttack: false
    })
    expect(used()).toBe(5)
  })

  it('a Fail rolls no Protection dice', () => {
    const { dice, used } = scripted([4, 3, 2])
    expect(resolveCombat(dice, plan, s)).toMatchObject({ damage: 0, protection: null, targetLifeLost: 0 })
    expect(used()).toBe(3)
  })

  it('a Fumble costs the attacker a Life and gives the target its AoO', () => {
    const r = resolveCombat(forcedDice([1, 5, 2]), plan, s)
    expect(r).toMatchObject({ attackerLifeLost: 1, counterAttack: true, targetLifeLost: 0 })
    expect(r.attack.outcome).toBe('fumble')
  })

  it('a fumbled Protection roll adds a Damage', () => {
    const r = resolveCombat(forcedDice([6, 2, 2, 1, 4]), plan, s)
    expect(r).toMatchObject({ damage: 2, reduction: -1, targetLifeLost: 3 })
  })

  it('agrees with combatOdds over every throw', () => {
    const small: CombatPlan = { attackDice: 2, aceTarget: 6, damageBonus: 0, protectionDice: 2 }
    expect(exhaustive(4, (d) => resolveCombat(d, small, s).targetLifeLost)).toEqual(
      text(combatOdds(small, s).targetLifeLost)
    )
  })
})

describe('§5.3 resolveGrapple, §5.4 resolveDrown, §4 resolveDisengage with scripted dice', () => {
  it('a Grapple won by 2 net Aces with Destiny 10: Critical, push up to 4", Stuns the target', () => {
    const r = resolveGrapple(forcedDice([10, 8, 7, 2, 9]), { attackerDice: 3, targetDice: 2 }, s)
    expect(r).toMatchObject({ net: 2, outcome: 'critical' })
    expect(r.push).toEqual({ by: 'attacker', inches: 4, upTo: true, stuns: true })
  })

  it('a fumbled Grapple is turned round with the same dice', () => {
    const r = resolveGrapple(forcedDice([1, 3, 10, 8]), { attackerDice: 2, targetDice: 2 }, s)
    expect(r.outcome).toBe('fumble')
    expect(r.push).toEqual({ by: 'target', inches: 4, upTo: true, stuns: true })
  })

  it('a fumbled Grapple whose reversal nets nothing does nothing', () => {
    const r = resolveGrapple(forcedDice([1, 7, 8, 2]), { attackerDice: 2, targetDice: 2 }, s)
    expect(r).toMatchObject({ outcome: 'fumble', push: null })
  })

  it('a friendly Grapple is one basic roll', () => {
    const { dice, used } = scripted([5, 7])
    const r = resolveGrapple(dice, { attackerDice: 2, targetDice: null }, s)
    expect(r).toMatchObject({ target: null, net: 1, outcome: 'success', push: { by: 'attacker', inches: 3 } })
    expect(used()).toBe(2)
  })

  it('grapple pushes agree with grappleOdds over every throw, reversals included', () => {
    const g = { attackerDice: 2, targetDice: 2 }
    const odds = grappleOdds(g, s)
    const pushBy = (by: string) => (d: DiceRoller) => {
      const p = resolveGrapple(d, g, s).push
      return p && p.by === by ? p.inches : 0
    }
    const withZero = (d: Dist, moved: { n: bigint; d: bigint }) => {
      const m = text(d)
      const none = frac(moved.d - moved.n, moved.d)
      if (none.n !== 0n) m.set('0', formatFraction(none))
      return m
    }
    expect(exhaustive(4, pushBy('attacker'))).toEqual(withZero(odds.attacker.push, odds.attacker.moved))
    expect(exhaustive(4, pushBy('target'))).toEqual(withZero(odds.reversal.push, odds.reversal.moved))
  })

  it('Drown: a Success on 1 net Ace takes 3 Life; a Fumble costs the attacker 2', () => {
    expect(resolveDrown(forcedDice([7, 8, 2, 9]), { attackerDice: 2, targetDice: 2 }, s)).toMatchObject({
      targetLifeLost: 3,
      attackerLifeLost: 0
    })
    expect(resolveDrown(forcedDice([1, 2, 3, 4]), { attackerDice: 2, targetDice: 2 }, s)).toMatchObject({
      targetLifeLost: 0,
      attackerLifeLost: 2
    })
    const d = { attackerDice: 2, targetDice: 2 }
    expect(exhaustive(4, (dice) => resolveDrown(dice, d, s).targetLifeLost)).toEqual(
      text(drownOdds(d, s).targetLifeLost)
    )
  })

  it('Disengage: the table, and agreement with disengageOdds', () => {
    expect(resolveDisengage(forcedDice([10, 9, 2]), { moverDice: 2, enemyDice: 1 }, s)).toMatchObject({
      enemyAoO: false,
      canMove: true,
      extraInches: 1
    })
    expect(resolveDisengage(forcedDice([1, 2, 8]), { moverDice: 2, enemyDice: 1 }, s)).toMatchObject({
      enemyAoO: true,
      canMove: false
    })
    const d = { moverDice: 2, enemyDice: 1 }
    const odds = disengageOdds(d, s)
    const read = (dice: DiceRoller) => (resolveDisengage(dice, d, s).enemyAoO ? 1 : 0)
    expect(exhaustive(3, read).get('1')).toBe(formatFraction(odds.enemyAoO))
  })

  it('a fall rolls only its Protection dice', () => {
    const { dice, used } = scripted([10, 8, 2])
    expect(resolveFall(dice, { heightInches: 4, intoWater: false, pro: 3 }, s)).toMatchObject({
      damage: 4,
      lifeLost: 1
    })
    expect(used()).toBe(3)
    expect(resolveFall(forcedDice([]), { heightInches: 2, intoWater: false, pro: 3 }, s)).toEqual({
      damage: 0,
      protection: null,
      lifeLost: 0
    })
  })
})

describe('§2 resolvers under a seed', () => {
  const run = (seed: number) => {
    const dice = seededDice(seedRng(seed))
    const results = {
      combat: resolveCombat(dice, plan, s),
      grapple: resolveGrapple(dice, { attackerDice: 5, targetDice: 3 }, s),
      drown: resolveDrown(dice, { attackerDice: 4, targetDice: 4 }, s),
      disengage: resolveDisengage(dice, { moverDice: 2, enemyDice: 3 }, s),
      fall: resolveFall(dice, { heightInches: 5, intoWater: false, pro: 2 }, s)
    }
    return { results, state: dice.state }
  }

  it('the same seed gives the same dice, outcomes and final RNG state', () => {
    for (const seed of [0, 1, 42, 2024]) expect(run(seed)).toEqual(run(seed))
  })

  it('different seeds give different throws', () => {
    const seen = new Set<string>()
    for (let seed = 0; seed < 20; seed++) seen.add(JSON.stringify(run(seed).results.combat.attack.faces))
    expect(seen.size).toBeGreaterThan(15)
  })
})
