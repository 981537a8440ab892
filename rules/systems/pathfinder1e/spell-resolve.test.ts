import { describe, expect, it } from 'vitest'
import { openEconomy } from '../../core/economy'
import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { EncounterState } from '../../core/types'
import { armorClass } from './defense'
import { economy } from './economy'
import { readSettings } from './settings'
import { abilities, castOf, cleric, foe, rolls, runCast, SPELL, wizard } from './spell-fixtures'
import { startTurn } from './start-turn'
import { readStats } from './stats'
import { pfArmor, pfState } from './test-fixtures'

// Each of the six spells as the Core Rulebook words it [SRD], resolved with scripted dice (casting under
// threat: spell-concentration.test.ts). The wizard is caster level 3 with Int 16: save DCs 14 for 1st-level
// spells (16 for its 3rd-level hold person).

const damaged = (events: readonly GameEvent[]) =>
  events.flatMap((e) => (e.type === 'damaged' ? [[e.id, e.amount] as const] : []))
const missile = castOf(SPELL.missile, { targetId: 'g' })

describe('magic missile [SRD]: 1d4+1 per missile, no roll, no save', () => {
  it('caster level 3: two missiles, both on the one target (3+1 + 4+1 = 9); the cast is spent', () => {
    const out = runCast(pfState([wizard(), foe('g', 12, 5)]), missile, [3, 4])
    expect(out.events[0]).toMatchObject({ type: 'stats.set', id: 'w' })
    expect(out.stats('w').spells?.find((s) => s.id === SPELL.missile)?.uses).toBe(1)
    expect(out.events).toContainEqual({
      type: 'attack.declared',
      attackerId: 'w',
      targetId: 'g',
      mode: 'spell'
    })
    expect(rolls(out.events, 'pf1.spell-damage').map((r) => [r.sides, r.result])).toEqual([
      [4, 3],
      [4, 4]
    ])
    expect(damaged(out.events)).toEqual([['g', 9]])
    expect(out.figure('g').life).toBe(11)
  })

  it.each([
    [1, 1],
    [2, 1],
    [5, 3],
    [9, 5],
    [12, 5]
  ])('caster level %i: %i missiles', (cl, n) => {
    const out = runCast(
      pfState([wizard({ casterLevel: cl }), foe('g', 12, 5, {}, 40)]),
      missile,
      Array(n).fill(1)
    )
    expect(damaged(out.events)).toEqual([['g', 2 * n]])
  })
})

describe('burning hands [SRD]: 15-ft cone, 1d4 per level (max 5d4) fire, Reflex half', () => {
  // East cone from (5,5): (6,5); (7,4)–(7,6); (8,4)–(8,6).
  const figures = () => [wizard(), foe('g', 6, 5), foe('h', 8, 6), foe('k', 9, 5)]
  const cone = castOf(SPELL.burning, { facing: 2, targetId: 'g' })

  it('one damage roll for all; each figure in the cone saves on its own (DC 14); the one outside is untouched', () => {
    // 3d4 = 2+3+4 = 9; g rolls 15 (saves: 4), h rolls 5 (fails: 9).
    const out = runCast(pfState(figures()), cone, [2, 3, 4, 15, 5])
    expect(rolls(out.events, 'pf1.spell-damage')).toHaveLength(3)
    expect(
      rolls(out.events, 'pf1.reflex-save').map((r) => [r.actorId, r.result, r.target, r.success])
    ).toEqual([
      ['g', 15, 14, true],
      ['h', 5, 14, false]
    ])
    expect(damaged(out.events)).toEqual([
      ['g', 4],
      ['h', 9]
    ])
    expect(out.figure('k').life).toBe(20)
  })

  it('caps at 5d4 (caster level 7); a natural 1 fails the save', () => {
    const out = runCast(pfState([wizard({ casterLevel: 7 }), foe('g', 6, 5)]), cone, [1, 1, 1, 1, 1, 1])
    expect(rolls(out.events, 'pf1.spell-damage')).toHaveLength(5)
    expect(damaged(out.events)).toEqual([['g', 5]])
  })

  it('§4.6 cover adds to the Reflex save: +2 behind a low wall', () => {
    const wall = { settings: { terrain: [{ x: 7, y: 5, kind: 'lowWall' as const }] } }
    const target = () => [wizard(), foe('h', 8, 5)]
    const open = runCast(pfState(target()), { ...cone, targetId: 'h' }, [4, 4, 4, 12])
    expect(rolls(open.events, 'pf1.reflex-save')[0]).toMatchObject({ result: 12, success: false })
    const covered = runCast(pfState(target(), wall), { ...cone, targetId: 'h' }, [4, 4, 4, 12])
    expect(rolls(covered.events, 'pf1.reflex-save')[0]).toMatchObject({ result: 14, success: true })
    expect(damaged(covered.events)).toEqual([['h', 6]])
    expect(readSettings(pfState([])).coverReflex.normal).toBe(2)
  })

  it('a wall stops the cone: nobody behind it is caught, and no dice are rolled for nobody', () => {
    const out = runCast(
      pfState([wizard(), foe('h', 8, 5)], {
        blocks: [
          [6, 4],
          [6, 5],
          [6, 6]
        ]
      }),
      cone,
      []
    )
    expect(out.events.map((e) => e.type)).toEqual(['stats.set'])
  })
})

