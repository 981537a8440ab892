import { describe, expect, it } from 'vitest'
import type { Action, Combatant } from '../../core/types'
import { reactionsTo } from './reactions'
import { castProvoking, spellActions, validateCast } from './spell-actions'
import { abilities, castOf, cleric, foe, SPELL, wizard } from './spell-fixtures'
import { pfArmor, pfFigure, pfState } from './test-fixtures'

// pathfinder1e.md §3.2 "Spells" and §3.4: which casts are legal, which the figure is offered, and what a
// cast provokes. Spell data: the Core Rulebook's chapter 10 [SRD].

const at = (x: number, y: number) => ({ path: [{ x, y, z: 0 }] })
/** A wall across the whole board at column x. */
const wallAt = (x: number): Array<[number, number]> => Array.from({ length: 30 }, (_, y) => [x, y])
const codeOf = (figures: Combatant[], action: Action, blocks: Array<[number, number]> = []) => {
  const state = pfState(figures, { blocks })
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor) throw new Error('no actor')
  return validateCast(state, actor, action)?.code ?? null
}

describe('validateCast (§3.2 Spells, [SRD] targeting)', () => {
  const goblin = foe('g', 8, 5)
  it.each<[string, Combatant[], Action, string | null, Array<[number, number]>?]>([
    [
      'a prepared spell at a foe in range and sight',
      [wizard(), goblin],
      castOf(SPELL.missile, { targetId: 'g' }),
      null
    ],
    [
      'an unknown spell',
      [wizard(), goblin],
      castOf('pathfinder1e:fireball', { targetId: 'g' }),
      'unknownSpell'
    ],
    ['a spell not prepared', [wizard(), goblin], castOf(SPELL.cure, { targetId: 'w' }), 'spellNotKnown'],
    [
      'no casts left',
      [wizard({ spells: [{ id: SPELL.missile, level: 1, uses: 0 }] }), goblin],
      castOf(SPELL.missile, { targetId: 'g' }),
      'noUsesLeft'
    ],
    [
      'a figure that casts nothing',
      [wizard({ castingAbility: undefined }), goblin],
      castOf(SPELL.missile, { targetId: 'g' }),
      'spellNotKnown'
    ],
    [
      '[SRD] grappled: refused',
      [wizard({ conditions: ['grappled'] }), goblin],
      castOf(SPELL.missile, { targetId: 'g' }),
      'grappled'
    ],
    [
      'prone casters may cast',
      [wizard({ conditions: ['prone'] }), goblin],
      castOf(SPELL.missile, { targetId: 'g' }),
      null
    ],
    ['no target', [wizard(), goblin], castOf(SPELL.missile), 'noTarget'],
    ['an unknown target', [wizard(), goblin], castOf(SPELL.missile, { targetId: 'x' }), 'unknownTarget'],
    // [SRD] medium range: 100 + 10 ft per level = 130 ft at caster level 3.
    [
      '130 ft: in medium range',
      [wizard(), foe('g', 5 + 26, 5)],
      castOf(SPELL.missile, { targetId: 'g' }),
      null
    ],
    [
      '135 ft: out of range',
      [wizard(), foe('g', 5 + 27, 5)],
      castOf(SPELL.missile, { targetId: 'g' }),
      'outOfRange'
    ],
    [
      '§4.6 a wall between: no line of effect',
      [wizard(), goblin],
      castOf(SPELL.missile, { targetId: 'g' }),
      'noLineOfSight',
      [
        [6, 4],
        [6, 5],
        [6, 6]
      ]
    ],
    [
      '[SRD] an invisible foe cannot be targeted',
      [wizard(), foe('g', 8, 5, { conditions: ['invisible'] })],
      castOf(SPELL.missile, { targetId: 'g' }),
      'targetUnseen'
    ],
    [
      'a foe out of the fight',
      [wizard(), { ...foe('g', 8, 5, {}, -3), out: true }],
      castOf(SPELL.missile, { targetId: 'g' }),
      'targetOut'
    ],
    [
      'a friend, without friendly fire',
      [wizard(), cleric()],
      castOf(SPELL.missile, { targetId: 'c' }),
      'friendlyFire'
    ],
    [
      '[SRD] hold person: humanoids only',
      [wizard(), foe('wolf', 8, 5, { creatureType: 'animal' })],
      castOf(SPELL.hold, { targetId: 'wolf' }),
      'cannotAffect'
    ],
    ['[SRD] hold person: a humanoid', [wizard(), goblin], castOf(SPELL.hold, { targetId: 'g' }), null],
    [
      '[SRD] mage armor: a willing friend touched',
      [wizard(), cleric()],
      castOf(SPELL.armor, { targetId: 'c' }),
      null
    ],
    ['[SRD] mage armor: on itself', [wizard()], castOf(SPELL.armor, { targetId: 'w' }), null],
    [
      '[SRD] mage armor: a foe is not willing',
      [wizard(), foe('g', 6, 5)],
      castOf(SPELL.armor, { targetId: 'g' }),
      'unwilling'
    ],
    [
      '[SRD] touch: an adjacent friend',
      [cleric(), wizard()],
      castOf(SPELL.cure, { targetId: 'w' }, 'c'),
      null
    ],
    [
      '[SRD] touch: 10 ft is out of reach',
      [cleric({}, { pos: { x: 5, y: 7 } }), wizard()],
      castOf(SPELL.cure, { targetId: 'w' }, 'c'),
      'outOfRange'
    ],
    [
      'cure on a dying friend',
      [cleric(), { ...wizard({}, { life: -3, lifeMax: 20 }), out: true }],
      castOf(SPELL.cure, { targetId: 'w' }, 'c'),
      null
    ],
    [
      '[SRD] cure harms an undead foe touched',
      [cleric(), foe('z', 6, 6, { creatureType: 'undead' })],
      castOf(SPELL.cure, { targetId: 'z' }, 'c'),
      null
    ],
    [
      'an undead friend, without friendly fire',
      [cleric(), pfFigure('z', { pos: { x: 6, y: 6 }, side: 'a', stats: { creatureType: 'undead' } })],
      castOf(SPELL.cure, { targetId: 'z' }, 'c'),
      'friendlyFire'
    ],
    [
      'an undead foe already destroyed',
      [cleric(), { ...foe('z', 6, 6, { creatureType: 'undead' }, -20), out: true }],
      castOf(SPELL.cure, { targetId: 'z' }, 'c'),
      'targetOut'
    ],
    ['a burst needs one aim point', [wizard(), goblin], castOf(SPELL.sleep), 'noAim'],
    ['a burst aimed off the board', [wizard(), goblin], castOf(SPELL.sleep, at(31, 5)), 'noAim'],
    ['a burst aimed in range', [wizard(), goblin], castOf(SPELL.sleep, at(8, 5)), null],
    [
      'a burst behind a wall',
      [wizard(), goblin],
      castOf(SPELL.sleep, at(10, 6)),
      'noLineOfEffect',
      wallAt(8)
    ],
    ['a cone needs a direction', [wizard(), goblin], castOf(SPELL.burning), 'noAim'],
    ['a cone toward 0..7', [wizard(), goblin], castOf(SPELL.burning, { facing: 2 }), null],
    ['a cone toward 8', [wizard(), goblin], castOf(SPELL.burning, { facing: 8 }), 'noAim']
  ])('%s', (_rule, figures, action, code, blocks = []) => {
    expect(codeOf(figures, action, blocks)).toBe(code)
  })

  it('gives the distance and the range when out of range (§2 1-2-1 diagonals)', () => {
    const state = pfState([wizard(), foe('g', 32, 5)])
    const [w] = state.combatants
    expect(validateCast(state, w!, castOf(SPELL.missile, { targetId: 'g' }))).toEqual({
      code: 'outOfRange',
      params: { distance: 135, max: 130 }
    })
  })

  it('a burst point beyond medium range is refused with its distance', () => {
    const state = pfState([wizard()], { width: 60 })
    const [w] = state.combatants
    // The intersection 27 squares east of the wizard's east edge (x = 6): 135 ft.
    expect(validateCast(state, w!, castOf(SPELL.sleep, at(6 + 27, 5)))).toEqual({
      code: 'outOfRange',
      params: { distance: 135, max: 130 }
    })
  })
})

