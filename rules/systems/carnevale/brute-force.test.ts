import { describe, expect, it } from 'vitest'
import type { Dist } from '../../core/distribution'
import { formatFraction, frac } from '../../core/fraction'
import { combatOdds, type CombatPlan } from './combat'
import { basicLaw, opposedLaw, type Outcome, type RollLaw } from './dice'
import { disengageOdds } from './disengage'
import { drownOdds } from './drown'
import { fallOdds } from './falling'
import { grappleOdds } from './grapple'
import { carnevaleSettings, defaultSettings, type CarnevaleSettings } from './settings'

// Exact cases computed independently: every ordered throw of every die is enumerated and read straight
// from the digest's wording (carnevale.md §2, §5), then compared with the closed-form laws. The reading
// below shares no code with dice.ts or core/wild-pool.ts, so a wrong DP or classifier cannot agree with it.

type Counts = Map<string, number>

function* throws(n: number): Generator<number[]> {
  if (n === 0) {
    yield []
    return
  }
  for (const rest of throws(n - 1)) for (let face = 1; face <= 10; face++) yield [face, ...rest]
}

// §2 as written: 10 always an Ace, 1 never; the first die is the Destiny die.
const isAce = (face: number, t: number) => face === 10 || (face !== 1 && face >= t)
const acesOf = (faces: number[], t: number) => faces.filter((x) => isAce(x, t)).length

function readBasic(faces: number[], t: number, s: CarnevaleSettings): Outcome {
  if (faces.length === 0) return 'fail'
  const [destiny, ...others] = faces
  const all = acesOf(faces, t)
  if (s.criticalsEnabled && destiny === 10 && acesOf(others, t) >= 1) return 'critical'
  if (all >= 1) return 'success'
  return s.fumblesEnabled && destiny === 1 ? 'fumble' : 'fail'
}

function readOpposed(mine: number[], theirs: number[], s: CarnevaleSettings): [Outcome, number] {
  const a = acesOf(mine, 7)
  const net = Math.max(0, a - acesOf(theirs, 7))
  if (mine.length === 0) return ['fail', net]
  if (s.criticalsEnabled && mine[0] === 10 && net >= s.opposedCriticalNet) return ['critical', net]
  if (net >= 1) return ['success', net]
  const zero = s.opposedFumble === 'netZero' ? net === 0 : a === 0
  return [s.fumblesEnabled && mine[0] === 1 && zero ? 'fumble' : 'fail', net]
}

function bump(m: Counts, key: string | number, by = 1) {
  m.set(String(key), (m.get(String(key)) ?? 0) + by)
}

const asText = (m: Counts, dice: number) =>
  new Map([...m].filter(([, c]) => c > 0).map(([k, c]) => [k, formatFraction(frac(c, 10 ** dice))]))

const lawText = (law: RollLaw) =>
  new Map(
    (Object.keys(law) as Outcome[]).flatMap((o) =>
      [...law[o]].filter(([, p]) => p.n !== 0n).map(([k, p]) => [`${o}:${k}`, formatFraction(p)] as const)
    )
  )

const distText = (d: Dist) =>
  new Map([...d].filter(([, p]) => p.n !== 0n).map(([k, p]) => [String(k), formatFraction(p)]))

// Life lost after Protection, from §5.1 step 6–7 as written.
function afterProtection(damage: number, prot: number[], s: CarnevaleSettings): number {
  if (damage <= 0) return 0
  const o = readBasic(prot, 7, s)
  const aces = acesOf(prot, 7)
  if (o === 'critical') return Math.max(0, damage - aces - 1)
  if (o === 'success') return Math.max(0, damage - aces)
  return o === 'fumble' ? damage + 1 : damage
}

const variants: Array<[string, CarnevaleSettings]> = [
  ['defaults', defaultSettings],
  ['no criticals', carnevaleSettings({ criticalsEnabled: false })],
  ['no fumbles', carnevaleSettings({ fumblesEnabled: false })]
]

describe('§2 basic rolls, enumerated', () => {
  it.each([
    [1, 7],
    [2, 2],
    [3, 6],
    [3, 11],
    [4, 8],
    [4, 3],
    [0, 7]
  ])('%i dice, Ace on %i+', (n, t) => {
    for (const [, s] of variants) {
      const m: Counts = new Map()
      for (const faces of throws(n)) bump(m, `${readBasic(faces, t, s)}:${acesOf(faces, t)}`)
      expect(lawText(basicLaw(n, t, s))).toEqual(asText(m, n))
    }
  })
})

describe('§2 opposed rolls, enumerated', () => {
  const opposedVariants: Array<[string, CarnevaleSettings]> = [
    ...variants,
    ['fumble only without active Aces', carnevaleSettings({ opposedFumble: 'noActiveAces' })],
    ['Critical on net ≥ 1', carnevaleSettings({ opposedCriticalNet: 1 })]
  ]
  it.each([
    [1, 1],
    [2, 3],
    [3, 2],
    [4, 1],
    [0, 2],
    [2, 0]
  ])('%i dice vs %i dice', (a, b) => {
    for (const [, s] of opposedVariants) {
      const m: Counts = new Map()
      for (const mine of throws(a)) {
        for (const theirs of throws(b)) {
          const [o, net] = readOpposed(mine, theirs, s)
          bump(m, `${o}:${net}`)
        }
      }
      expect(lawText(opposedLaw(a, b, s))).toEqual(asText(m, a + b))
    }
  })
})