describe('cure light wounds [SRD]: 1d8 + caster level (max +5), touch', () => {
  it('heals 1d8+3 at caster level 3', () => {
    const out = runCast(
      pfState([cleric(), wizard({}, { life: 10, lifeMax: 20 })]),
      castOf(SPELL.cure, { targetId: 'w' }, 'c'),
      [5]
    )
    expect(rolls(out.events, 'pf1.heal').map((r) => [r.sides, r.result])).toEqual([[8, 5]])
    expect(out.events).toContainEqual({ type: 'healed', id: 'w', amount: 8, source: SPELL.cure })
    expect(out.figure('w').life).toBe(18)
    expect(out.stats('c').spells?.find((s) => s.id === SPELL.cure)?.uses).toBe(1)
  })

  it('never above maximum HP [TEXT L269]; caster level 9 adds only +5', () => {
    const out = runCast(
      pfState([cleric({ casterLevel: 9 }), wizard({}, { life: 17, lifeMax: 20 })]),
      castOf(SPELL.cure, { targetId: 'w' }, 'c'),
      [1]
    )
    expect(out.events).toContainEqual({ type: 'healed', id: 'w', amount: 3, source: SPELL.cure })
  })

  it('on itself, and a dying friend comes back into the fight', () => {
    const self = runCast(
      pfState([cleric({}, { life: 4, lifeMax: 20 })]),
      castOf(SPELL.cure, { targetId: 'c' }, 'c'),
      [8]
    )
    expect(self.figure('c').life).toBe(15)
    const dying = { ...wizard({}, { life: -3, lifeMax: 20 }), out: true }
    const out = runCast(pfState([cleric(), dying]), castOf(SPELL.cure, { targetId: 'w' }, 'c'), [5])
    expect(out.figure('w')).toMatchObject({ life: 5, out: false })
    expect(out.events.map((e) => e.type)).toContain('combatant.back')
  })
})

describe('cure light wounds on the undead [SRD]: a melee touch attack, then Will half', () => {
  // The cleric: BAB 0, Str 10 → touch +0 against the skeleton's touch AC 10; DC 14.
  const skeleton = (stats = {}) =>
    foe('z', 6, 6, {
      creatureType: 'undead',
      immuneCrit: true,
      abilities: abilities({ con: 0, int: 0 }),
      ...stats
    })
  const cure = castOf(SPELL.cure, { targetId: 'z' }, 'c')

  it('hit (12), 1d8+3 = 8, the save (15) halves it to 4', () => {
    const out = runCast(pfState([cleric(), skeleton()]), cure, [12, 5, 15])
    expect(out.events).toContainEqual({
      type: 'attack.declared',
      attackerId: 'c',
      targetId: 'z',
      mode: 'spell'
    })
    expect(rolls(out.events, 'pf1.attack')[0]).toMatchObject({ result: 12, target: 10, success: true })
    expect(rolls(out.events, 'pf1.will-save')[0]).toMatchObject({ actorId: 'z', target: 14, success: true })
    expect(damaged(out.events)).toEqual([['z', 4]])
    expect(out.events.some((e) => e.type === 'healed')).toBe(false)
  })

  it('a miss does nothing more (no damage dice, no save)', () => {
    const out = runCast(pfState([cleric(), skeleton()]), cure, [1])
    expect(out.events.map((e) => e.type)).toEqual([
      'stats.set',
      'attack.declared',
      'dice.rolled',
      'attack.missed'
    ])
  })

  it('§4.3 a confirmed 20 doubles the dice and the bonus (×2) on a creature that can be critted', () => {
    const out = runCast(pfState([cleric(), skeleton({ immuneCrit: false })]), cure, [20, 20, 5, 3, 2])
    expect(damaged(out.events)).toEqual([['z', 14]])
  })
})

