import { describe, expect, it } from 'vitest'
import { getRuleset } from '../rules/systems'
import { makeEncounter } from '../rules/systems/minecraft/test-fixtures'
import { chooseStep } from './choose'
import {
  brute,
  personalities,
  personalityIds,
  personalitySchema,
  personalityWeightsSchema
} from './personality'
import { personalityOf } from './settings'
import type { AiStep } from './types'

const mc = getRuleset('minecraft')

const endOf = (step: AiStep) =>
  step.command.type === 'action.declare' ? (step.command.action.path?.at(-1) ?? null) : null
const cheb = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))
const as = (id: string, level: 'easy' | 'normal' | 'hard' = 'normal') => ({
  personality: personalityOf(id),
  level
})

describe('personalities as data', () => {
  it('lists every built-in personality, each valid for the GM editor schema', () => {
    expect([...personalityIds].sort()).toEqual(Object.keys(personalities).sort())
    for (const id of personalityIds) expect(personalitySchema.safeParse(personalities[id]).success).toBe(true)
    expect(personalityWeightsSchema.safeParse({ risk: 0.5 }).success).toBe(true)
    expect(personalityWeightsSchema.safeParse({ risk: 'high' }).success).toBe(false)
  })

  it('a GM edit changes one weight and nothing else', () => {
    const edited = personalityOf('coward', { risk: 0.9, id: 7 } as unknown as Record<string, number>)
    expect(edited).toEqual({ ...personalities.coward, risk: 0.9 })
  })

  it('an id that is an Object.prototype name is unknown: it plays as a brute (issue 18)', () => {
    for (const id of ['constructor', 'toString', 'valueOf', 'hasOwnProperty'])
      expect(personalityOf(id, { risk: 0.5 })).toEqual({ ...brute, risk: 0.5 })
  })
})

describe('signature behaviours', () => {
  // A zombie at full life three squares from Steve: any fighter closes in.
  const duel = (life?: number) =>
    makeEncounter({
      width: 12,
      height: 8,
      figures: [
        { id: 'z', side: 'monsters', at: [5, 4], creature: 'minecraft:zombie', life },
        { id: 'h', side: 'heroes', at: [8, 4], creature: 'minecraft:steve' }
      ]
    })

  it('brute: closes in on the enemy', () => {
    const step = chooseStep(duel(), mc, 'z', as('brute'))
    const end = endOf(step)
    expect(end).not.toBeNull()
    expect(cheb(end!, { x: 8, y: 4 })).toBeLessThan(3)
  })

  it('coward: nearly dead, it moves away from the enemy instead', () => {
    const brave = chooseStep(duel(1), mc, 'z', as('brute'))
    const coward = chooseStep(duel(1), mc, 'z', as('coward'))
    expect(cheb(endOf(brave)!, { x: 8, y: 4 })).toBeLessThan(3)
    const end = endOf(coward)
    expect(end).not.toBeNull()
    expect(cheb(end!, { x: 8, y: 4 })).toBeGreaterThan(3)
    expect(coward.trace[0]!.terms.some((t) => t.key === 'flee')).toBe(true)
  })

  it('mindless: weighs no risk and no reactions', () => {
    const step = chooseStep(duel(), mc, 'z', as('mindless'))
    for (const o of step.trace)
      expect(o.terms.some((t) => ['risk', 'provoked', 'focus'].includes(t.key))).toBe(false)
  })

  it('protector: stays by its hurt ally rather than charge', () => {
    const s = makeEncounter({
      width: 14,
      height: 8,
      figures: [
        { id: 'z', side: 'monsters', at: [6, 4], creature: 'minecraft:zombie' },
        { id: 'ward', side: 'monsters', at: [2, 4], creature: 'minecraft:zombie', life: 2 },
        { id: 'h', side: 'heroes', at: [11, 4], creature: 'minecraft:steve' }
      ]
    })
    const brute = chooseStep(s, mc, 'z', as('brute'))
    const guard = chooseStep(s, mc, 'z', as('protector', 'normal'))
    const ward = { x: 2, y: 4 }
    const guardAt = endOf(guard) ?? { x: 6, y: 4 }
    const bruteAt = endOf(brute) ?? { x: 6, y: 4 }
    expect(cheb(guardAt, ward)).toBeLessThan(cheb(bruteAt, ward))
  })

  it('caster: shoots from range rather than end its turn within reach', () => {
    const s = makeEncounter({
      figures: [
        { id: 'sk', side: 'monsters', at: [3, 3], creature: 'minecraft:skeleton' },
        { id: 'h', side: 'heroes', at: [4, 3], creature: 'minecraft:steve' }
      ]
    })
    const step = chooseStep(s, mc, 'sk', as('caster'))
    // Engaged, the caster first steps out of reach (or at least never stays next to the hero to end).
    expect(step.command.type).toBe('action.declare')
    const end = endOf(step)
    if (end) expect(cheb(end, { x: 4, y: 3 })).toBeGreaterThan(1)
  })

  it('skirmisher: weighs the end square more than a brute does', () => {
    const brute = chooseStep(duel(), mc, 'z', as('brute'))
    const skirm = chooseStep(duel(), mc, 'z', as('skirmisher'))
    const risk = (s: AiStep) =>
      Math.min(0, ...s.trace.flatMap((o) => o.terms.filter((t) => t.key === 'risk').map((t) => t.value)))
    expect(risk(skirm)).toBeLessThan(risk(brute))
  })
})
