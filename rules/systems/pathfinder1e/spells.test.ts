import { describe, expect, it } from 'vitest'
import { createFigure } from './content'
import {
  allSpells,
  bundledSpells,
  canAffect,
  durationRounds,
  effectDice,
  missilesFor,
  pickByHitDice,
  rangeFt,
  sleepHdBudget,
  spellById,
  spellDc,
  spellDocSchema,
  spellLevelFor,
  type PfSpell
} from './spells'
import { readStats } from './stats'

// The six spells of issue 9 against the Core Rulebook (OGL) chapter 10 [SRD]; the action rules cite
// pathfinder1e.md §3.2 "Spells" [TEXT L189–195].

const at = { side: 's', pos: { x: 0, y: 0, z: 0 } }
const figure = (id: string) => createFigure(`pathfinder1e:${id}`, { ...at, id })
const stats = (id: string) => readStats(figure(id))

function spell(id: string): PfSpell {
  const s = spellById(`pathfinder1e:${id}`)
  if (!s) throw new Error(`missing ${id}`)
  return s
}

describe('pathfinder1e spell documents', () => {
  it('bundles exactly the six spells of the issue, each valid and named in both languages', () => {
    expect([...allSpells().keys()].toSorted()).toEqual(
      ['burning-hands', 'cure-light-wounds', 'hold-person', 'mage-armor', 'magic-missile', 'sleep'].map(
        (id) => `pathfinder1e:${id}`
      )
    )
    for (const raw of bundledSpells) expect(spellDocSchema.safeParse(raw).success).toBe(true)
    for (const s of allSpells().values()) expect(s.source).toMatch(/^Pathfinder RPG Core Rulebook \(OGL\)/)
    expect(spellById('pathfinder1e:fireball')).toBeUndefined()
  })

  // [SRD] level by class list, action, range, area, save, spell resistance.
  it.each([
    ['magic-missile', { wizard: 1 }, 'standard', 'medium', undefined, null, true],
    ['burning-hands', { wizard: 1 }, 'standard', 15, { shape: 'cone', lengthFt: 15 }, 'ref/half', true],
    ['cure-light-wounds', { cleric: 1 }, 'standard', 'touch', undefined, 'will/half', true],
    ['sleep', { wizard: 1 }, 'full', 'medium', { shape: 'burst', radiusFt: 10 }, 'will/negates', true],
    ['hold-person', { wizard: 3, cleric: 2 }, 'standard', 'medium', undefined, 'will/negates', true],
    ['mage-armor', { wizard: 1 }, 'standard', 'touch', undefined, 'will/negates', false]
  ])(
    '%s: level %o, %s action, range %s, area %o, save %s, SR %s',
    (id, level, action, range, area, save, sr) => {
      const s = spell(id)
      expect(s.level).toEqual(level)
      expect(s.action).toBe(action)
      expect(s.provokes).toBe(true)
      expect(s.range).toBe(range)
      expect(s.area).toEqual(area)
      expect(s.save === null ? null : `${s.save.type}/${s.save.onSuccess}`).toBe(save)
      expect(s.spellResistance).toBe(sr)
    }
  )

  it('sleep has a casting time of 1 round: a full-round action that lands before the next turn (§3.2)', () => {
    expect(spell('sleep').oneRound).toBe(true)
    expect(spell('magic-missile').oneRound).toBeUndefined()
  })
})

describe('pathfinder1e spell numbers [SRD]', () => {
  it.each([
    ['close', 1, 25],
    ['close', 2, 30],
    ['close', 5, 35],
    ['close', 10, 50],
    ['medium', 1, 110],
    ['medium', 5, 150],
    ['long', 1, 440],
    ['long', 10, 800],
    ['touch', 7, 5],
    ['personal', 7, 0],
    [15, 9, 15]
  ] as const)('range %s at caster level %i is %i ft', (range, cl, feet) => {
    expect(rangeFt(range, cl)).toBe(feet)
  })

  it.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
    [7, 4],
    [9, 5],
    [11, 5],
    [20, 5]
  ])('magic missile at caster level %i fires %i missiles of 1d4+1 force', (cl, missiles) => {
    expect(missilesFor(cl)).toBe(missiles)
    expect(effectDice(spell('magic-missile'), cl)).toBe('1d4+1')
    expect(spell('magic-missile').effect).toMatchObject({ key: 'damage', energy: 'force', autoHit: true })
    expect(spell('magic-missile')).toMatchObject({ maxTargets: 5, targetSpreadFt: 15 })
  })

  it.each([
    [1, '1d4'],
    [3, '3d4'],
    [5, '5d4'],
    [10, '5d4']
  ])('burning hands at caster level %i deals %s fire, Reflex half', (cl, dice) => {
    expect(effectDice(spell('burning-hands'), cl)).toBe(dice)
    expect(spell('burning-hands').effect).toMatchObject({ key: 'damage', energy: 'fire' })
  })

  it.each([
    [1, '1d8+1'],
    [3, '1d8+3'],
    [5, '1d8+5'],
    [9, '1d8+5']
  ])('cure light wounds at caster level %i heals %s (and harms undead)', (cl, dice) => {
    expect(effectDice(spell('cure-light-wounds'), cl)).toBe(dice)
    expect(spell('cure-light-wounds').effect).toMatchObject({ key: 'heal', harmsUndead: true })
  })

  it.each([
    ['magic-missile', 5, undefined],
    ['sleep', 1, 10],
    ['sleep', 3, 30],
    ['hold-person', 3, 3],
    ['mage-armor', 1, 600],
    ['mage-armor', 2, 1200]
  ])('%s at caster level %i lasts %s rounds (1 min = 10 rounds, 1 hour = 600)', (id, cl, rounds) => {
    expect(durationRounds(spell(id), cl)).toBe(rounds)
  })

  it('hold person paralyzes through the held effect with a save each round; mage armor is +4 armor', () => {
    expect(spell('hold-person').effect).toEqual({
      key: 'condition',
      condition: 'paralyzed',
      effect: 'held',
      saveEachRound: true
    })
    expect(spell('mage-armor').effect).toEqual({ key: 'armorBonus', bonus: 4, effect: 'mageArmor' })
    expect(spell('sleep').effect).toMatchObject({ key: 'condition', condition: 'asleep' })
  })
})