describe('sleep [SRD]: 10-ft burst, 4 HD, fewest HD first, living with 4 HD or fewer, Will negates', () => {
  // Burst at the intersection (12,5): squares x 10–13, y 3–6 less the corners.
  const aim = { path: [{ x: 12, y: 5, z: 0 }] }
  const sleepers = (extra: Parameters<typeof foe>[3] = {}) => [
    wizard(),
    foe('s3', 12, 5, { level: 3 }),
    foe('s2', 11, 5, { level: 2 }),
    foe('s1b', 12, 4, { level: 1 }),
    foe('s1a', 11, 4, { level: 1, ...extra }),
    foe('big', 13, 5, { level: 5 }),
    foe('bones', 10, 5, { level: 1, creatureType: 'undead', abilities: abilities({ con: 0, int: 0 }) })
  ]

  it('picks 1 + 1 + 2 HD (the 3-HD one does not fit); 5 HD and the undead are immune; each saves', () => {
    // Will saves, lowest HD first (ties by distance, then id): s1a 3 fails, s1b 14 saves, s2 2 fails.
    const out = runCast(pfState(sleepers()), castOf(SPELL.sleep, { ...aim, targetId: 's1a' }), [3, 14, 2])
    expect(rolls(out.events, 'pf1.will-save').map((r) => [r.actorId, r.target, r.success])).toEqual([
      ['s1a', 14, false],
      ['s1b', 14, true],
      ['s2', 14, false]
    ])
    const asleep = (id: string) => out.stats(id).conditions.includes('asleep')
    expect(['s1a', 's1b', 's2', 's3', 'big', 'bones'].filter(asleep)).toEqual(['s1a', 's2'])
    expect(out.stats('w').spells?.find((s) => s.id === SPELL.sleep)?.uses).toBe(0)
  })

  it('a figure already asleep is skipped and spends none of the 4 HD', () => {
    const out = runCast(pfState(sleepers({ conditions: ['asleep'] })), castOf(SPELL.sleep, aim), [3, 3])
    expect(rolls(out.events, 'pf1.will-save').map((r) => r.actorId)).toEqual(['s1b', 's2'])
  })

  it('a sleeper is helpless: AC as §4.8 reads it', () => {
    const out = runCast(pfState(sleepers()), castOf(SPELL.sleep, aim), [1, 20, 20])
    const ctx = {
      touch: false,
      vsRanged: false,
      cover: 'none' as const,
      coverAc: { partial: 2, normal: 4, improved: 8 }
    }
    // Dex 10 treated as 0 (−5) and −4 against melee.
    expect(armorClass(out.figure('s1a'), ctx)).toBe(1)
  })
})

