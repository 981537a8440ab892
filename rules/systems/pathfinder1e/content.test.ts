import { describe, expect, it } from 'vitest'
import {
  armorById,
  bundledDocuments,
  contentDocSchema,
  createFigure,
  creatureById,
  loadContent,
  pathfinder1eContent,
  weaponById
} from './content'
import { abilityMod, SIZE_TABLE, statsSchema, type PfStats } from './stats'

// The OGL content set of issue 9: every document validates, and the creatures reproduce the published stat
// blocks (Bestiary, GameMastery Guide, Core Rulebook) through the §4 formulas of pathfinder1e.md.

const content = pathfinder1eContent()
const creatures = [...content.creatures.values()]
const docs = bundledDocuments as Array<Record<string, unknown>>
const at = { side: 's', pos: { x: 2, y: 3, z: 0 } }
const stats = (id: string): PfStats =>
  statsSchema.parse(createFigure(`pathfinder1e:${id}`, { ...at, id }).stats)

// §4.2 AC, touch and flat-footed AC.
function armorClass(s: PfStats): [number, number, number] {
  const caps = [s.armor?.maxDex, s.shield?.maxDex].filter((m): m is number => typeof m === 'number')
  const dex = Math.min(abilityMod(s.abilities.dex), ...caps)
  const size = SIZE_TABLE[s.size].mod
  const { natural, deflection, dodge, misc } = s.ac
  const worn = (s.armor?.bonus ?? 0) + (s.shield?.bonus ?? 0)
  const ac = 10 + worn + dex + size + natural + deflection + dodge + misc
  return [ac, ac - worn - natural, ac - Math.max(0, dex) - dodge]
}

// §4.9, with the Bestiary's undead rule: no Con score, so Fortitude uses Cha.
function saves(s: PfStats): [number, number, number] {
  const fortAbility = s.creatureType === 'undead' ? s.abilities.cha : s.abilities.con
  return [
    s.saves.fort + abilityMod(fortAbility),
    s.saves.ref + abilityMod(s.abilities.dex),
    s.saves.will + abilityMod(s.abilities.wis)
  ]
}

// §4.10 CMB and CMD (Tiny and smaller use Dex; dodge and deflection add to CMD).
function maneuvers(s: PfStats): [number, number] {
  const str = abilityMod(s.abilities.str)
  const dex = abilityMod(s.abilities.dex)
  const special = SIZE_TABLE[s.size].special
  const cmb = s.bab + (special <= -2 ? dex : str) + special
  return [cmb, 10 + s.bab + str + dex + special + s.ac.dodge + s.ac.deflection]
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `${n}` : '')

// §4.1 and §4.4: the main-hand weapon (or the first natural attack when nothing is wielded) as "+N dice±K".
function firstAttack(s: PfStats): string {
  const str = abilityMod(s.abilities.str)
  const dex = abilityMod(s.abilities.dex)
  const size = SIZE_TABLE[s.size].mod
  const finesse = s.feats.includes('WeaponFinesse')
  const weapon = s.weapons.find((w) => w.id === s.wielding.main)
  if (weapon) {
    const ranged = weapon.handedness === 'ranged'
    const light = weapon.handedness === 'light' || weapon.traits.includes('finesse')
    const attack = s.bab + (ranged || (finesse && light) ? dex : str) + size + weapon.enhancement
    const damage =
      ranged && !weapon.thrown
        ? Math.min(str, weapon.compositeStr ?? 0)
        : weapon.handedness === 'two' && str > 0
          ? Math.floor(1.5 * str)
          : str
    return `${signed(attack) || '+0'} ${weapon.damage}${signed(damage)}`
  }
  const [first] = s.naturalAttacks
  if (!first) throw new Error('no attack')
  const only = s.naturalAttacks.reduce((n, a) => n + a.count, 0) === 1
  const attack = s.bab + (finesse ? dex : str) + size - (first.primary ? 0 : 5)
  const damage = str < 0 ? str : !first.primary ? Math.floor(str / 2) : only ? Math.floor(1.5 * str) : str
  return `${signed(attack) || '+0'} ${first.damage}${signed(damage)}`
}