describe('§5.1 Combat and Protection chain, enumerated', () => {
  const cases: Array<[string, CombatPlan]> = [
    [
      '3 dice at 6+, Damage +1, 2 Protection dice',
      { attackDice: 3, aceTarget: 6, damageBonus: 1, protectionDice: 2 }
    ],
    [
      '2 dice at 9+, no Damage bonus, 3 Protection dice',
      { attackDice: 2, aceTarget: 9, damageBonus: 0, protectionDice: 3 }
    ],
    [
      '4 dice at 4+, Damage +2, 1 Protection die',
      { attackDice: 4, aceTarget: 4, damageBonus: 2, protectionDice: 1 }
    ],
    [
      '3 dice at 12+, Damage −1, 2 Protection dice',
      { attackDice: 3, aceTarget: 12, damageBonus: -1, protectionDice: 2 }
    ]
  ]
  const chainVariants: Array<[string, CarnevaleSettings]> = [
    ...variants,
    ['Critical Life as Damage', carnevaleSettings({ criticalLifeIgnoresProtection: false })]
  ]
  it.each(cases)('%s', (_label, plan) => {
    for (const [, s] of chainVariants) {
      const loss: Counts = new Map()
      const self: Counts = new Map()
      const n = plan.attackDice + plan.protectionDice
      for (const att of throws(plan.attackDice)) {
        const o = readBasic(att, plan.aceTarget, s)
        bump(self, o === 'fumble' ? 1 : 0, 10 ** plan.protectionDice)
        const crit = o === 'critical' ? 1 : 0
        for (const prot of throws(plan.protectionDice)) {
          if (o === 'fail' || o === 'fumble') bump(loss, 0)
          else {
            const damage = acesOf(att, plan.aceTarget) + plan.damageBonus
            if (s.criticalLifeIgnoresProtection) bump(loss, afterProtection(damage, prot, s) + crit)
            else bump(loss, afterProtection(damage + crit, prot, s))
          }
        }
      }
      const odds = combatOdds(plan, s)
      expect(distText(odds.targetLifeLost)).toEqual(asText(loss, n))
      expect(distText(odds.attackerLifeLost)).toEqual(asText(self, n))
    }
  })
})

describe('§5.3 Grapple with its reversal, §5.4 Drown, §4 Disengage, enumerated', () => {
  const s = defaultSettings

  it.each([
    [3, 2],
    [2, 3],
    [2, 2]
  ])('Grapple %i vs %i: pushes both ways', (a, b) => {
    const forward: Counts = new Map()
    const back: Counts = new Map()
    for (const mine of throws(a)) {
      for (const theirs of throws(b)) {
        const [o, net] = readOpposed(mine, theirs, s)
        if (o === 'success' || o === 'critical') bump(forward, 2 + net)
        if (o !== 'fumble') continue
        // The target grapples with the same dice: its pool active, its Destiny die; a fumble does nothing.
        const [r, rnet] = readOpposed(theirs, mine, s)
        if (r === 'success' || r === 'critical') bump(back, `${2 + rnet}${r === 'critical' ? '*' : ''}`)
      }
    }
    const odds = grappleOdds({ attackerDice: a, targetDice: b }, s)
    expect(distText(odds.attacker.push)).toEqual(asText(forward, a + b))
    const stunned = [...back].filter(([k]) => k.endsWith('*')).reduce((acc, [, c]) => acc + c, 0)
    const merged: Counts = new Map()
    for (const [k, c] of back) bump(merged, k.replace('*', ''), c)
    expect(distText(odds.reversal.push)).toEqual(asText(merged, a + b))
    expect(formatFraction(odds.reversal.stunned)).toBe(formatFraction(frac(stunned, 10 ** (a + b))))
  })

  it('a friendly Grapple is a basic roll at 7+ with no reversal', () => {
    const push: Counts = new Map()
    for (const mine of throws(3)) {
      const o = readBasic(mine, 7, s)
      if (o === 'success' || o === 'critical') bump(push, 2 + acesOf(mine, 7))
    }
    const odds = grappleOdds({ attackerDice: 3, targetDice: null }, s)
    expect(distText(odds.attacker.push)).toEqual(asText(push, 3))
    expect(odds.reversal.push.size).toBe(0)
  })

  it.each([
    [3, 3],
    [4, 2],
    [1, 3]
  ])('Drown %i vs %i: Life lost by the target', (a, b) => {
    const loss: Counts = new Map()
    for (const mine of throws(a)) {
      for (const theirs of throws(b)) {
        const [o, net] = readOpposed(mine, theirs, s)
        bump(loss, o === 'critical' ? 4 + net : o === 'success' ? 2 + net : 0)
      }
    }
    expect(distText(drownOdds({ attackerDice: a, targetDice: b }, s).targetLifeLost)).toEqual(
      asText(loss, a + b)
    )
  })

  it.each([
    [3, 2],
    [1, 4]
  ])('Disengage %i vs %i', (a, b) => {
    const m: Counts = new Map()
    for (const mine of throws(a)) for (const theirs of throws(b)) bump(m, readOpposed(mine, theirs, s)[0])
    const odds = disengageOdds({ moverDice: a, enemyDice: b }, s)
    const p = (k: string) => formatFraction(frac(m.get(k) ?? 0, 10 ** (a + b)))
    expect(formatFraction(odds.blocked)).toBe(p('fumble'))
    expect(formatFraction(odds.bonusMove)).toBe(p('critical'))
    expect(formatFraction(odds.enemyAoO)).toBe(
      formatFraction(frac((m.get('fail') ?? 0) + (m.get('fumble') ?? 0), 10 ** (a + b)))
    )
  })

  it('a 5" fall against 3 Protection dice (placeholder rule)', () => {
    const loss: Counts = new Map()
    for (const prot of throws(3)) bump(loss, afterProtection(5, prot, s))
    expect(distText(fallOdds({ heightInches: 5.5, intoWater: false, pro: 3 }, s).lifeLost)).toEqual(
      asText(loss, 3)
    )
  })
})