describe('hold person [SRD]: a humanoid, Will negates, a new save each round', () => {
  const hold = castOf(SPELL.hold, { targetId: 'g' })

  /** `id` opening its turn in round 2, as the flow does before `startTurn`. */
  function turnOf(state: EncounterState, id: string): EncounterState {
    const actor = state.combatants.find((c) => c.id === id)!
    const opened = openEconomy(economy, { ...state, round: 2 }, actor)
    return applyEvents({ ...state, round: 2 }, [
      { type: 'turn.started', sideId: actor.side, actorId: id, economy: opened }
    ])
  }

  it('a failed save leaves the target held (DC 16 from a 3rd-level slot), counted in its turns', () => {
    const out = runCast(pfState([wizard(), foe('g', 12, 5)]), hold, [10])
    expect(out.events).toContainEqual({
      type: 'attack.declared',
      attackerId: 'w',
      targetId: 'g',
      mode: 'spell'
    })
    expect(rolls(out.events, 'pf1.will-save')[0]).toMatchObject({
      actorId: 'g',
      result: 10,
      target: 16,
      success: false
    })
    expect(out.stats('g').effects).toEqual([{ id: 'held', until: 'g', rounds: 4, dc: 16 }])
  })

  it('a successful save negates it', () => {
    const out = runCast(pfState([wizard(), foe('g', 12, 5)]), hold, [16])
    expect(out.stats('g').effects).toEqual([])
  })

  it('the held figure saves at each of its turns (start-turn.ts); a success frees it', () => {
    const held = runCast(pfState([wizard(), foe('g', 12, 5)]), hold, [10]).state
    const opening = turnOf(held, 'g')
    const events = startTurn(opening, 'g', forcedDice([16]))
    expect(events).toContainEqual(
      expect.objectContaining({ purpose: 'pf1.hold-save', target: 16, success: true })
    )
    const after = applyEvents(opening, events)
    expect(readStats(after.combatants.find((c) => c.id === 'g')!).effects).toEqual([])
  })

  it('caster level 3: three of the target’s turns held, free at the fourth', () => {
    let state = runCast(pfState([wizard(), foe('g', 12, 5)]), hold, [10]).state
    const heldAt: boolean[] = []
    for (let turn = 0; turn < 4; turn++) {
      const opening = turnOf(state, 'g')
      // A natural 1 fails every save it gets.
      const events = startTurn(opening, 'g', forcedDice([1]))
      state = applyEvents(opening, [...events, { type: 'turn.ended', actorId: 'g' }])
      heldAt.push(readStats(state.combatants.find((c) => c.id === 'g')!).effects.length > 0)
    }
    expect(heldAt).toEqual([true, true, true, false])
  })

  it('the cleric’s 2nd-level hold person: DC 15', () => {
    const out = runCast(
      pfState([cleric(), foe('g', 12, 5)]),
      castOf(SPELL.hold, { targetId: 'g' }, 'c'),
      [14]
    )
    expect(out.stats('g').effects).toEqual([{ id: 'held', until: 'g', rounds: 4, dc: 15 }])
  })
})

describe('mage armor [SRD]: +4 armor bonus, not stacking with armor', () => {
  const ctx = {
    touch: false,
    vsRanged: false,
    cover: 'none' as const,
    coverAc: { partial: 2, normal: 4, improved: 8 }
  }
  const armorOn = (target: string, figures = [wizard(), cleric()]) =>
    runCast(pfState(figures), castOf(SPELL.armor, { targetId: target }), [])

  it('+4 AC on itself (10 → 14); touch AC unchanged; the duration capped at 1000 rounds', () => {
    const out = armorOn('w')
    expect(out.stats('w').effects).toEqual([{ id: 'mageArmor', until: 'w', rounds: 1000, value: 4 }])
    expect(armorClass(out.figure('w'), ctx)).toBe(14)
    expect(armorClass(out.figure('w'), { ...ctx, touch: true })).toBe(10)
  })

  it('on a friend touched', () => {
    expect(armorClass(armorOn('c').figure('c'), ctx)).toBe(14)
  })

  it('a chain shirt (+4) gives the same 14, a +6 armor stays at 16: armor bonuses do not stack', () => {
    const shirt = armorOn('w', [wizard({ armor: pfArmor(4, 4, 'light') })])
    expect(armorClass(shirt.figure('w'), ctx)).toBe(14)
    const heavy = armorOn('w', [wizard({ armor: pfArmor(6, 1, 'medium') })])
    expect(armorClass(heavy.figure('w'), ctx)).toBe(16)
  })

  it('a second casting replaces the first', () => {
    const twice = wizard({
      effects: [{ id: 'mageArmor', until: 'w', rounds: 3, value: 4 }],
      spells: [{ id: SPELL.armor, level: 1, uses: 1 }]
    })
    expect(armorOn('w', [twice]).stats('w').effects).toEqual([
      { id: 'mageArmor', until: 'w', rounds: 1000, value: 4 }
    ])
  })

  it('a short duration ticks on the target: 1 hour is 600 rounds (+1 on a friend, whose turn may come first)', () => {
    const low = (id: string) =>
      runCast(
        pfState([wizard({ casterLevel: 1 }), cleric()]),
        castOf(SPELL.armor, { targetId: id }),
        []
      ).stats(id)
    expect(low('w').effects[0]?.rounds).toBe(600)
    expect(low('c').effects[0]?.rounds).toBe(601)
  })
})