describe('pathfinder1e content', () => {
  it('validates every document strictly, with unique namespaced ids and a named source', () => {
    const ids = docs.map((d) => d.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const doc of docs) {
      expect(contentDocSchema.safeParse(doc).success, String(doc.id)).toBe(true)
      expect(doc.id).toMatch(/^pathfinder1e:[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(doc.source).toMatch(/Pathfinder RPG (Core Rulebook|Bestiary|GameMastery Guide) \(OGL\)/)
    }
  })

  it('has at least 20 creatures, 30 weapons, the Core armor and shields, 4 heroes and 6 spells', () => {
    expect(creatures.filter((c) => c.role !== 'hero').length).toBeGreaterThanOrEqual(20)
    expect(creatures.filter((c) => c.role === 'hero').map((c) => c.id)).toEqual([
      'pathfinder1e:human-fighter',
      'pathfinder1e:halfling-rogue',
      'pathfinder1e:human-cleric',
      'pathfinder1e:human-wizard'
    ])
    expect([...content.weapons.values()].filter((w) => w.sizedFor === 'M').length).toBeGreaterThanOrEqual(30)
    const armor = [...content.armor.values()]
    expect(armor.filter((a) => a.category !== 'shield').length).toBeGreaterThanOrEqual(12)
    expect(armor.filter((a) => a.category === 'shield').length).toBeGreaterThanOrEqual(5)
    expect(content.spells.size).toBe(6)
    expect(content.byId.size).toBe(docs.length)
  })

  it('resolves every creature’s equipment, fitted to its size, and its spells', () => {
    for (const c of creatures) {
      for (const id of c.stats.weapons) expect(weaponById(id)?.sizedFor, `${c.id} ${id}`).toBe(c.stats.size)
      if (c.stats.armor) expect(armorById(c.stats.armor)?.category).not.toBe('shield')
      if (c.stats.shield) expect(armorById(c.stats.shield)?.category).toBe('shield')
      for (const slot of c.stats.spells ?? []) expect(content.spells.has(slot.id)).toBe(true)
    }
    expect(creatureById('pathfinder1e:nobody')).toBeUndefined()
  })

  // [SRD] Table 6-4 spot checks: damage (Medium), threat range, multiplier, reach, range, traits.
  it.each([
    ['longsword', '1d8', 19, 2, 'one', false, undefined, []],
    ['greatsword', '2d6', 19, 2, 'two', false, undefined, []],
    ['falchion', '2d4', 18, 2, 'two', false, undefined, []],
    ['rapier', '1d6', 18, 2, 'one', false, undefined, ['finesse']],
    ['greataxe', '1d12', 20, 3, 'two', false, undefined, []],
    ['longspear', '1d8', 20, 3, 'two', true, undefined, ['brace']],
    ['glaive', '1d10', 20, 3, 'two', true, undefined, []],
    ['lance', '1d8', 20, 3, 'two', true, undefined, ['lance']],
    ['halberd', '1d10', 20, 3, 'two', false, undefined, ['brace', 'trip']],
    ['quarterstaff', '1d6', 20, 2, 'two', false, undefined, ['double', 'monk']],
    ['dagger', '1d4', 19, 2, 'light', false, 10, []],
    ['javelin', '1d6', 20, 2, 'ranged', false, 30, []],
    ['longbow', '1d8', 20, 3, 'ranged', false, 100, []],
    ['heavy-crossbow', '1d10', 19, 2, 'ranged', false, 120, []],
    ['sap', '1d6', 20, 2, 'light', false, undefined, ['nonlethal']],
    ['shortsword-small', '1d4', 19, 2, 'light', false, undefined, []]
  ] as const)(
    '%s: %s, threat %i+, x%i, %s, reach %s, range %s, %o',
    (id, dmg, cr, mult, hand, reach, range, traits) => {
      const w = weaponById(`pathfinder1e:${id}`)
      expect(w).toMatchObject({ damage: dmg, critRange: cr, critMult: mult, handedness: hand, reach, traits })
      expect(w?.rangeIncrementFt).toBe(range)
    }
  )

  // [SRD] Table 6-6: armor bonus, max Dex, check penalty.
  it.each([
    ['padded', 1, 8, 0, 'light'],
    ['chain-shirt', 4, 4, -2, 'light'],
    ['scale-mail', 5, 3, -4, 'medium'],
    ['chainmail', 6, 2, -5, 'medium'],
    ['full-plate', 9, 1, -6, 'heavy'],
    ['buckler', 1, null, -1, 'shield'],
    ['heavy-steel-shield', 2, null, -2, 'shield'],
    ['tower-shield', 4, 2, -10, 'shield']
  ] as const)('%s: +%i, max Dex %s, check penalty %i, %s', (id, bonus, maxDex, acp, category) => {
    expect(armorById(`pathfinder1e:${id}`)).toMatchObject({ bonus, maxDex, checkPenalty: acp, category })
  })
})

describe('the creatures reproduce their published stat blocks', () => {
  // id, [AC, touch, flat-footed], hp, [Fort, Ref, Will], [CMB, CMD], initiative, first attack.
  it.each([
    ['goblin', [16, 13, 14], 6, [3, 2, -1], [0, 12], 6, '+2 1d4'],
    ['goblin-archer', [15, 13, 13], 6, [3, 2, -1], [0, 12], 6, '+4 1d4'],
    ['orc', [13, 10, 13], 6, [3, 0, -1], [4, 14], 0, '+4 2d4+4'],
    ['skeleton', [16, 12, 14], 4, [0, 2, 2], [2, 14], 6, '+2 1d4+2'],
    ['zombie', [12, 10, 12], 12, [0, 0, 3], [4, 14], 0, '+4 1d6+4'],
    ['wolf', [14, 12, 12], 13, [5, 5, 1], [2, 14], 2, '+2 1d6+1'],
    ['ogre', [17, 8, 17], 30, [6, 0, 3], [9, 18], -1, '+7 2d8+7'],
    ['giant-spider', [14, 13, 11], 16, [4, 4, 1], [2, 15], 3, '+2 1d6'],
    ['hobgoblin', [16, 12, 14], 17, [5, 2, 1], [3, 15], 2, '+3 1d8+2'],
    ['gnoll', [15, 10, 15], 11, [4, 0, 0], [3, 13], 0, '+3 1d8+2'],
    ['bugbear', [17, 11, 16], 16, [2, 4, 1], [5, 16], 1, '+5 1d8+3'],
    ['dire-rat', [14, 14, 11], 5, [3, 5, 1], [-1, 12], 3, '+1 1d4'],
    ['owlbear', [15, 10, 14], 47, [10, 5, 2], [11, 22], 5, '+9 1d6+5'],
    ['kobold', [15, 12, 14], 4, [2, 1, -1], [-1, 10], 1, '+1 1d6-1'],
    ['worg', [14, 12, 12], 26, [5, 6, 3], [7, 19], 2, '+7 1d6+4'],
    ['bandit', [17, 13, 14], 11, [3, 2, -1], [3, 16], 2, '+3 1d6+1'],
    ['lizardfolk', [17, 10, 17], 11, [4, 0, 0], [2, 12], 0, '+2 1d8+1'],
    ['ghoul', [14, 12, 12], 13, [2, 2, 5], [2, 14], 2, '+3 1d6+1'],
    ['dire-wolf', [14, 11, 12], 37, [7, 6, 2], [8, 20], 2, '+6 1d8+6'],
    ['giant-centipede', [14, 12, 12], 5, [3, 2, 0], [-1, 11], 2, '+2 1d6-1'],
    ['light-horse', [11, 11, 9], 15, [6, 5, 1], [5, 17], 2, '-2 1d4+1'],
    ['light-warhorse', [11, 11, 9], 15, [6, 5, 1], [5, 17], 2, '+3 1d4+3'],
    ['goblin-dog', [13, 12, 11], 9, [4, 4, 1], [2, 14], 2, '+2 1d6+3'],
    ['riding-dog', [13, 12, 11], 13, [5, 5, 1], [3, 15], 2, '+3 1d6+3'],
    ['human-fighter', [19, 11, 18], 13, [4, 1, 1], [4, 15], 1, '+4 1d8+3'],
    ['halfling-rogue', [17, 15, 13], 10, [2, 7, 1], [-1, 13], 4, '+5 1d4'],
    ['human-cleric', [16, 10, 16], 11, [4, 0, 5], [2, 12], 0, '+2 1d8+2'],
    ['human-wizard', [12, 12, 10], 9, [2, 2, 2], [0, 12], 6, '+0 1d6'],
    ['bandit-priest', [17, 10, 17], 19, [5, 1, 6], [3, 13], 0, '+3 1d8+1']
  ] as const)('%s: AC %o, hp %i, saves %o, CMB/CMD %o, Init %i, %s', (id, ac, hp, sv, cm, init, attack) => {
    const s = stats(id)
    expect(armorClass(s)).toEqual(ac)
    expect(creatureById(`pathfinder1e:${id}`)?.hp).toBe(hp)
    expect(saves(s)).toEqual(sv)
    expect(maneuvers(s)).toEqual(cm)
    expect(abilityMod(s.abilities.dex) + s.initiativeMisc).toBe(init)
    expect(firstAttack(s)).toBe(attack)
  })

  it('spot checks: goblin, ogre, wolf, extra legs against trip (A10)', () => {
    const goblin = stats('goblin')
    expect(goblin.weapons.map((w) => w.id)).toEqual([
      'pathfinder1e:shortsword-small',
      'pathfinder1e:shortbow-small'
    ])
    expect([goblin.armor?.id, goblin.shield?.id]).toEqual([
      'pathfinder1e:leather',
      'pathfinder1e:light-wooden-shield'
    ])
    const ogre = createFigure('pathfinder1e:ogre', { ...at, id: 'o' })
    expect(ogre.size).toBe(2)
    expect(SIZE_TABLE[stats('ogre').size].reachTall).toBe(10)
    expect(stats('ogre').shape).toBe('tall')
    expect(stats('wolf').naturalAttacks).toEqual([
      {
        id: 'bite',
        damage: '1d6',
        primary: true,
        critRange: 20,
        critMult: 2,
        types: ['B', 'P', 'S'],
        count: 1,
        trip: true
      }
    ])
    // CMD vs trip +2 per leg beyond two: wolf 18, giant spider 27, dire rat 16 (as printed).
    for (const [id, cmd] of [
      ['wolf', 18],
      ['giant-spider', 27],
      ['dire-rat', 16]
    ] as const)
      expect(maneuvers(stats(id))[1] + 2 * (stats(id).legs - 2)).toBe(cmd)
  })

  it('casters carry their prepared spells; the rogue its sneak attack; the zombie is always staggered', () => {
    expect(stats('human-cleric')).toMatchObject({ casterLevel: 1, castingAbility: 'wis' })
    expect(stats('human-cleric').spells).toEqual([
      { id: 'pathfinder1e:cure-light-wounds', level: 1, uses: 3 }
    ])
    expect(
      stats('human-wizard')
        .spells?.map((s) => s.id)
        .toSorted()
    ).toEqual(['burning-hands', 'mage-armor', 'magic-missile', 'sleep'].map((s) => `pathfinder1e:${s}`))
    expect(stats('bandit-priest').spells?.[0]).toEqual({ id: 'pathfinder1e:hold-person', level: 2, uses: 2 })
    expect(stats('halfling-rogue').sneakAttackDice).toBe(1)
    expect(stats('zombie').conditions).toEqual(['staggered'])
  })
})

describe('createFigure', () => {
  it('builds a flat-footed, unspent combatant with life, the −Con floor and its footprint', () => {
    const fighter = createFigure('pathfinder1e:human-fighter', { ...at, id: 'f', controller: 'human' })
    expect(fighter).toMatchObject({
      id: 'f',
      name: 'Guerrera humana',
      controller: 'human',
      life: 13,
      lifeMax: 13
    })
    expect(fighter).toMatchObject({ lifeMin: -14, size: 1, out: false, pos: at.pos })
    expect(fighter.stats).toMatchObject({
      flatFooted: true,
      aware: true,
      aooUsed: 0,
      aooRound: 0,
      effects: []
    })
    expect(createFigure('pathfinder1e:skeleton', { ...at, id: 's' }).lifeMin).toBe(0)
    expect(createFigure('pathfinder1e:dire-rat', { ...at, id: 'r' }).size).toBe(1)
    const unaware = createFigure('pathfinder1e:goblin', { ...at, id: 'g', aware: false, name: 'Gruk' })
    expect(unaware).toMatchObject({ name: 'Gruk', controller: 'ai', stats: { aware: false } })
    expect(() => createFigure('pathfinder1e:nobody', { ...at, id: 'x' })).toThrow(/unknown creature/)
  })
})

describe('loadContent fails loudly', () => {
  const find = (id: string) => docs.find((d) => d.id === `pathfinder1e:${id}`) as Record<string, unknown>
  const goblin = find('goblin')
  const goblinStats = goblin.stats as Record<string, unknown>
  const gear = ['shortsword-small', 'shortbow-small', 'leather', 'light-wooden-shield'].map(find)

  it('on unknown fields, duplicate ids and dangling references', () => {
    expect(() => loadContent([...gear, { ...goblin, extra: 1 }])).toThrow()
    expect(() => loadContent([...gear, goblin, goblin])).toThrow(/duplicate/)
    expect(() => loadContent([goblin])).toThrow(/unknown (weapon|armor|shield)/)
    expect(() => loadContent([...gear])).not.toThrow()
  })

  it('on a grip it does not carry, a shield worn as armor, or a spell at the wrong level', () => {
    const withStats = (patch: Record<string, unknown>) => ({ ...goblin, stats: { ...goblinStats, ...patch } })
    expect(() =>
      loadContent([...gear, withStats({ wielding: { main: 'pathfinder1e:dagger', off: null } })])
    ).toThrow(/does not carry/)
    expect(() => loadContent([...gear, withStats({ armor: 'pathfinder1e:light-wooden-shield' })])).toThrow(
      /as armor/
    )
    const spells = {
      casterLevel: 1,
      castingAbility: 'int',
      spells: [{ id: 'pathfinder1e:sleep', level: 2, uses: 1 }]
    }
    expect(() => loadContent([...gear, find('sleep'), withStats(spells)])).toThrow(/at level 2, not 1/)
  })
})