describe('spellActions: the casts offered', () => {
  const keys = (actions: Action[]) =>
    actions.map((a) =>
      [
        String(a.options?.spell).replace('pathfinder1e:', ''),
        a.targetId ?? '-',
        a.facing ?? (a.path ? `${a.path[0]?.x},${a.path[0]?.y}` : '-'),
        a.options?.defensive ?? 0
      ].join(' ')
    )

  it('single targets: missiles and hold person at foes, mage armor on itself, cure on wounded friends', () => {
    const state = pfState([
      wizard(),
      cleric({}, { life: 15, lifeMax: 20 }),
      foe('g', 9, 5),
      foe('wolf', 9, 9, { creatureType: 'animal' })
    ])
    const w = state.combatants[0]!
    const c = state.combatants[1]!
    const wizardKeys = keys(spellActions(state, w))
    expect(wizardKeys.filter((k) => !k.startsWith('burning') && !k.startsWith('sleep'))).toEqual([
      'magic-missile g - 0',
      'magic-missile wolf - 0',
      'hold-person g - 0',
      'mage-armor w - 0',
      'mage-armor c - 0'
    ])
    // The cleric is hurt (15/20), the wizard is not; hold person at the humanoid only.
    expect(keys(spellActions(state, c))).toEqual(['cure-light-wounds c - 0', 'hold-person g - 0'])
  })

  it('[SRD] cure is offered against an adjacent undead foe (a touch attack), not a living one', () => {
    const state = pfState([
      cleric({ spells: [{ id: SPELL.cure, level: 1, uses: 1 }] }),
      foe('z', 6, 6, { creatureType: 'undead' }),
      foe('g', 4, 6)
    ])
    expect(keys(spellActions(state, state.combatants[0]!))).toEqual([
      'cure-light-wounds z - 0',
      'cure-light-wounds z - 1'
    ])
  })

  it('skips targets already under the effect and spells with no casts left', () => {
    const armored = wizard({
      effects: [{ id: 'mageArmor', until: 'w', rounds: 10, value: 4 }],
      spells: [
        { id: SPELL.armor, level: 1, uses: 1 },
        { id: SPELL.missile, level: 1, uses: 0 },
        { id: SPELL.hold, level: 3, uses: 1 }
      ]
    })
    const held = foe('g', 9, 5, { effects: [{ id: 'held', until: 'g', rounds: 3, dc: 16 }] })
    const state = pfState([armored, held])
    expect(keys(spellActions(state, state.combatants[0]!))).toEqual([])
  })

  it('cones: the directions that catch a foe and no friend, aimed at the first foe caught', () => {
    const spells = [{ id: SPELL.burning, level: 1, uses: 1 }]
    const alone = pfState([wizard({ spells }), foe('g', 8, 5), foe('h', 3, 3)])
    expect(keys(spellActions(alone, alone.combatants[0]!))).toEqual([
      'burning-hands g 2 0',
      'burning-hands h 7 0'
    ])
    // A friend standing in the east cone (6,5) takes that cone off the list.
    const crowded = pfState([
      wizard({ spells }),
      foe('g', 8, 5),
      foe('h', 3, 3),
      cleric({}, { pos: { x: 6, y: 5 } })
    ])
    expect(keys(spellActions(crowded, crowded.combatants[0]!))).toEqual(['burning-hands h 7 0'])
  })

  it('bursts: the corners of each foe’s square, when they catch no friend', () => {
    const spells = [{ id: SPELL.sleep, level: 1, uses: 1 }]
    const state = pfState([wizard({ spells }), foe('g', 20, 5)])
    expect(keys(spellActions(state, state.combatants[0]!))).toEqual([
      'sleep g 20,5 0',
      'sleep g 21,5 0',
      'sleep g 20,6 0',
      'sleep g 21,6 0'
    ])
    // Close by, the bursts on the foe's near corners would catch the wizard too: only the far ones are left.
    const near = pfState([wizard({ spells }), foe('g', 7, 5)])
    expect(keys(spellActions(near, near.combatants[0]!))).toEqual(['sleep g 8,5 0', 'sleep g 8,6 0'])
  })

  it('§3.4: a threatened caster is offered each provoking cast defensively too', () => {
    const spells = [{ id: SPELL.missile, level: 1, uses: 1 }]
    const state = pfState([wizard({ spells }), foe('g', 6, 5)])
    expect(keys(spellActions(state, state.combatants[0]!))).toEqual([
      'magic-missile g - 0',
      'magic-missile g - 1'
    ])
  })

  it('every candidate is legal as declared', () => {
    const state = pfState([
      wizard(),
      cleric({}, { life: 12 }),
      foe('g', 6, 4),
      foe('h', 12, 5),
      foe('k', 13, 6, { level: 2 })
    ])
    for (const actor of state.combatants.slice(0, 2)) {
      const actions = spellActions(state, actor)
      expect(actions.length).toBeGreaterThan(0)
      for (const a of actions) expect(validateCast(state, actor, a)).toBeNull()
    }
  })

  it('nothing for a figure without spells', () => {
    const state = pfState([pfFigure('f', { stats: { abilities: abilities({}) } }), foe('g', 6, 5)])
    expect(spellActions(state, state.combatants[0]!)).toEqual([])
  })
})