describe('sleep: 4 HD of creatures, fewest HD first [SRD]', () => {
  const sleep = spell('sleep')
  const c = (id: string, hd: number, distanceFt: number) => ({ id, hd, distanceFt })

  it('has a 4 HD budget and leaves creatures of 5 or more HD alone', () => {
    expect(sleepHdBudget()).toBe(4)
    expect(pickByHitDice(sleep, [c('troll', 5, 0), c('goblin', 1, 10)])).toEqual(['goblin'])
  })

  it('takes the fewest HD first, ties to the closest to the point of origin', () => {
    const five = [c('g1', 1, 20), c('g2', 1, 5), c('g3', 1, 10), c('g4', 1, 0), c('g5', 1, 15)]
    expect(pickByHitDice(sleep, five)).toEqual(['g4', 'g2', 'g3', 'g5'])
    const mixed = [c('gnoll', 2, 5), c('far', 1, 20), c('near', 1, 10), c('bugbear', 3, 0)]
    expect(pickByHitDice(sleep, mixed)).toEqual(['near', 'far', 'gnoll'])
  })

  it('wastes HD too few for the next creature', () => {
    expect(pickByHitDice(sleep, [c('a', 3, 0), c('b', 3, 5)])).toEqual(['a'])
    expect(pickByHitDice(sleep, [c('ogre', 4, 10), c('rat', 1, 0)])).toEqual(['rat'])
  })

  it('affects only living, minded creatures (mind-affecting); hold person only humanoids', () => {
    const hold = spell('hold-person')
    expect(canAffect(sleep, stats('goblin'))).toBe(true)
    expect(canAffect(sleep, stats('skeleton'))).toBe(false)
    expect(canAffect(sleep, stats('ghoul'))).toBe(false)
    expect(canAffect(sleep, stats('giant-spider'))).toBe(false)
    expect(canAffect(sleep, stats('owlbear'))).toBe(false)
    expect(canAffect(sleep, stats('ogre'))).toBe(true)
    expect(canAffect(hold, stats('goblin'))).toBe(true)
    expect(canAffect(hold, stats('ogre'))).toBe(true)
    expect(canAffect(hold, stats('wolf'))).toBe(false)
    expect(canAffect(hold, stats('ghoul'))).toBe(false)
    expect(canAffect(spell('cure-light-wounds'), stats('zombie'))).toBe(true)
  })
})

describe('spell DCs: 10 + spell level + casting ability modifier [SRD]', () => {
  it.each([
    ['human-wizard', 'sleep', 15],
    ['human-wizard', 'burning-hands', 15],
    ['human-cleric', 'cure-light-wounds', 14],
    ['bandit-priest', 'hold-person', 15]
  ])('%s casts %s at DC %i', (caster, id, dc) => {
    expect(spellDc(figure(caster), spell(id))).toBe(dc)
  })

  it('an unprepared spell takes the level of the caster’s class list; a non-caster has no DC', () => {
    expect(spellLevelFor(stats('human-wizard'), spell('hold-person'))).toBe(3)
    expect(spellLevelFor(stats('human-cleric'), spell('hold-person'))).toBe(2)
    expect(() => spellLevelFor(stats('human-cleric'), spell('magic-missile'))).toThrow(
      /not on the cleric list/
    )
    expect(() => spellDc(figure('goblin'), spell('sleep'))).toThrow(/casts no spells/)
  })
})

describe('spell documents fail loudly', () => {
  const base = bundledSpells[0] as Record<string, unknown>
  it.each([
    ['an unknown field', { extra: 1 }],
    ['an unknown effect key', { effect: { key: 'teleport' } }],
    [
      'damage with both fixed dice and dice per level',
      {
        effect: {
          key: 'damage',
          energy: 'fire',
          dice: '1d4',
          perLevel: { die: 'd4', maxDice: 5 },
          autoHit: true
        }
      }
    ],
    ['an area spell without an area', { target: 'area' }],
    ['a 1-round spell as a standard action', { oneRound: true }],
    ['no class list', { level: {} }],
    ['an id outside the namespace', { id: 'hq2:magic-missile' }]
  ])('refuses %s', (_what, patch) => {
    expect(spellDocSchema.safeParse({ ...base, ...patch }).success).toBe(false)
  })
})
