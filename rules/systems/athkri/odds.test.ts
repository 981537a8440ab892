import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { formatFraction, frac, add, ZERO, type Fraction } from '../../core/fraction'
import { forcedDice } from '../../core/rng'
import type { Action, EncounterState } from '../../core/types'
import { athkri } from '.'
import { longbow, makeEncounter, type FigureSpec } from './test-fixtures'

// odds() against resolve(): every scripted throw of the dice, resolved by the rules, must add up to exactly
// the distribution odds() reports (explosions off, so the throws are finite).

function exhaustive(state: EncounterState, action: Action, damageSides: number): Map<number, Fraction> {
  const law = new Map<number, Fraction>()
  const p = frac(1, 1000 * damageSides)
  const target = action.targetId ?? ''
  const life = state.combatants.find((c) => c.id === target)?.life ?? 0
  for (let i = 0; i < 1000; i++) {
    for (let d = 1; d <= damageSides; d++) {
      const faces = [(i % 10) + 1, (Math.floor(i / 10) % 10) + 1, Math.floor(i / 100) + 1, d]
      const events = resolveEvents(athkri, state, action, forcedDice(faces), {})
      const lost = Math.min(
        life,
        events.reduce((a, e) => a + (e.type === 'damaged' && e.id === target ? e.amount : 0), 0)
      )
      law.set(lost, add(law.get(lost) ?? ZERO, p))
    }
  }
  return law
}

const show = (m: ReadonlyMap<number, Fraction>) =>
  [...m]
    .filter(([, p]) => p.n !== 0n)
    .sort(([a], [b]) => a - b)
    .map(([v, p]) => `${v}:${formatFraction(p)}`)

describe('odds() is the exact law of what resolve() does', () => {
  const settings = { explodeOnTen: false, gmPrompts: 'auto' as const, opposedDodgeEnabled: false }

  it('a melee blow with armor, a weakness and G-6 location bonuses (chest +2, head +5)', () => {
    const flame = {
      id: 'x:flame',
      kind: 'melee' as const,
      light: false,
      damage: '1d6',
      element: 'fuego',
      attackAttribute: 'fisico',
      attackSkill: 'combateCuerpoACuerpo'
    }
    const figures: FigureSpec[] = [
      { id: 'a', at: [5, 5], facing: 2, stats: { weapons: [flame] } },
      {
        id: 't',
        side: 'b',
        at: [6, 5],
        facing: 6,
        life: 9,
        stats: { defensa: 10, weaknesses: ['fuego'], armor: { id: 'x', estorbo: 1, reduction: 1 } }
      }
    ]
    const locationDamageBonus = { legs: 0, lowerBody: 0, chest: 2, arms: 0, genitals: 0, head: 5 }
    const state = makeEncounter({ figures, settings: { ...settings, locationDamageBonus } })
    const action = { kind: 'melee', actorId: 'a', targetId: 't' }
    expect(show(athkri.odds(state, action)?.damage ?? new Map())).toEqual(show(exhaustive(state, action, 6)))
  }, 30000)

  it('a ranged shot at medium band past a tree, by a Malherido archer (low die)', () => {
    const figures: FigureSpec[] = [
      {
        id: 'a',
        at: [1, 5],
        facing: 2,
        life: 3,
        stats: { weapons: [longbow], skills: { combateADistancia: 9 } }
      },
      { id: 't', side: 'b', at: [20, 5], facing: 6, life: 7 }
    ]
    const state = makeEncounter({
      figures,
      width: 30,
      settings: { ...settings, coverObstacles: [{ x: 10, y: 5, cover: 'light', passable: false }] }
    })
    const action = { kind: 'ranged', actorId: 'a', targetId: 't' }
    const odds = athkri.odds(state, action)
    expect(odds?.headline.find((h) => h.key === 'hit')?.p).not.toEqual(ZERO)
    expect(show(odds?.damage ?? new Map())).toEqual(show(exhaustive(state, action, 8)))
  }, 30000)
})