describe('castProvoking (§3.4 (b))', () => {
  const state = pfState([wizard(), foe('g', 6, 5), foe('h', 4, 4), foe('far', 20, 20)])
  const missile = castOf(SPELL.missile, { targetId: 'g' })

  it('a cast provokes from every foe threatening the caster, and readied actions hear "casts"', () => {
    expect(castProvoking(state, missile)).toEqual({
      path: [],
      mode: null,
      trigger: 'casts',
      inPlace: { kind: 'cast' }
    })
    expect(
      reactionsTo(state, missile, castProvoking(state, missile))
        .map((r) => r.reactorId)
        .sort()
    ).toEqual(['g', 'h'])
  })

  it('cast defensively, it provokes nothing', () => {
    const defensive = { ...missile, options: { ...missile.options, defensive: 1 } }
    expect(castProvoking(state, defensive)).toEqual({ path: [], mode: null, trigger: 'casts' })
    expect(reactionsTo(state, defensive, castProvoking(state, defensive))).toEqual([])
  })

  it('a foe unable to react (armor has nothing to do with it; flat-footed does) gets no attack', () => {
    const flat = pfState([wizard({ armor: pfArmor(4, 4) }), foe('g', 6, 5, { flatFooted: true })])
    expect(reactionsTo(flat, missile, castProvoking(flat, missile))).toEqual([])
  })
})
