import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { chooseStep } from '../../../ai'
import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Action, EncounterState } from '../../core/types'
import { applyCommand } from '../../flow/engine'
import { athkri } from '.'
import { isMounted } from './board'
import { defaultSettings } from './settings'
import { healthOf } from './health'
import { isHidden, isUnaware } from './situation'
import { startTurn } from './start-turn'
import { figure, makeEncounter, sword, type FigureSpec } from './test-fixtures'

// Scripted-dice scenarios (forcedDice throws if the rules roll more dice than the script). Dice order:
// the attacker's 3d10 (and each explosion's), the defender's 3d10 when it dodges, then the damage dice.

const melee = (actorId: string, targetId: string): Action => ({ kind: 'melee', actorId, targetId })
const types = (events: GameEvent[]) => events.map((e) => e.type)
const rolls = (events: GameEvent[]) =>
  events.flatMap((e) =>
    e.type === 'dice.rolled' ? [`${e.actorId}:${e.purpose}:${e.result}/${e.target ?? '-'}:${e.success}`] : []
  )
const damage = (events: GameEvent[]) => events.flatMap((e) => (e.type === 'damaged' ? [e.amount] : []))

// Attacker at (5,5) facing east, defender at (6,5) facing west; both attributes 3, sword 1d6, Defensa 12.
function duel(attacker: Partial<FigureSpec> = {}, defender: Partial<FigureSpec> = {}, settings = {}) {
  return makeEncounter({
    figures: [
      { id: 'att', side: 'a', at: [5, 5], facing: 2, ...attacker },
      { id: 'def', side: 'b', at: [6, 5], facing: 6, ...defender }
    ],
    settings
  })
}

describe('opposed dodge (athkri.md §5.2 step 3, A18)', () => {
  it('asks the defender before the roll, passive Defensa by default', () => {
    expect(athkri.decide?.(duel(), melee('att', 'def'), {})).toEqual({
      id: 'athkri.dodge',
      deciderId: 'def',
      choices: ['passive', 'dodge'],
      default: 'passive',
      params: { attacker: 'att', target: 'def', defensa: 12 }
    })
    expect(athkri.decide?.(duel(), melee('att', 'def'), { 'athkri.dodge': 'dodge' })).toBeNull()
    expect(athkri.decide?.(duel({}, {}, { opposedDodgeEnabled: false }), melee('att', 'def'), {})).toBeNull()
  })

  it('both roll; the attacker wins ties; the hit rolls its damage', () => {
    const events = resolveEvents(athkri, duel(), melee('att', 'def'), forcedDice([6, 6, 6, 6, 6, 6, 4]), {
      'athkri.dodge': 'dodge'
    })
    expect(rolls(events)).toEqual([
      'att:attack:9/9:true',
      'def:dodge:9/9:false',
      'att:location:6/-:true',
      'att:damage:4/-:true'
    ])
    expect(types(events)).toContain('attack.hit')
    expect(damage(events)).toEqual([4])
  })

  it('a higher defender makes the attack fail; no damage is rolled', () => {
    const events = resolveEvents(athkri, duel(), melee('att', 'def'), forcedDice([6, 6, 6, 7, 7, 7]), {
      'athkri.dodge': 'dodge'
    })
    expect(rolls(events)).toEqual(['att:attack:9/10:false', 'def:dodge:10/9:true'])
    expect(types(events).slice(-1)).toEqual(['attack.missed'])
  })

  it("a defender's fumble fails its defence (setting); an attacker's fumble always misses", () => {
    const nimble = { stats: { attributes: { fisico: 3, agilidad: 9, mente: 3 }, skills: { esquivar: 3 } } }
    const hit = resolveEvents(
      athkri,
      duel({}, nimble),
      melee('att', 'def'),
      forcedDice([2, 2, 2, 1, 1, 9, 3]),
      {
        'athkri.dodge': 'dodge'
      }
    )
    expect(rolls(hit).slice(0, 2)).toEqual(['att:attack:5/13:true', 'def:dodge:13/5:false'])
    const lenient = duel({}, nimble, { defenderFumbleFails: false })
    const miss = resolveEvents(athkri, lenient, melee('att', 'def'), forcedDice([2, 2, 2, 1, 1, 9]), {
      'athkri.dodge': 'dodge'
    })
    expect(types(miss).slice(-1)).toEqual(['attack.missed'])
    const fumble = resolveEvents(athkri, duel(), melee('att', 'def'), forcedDice([1, 1, 9, 1, 1, 1]), {
      'athkri.dodge': 'dodge'
    })
    expect(fumble.find((e) => e.type === 'dice.rolled')).toMatchObject({ natural: 'failure', success: false })
    expect(types(fumble).slice(-1)).toEqual(['attack.missed'])
  })

  it('through the engine: the action waits for the defender, and the AI defends with exact odds', () => {
    const start = duel(
      {},
      { stats: { defensa: 8, attributes: { fisico: 3, agilidad: 8, mente: 3 }, skills: { esquivar: 4 } } }
    )
    const declared = applyCommand(start, { type: 'action.declare', action: melee('att', 'def') }, athkri)
    if (!declared.ok) throw new Error(declared.violation.code)
    expect(declared.state.pending?.request.deciderId).toBe('def')
    // Defensa 8 is poor; Agilidad 8 + Esquivar 4 is not: the AI dodges.
    expect(chooseStep(declared.state, athkri, 'def').command).toEqual({
      type: 'decision.answer',
      decisionId: 'athkri.dodge',
      choice: 'dodge'
    })
    const stout = duel({}, { stats: { defensa: 25 } })
    const again = applyCommand(stout, { type: 'action.declare', action: melee('att', 'def') }, athkri)
    if (!again.ok) throw new Error(again.violation.code)
    expect(chooseStep(again.state, athkri, 'def').command).toMatchObject({ choice: 'passive' })
  })

  it('an unaware target cannot dodge (it does not see the blow coming)', () => {
    expect(
      athkri.decide?.(duel({}, { stats: { conditions: ['unaware'] } }), melee('att', 'def'), {})
    ).toBeNull()
  })
})

describe('explosions (athkri.md §2 open-ended 10s)', () => {
  const armored = { stats: { defensa: 30 } }
  it('a kept 10 adds 10 and the 3d10 are thrown again, keeping the same die', () => {
    const events = resolveEvents(
      athkri,
      duel({}, armored),
      melee('att', 'def'),
      forcedDice([10, 10, 3, 10, 10, 10, 4, 4, 4]),
      { 'athkri.dodge': 'passive' }
    )
    expect(rolls(events)).toEqual(['att:attack:27/30:false'])
  })

  it('the cap stops the re-rolls; with explosions off a 10 is just 10', () => {
    const capped = resolveEvents(
      athkri,
      duel({}, armored, { explosionCap: 1 }),
      melee('att', 'def'),
      forcedDice([10, 10, 3, 10, 10, 10]),
      {}
    )
    expect(rolls(capped)).toEqual(['att:attack:23/30:false'])
    const off = resolveEvents(
      athkri,
      duel({}, { stats: { defensa: 13 } }, { explodeOnTen: false }),
      melee('att', 'def'),
      forcedDice([10, 10, 10, 2]),
      {}
    )
    expect(rolls(off)).toEqual(['att:attack:13/13:true', 'att:location:10/-:true', 'att:damage:2/-:true'])
  })

  it('the hit location reads the first kept die: after an explosion it is still the head (§5.5)', () => {
    const events = resolveEvents(athkri, duel(), melee('att', 'def'), forcedDice([10, 10, 1, 2, 2, 2, 5]), {})
    expect(rolls(events)).toEqual(['att:attack:15/12:true', 'att:location:10/-:true', 'att:damage:5/-:true'])
  })
})

describe('elements and armor (athkri.md §5.4)', () => {
  const flame = { ...sword, id: 'athkri:flame', damage: '1d6', element: 'fuego' }
  const hit = (defender: Partial<FigureSpec>, settings = {}) =>
    damage(
      resolveEvents(
        athkri,
        duel({ stats: { weapons: [flame] } }, defender, settings),
        melee('att', 'def'),
        forcedDice([9, 9, 9, 5]),
        {}
      )
    )

  it.each([
    ['§5.4 no element response: 5', {}, [5]],
    ['§5.4 weak: 5 × 2 = 10', { stats: { weaknesses: ['fuego'] } }, [10]],
    ['§5.4 resistant: floor(5 / 2) = 2', { stats: { resistances: ['fuego'] } }, [2]],
    [
      '§5.4 [REC] weak and resistant cancel: 5',
      { stats: { weaknesses: ['fuego'], resistances: ['fuego'] } },
      [5]
    ],
    [
      '§5.4 A5 armor first (5 − 1 = 4), then resistant: 2',
      { stats: { resistances: ['fuego'], armor: { id: 'x', estorbo: 1, reduction: 1 } } },
      [2]
    ],
    [
      '§5.4 A5 armor first, then weak: (5 − 2) × 2 = 6',
      { stats: { weaknesses: ['fuego'], armor: { id: 'x', estorbo: 2, reduction: 2 } } },
      [6]
    ]
  ] as const)('%s', (_label, defender, expected) => {
    expect(hit(defender as Partial<FigureSpec>)).toEqual(expected)
  })

  it('§5.4 G-9: an element the GM removes from the list deals plain damage', () => {
    const withoutFire = defaultSettings.elements.filter((e) => e !== 'fuego')
    expect(hit({ stats: { weaknesses: ['fuego'] } }, { elements: withoutFire })).toEqual([5])
  })

  it('§5.4 G-9: merged elements (Veneno + Ácido = Corrosión) match each other', () => {
    const acid = { ...sword, id: 'athkri:acid', damage: '1d6', element: 'acido' }
    const settings = { elementAliases: { acido: 'corrosion', veneno: 'corrosion' } }
    const state = duel({ stats: { weapons: [acid] } }, { stats: { weaknesses: ['veneno'] } }, settings)
    expect(damage(resolveEvents(athkri, state, melee('att', 'def'), forcedDice([9, 9, 9, 5]), {}))).toEqual([
      10
    ])
  })
})

describe('two-weapon fighting (athkri.md §4 [TEXT L55])', () => {
  const dagger = { ...sword, id: 'athkri:daga', light: true, damage: '1d4' }
  const dual = { stats: { weapons: [dagger, { ...dagger, id: 'athkri:espada-corta', damage: '1d6' }] } }

  it('two attacks with one Major, each at −4, one per weapon', () => {
    const action = { kind: 'twoWeapons', actorId: 'att', targetId: 'def' }
    // Flat 3 − 4 = −1: a kept 10 that explodes into 5 makes 14 (hit, 1d4 = 3); the second weapon rolls 7 → 6.
    const dice = forcedDice([10, 3, 10, 5, 5, 5, 3, 7, 7, 7])
    const events = resolveEvents(athkri, duel(dual), action, dice, { 'athkri.dodge': 'passive' })
    expect(rolls(events)).toEqual([
      'att:attack:14/12:true',
      'att:location:10/-:true',
      'att:damage:3/-:true',
      'att:attack:6/12:false'
    ])
    expect(events.filter((e) => e.type === 'attack.declared')).toHaveLength(2)
    expect(athkri.economy.charge(duel(dual), action)).toEqual({ type: 'economy.spendMajor', major: 1 })
  })

  it('needs two light weapons and armor Estorbo ≤ 1', () => {
    const action = { kind: 'twoWeapons', actorId: 'att', targetId: 'def' }
    expect(athkri.validate(duel(), action)).toEqual({ code: 'needsTwoLightWeapons' })
    const heavy = {
      stats: { ...dual.stats, armor: { id: 'athkri:cota-de-malla', estorbo: 2, reduction: 2 } }
    }
    expect(athkri.validate(duel(heavy), action)).toEqual({
      code: 'armorTooHeavy',
      params: { estorbo: 2, max: 1 }
    })
    expect(
      athkri.validate(
        duel({ stats: { ...dual.stats, armor: { id: 'l', estorbo: 1, reduction: 1 } } }),
        action
      )
    ).toBeNull()
  })
})

describe('ambush (athkri.md §4 Emboscada [TEXT L63–64])', () => {
  const ambush: Action = { kind: 'ambush', actorId: 'att', targetId: 'def' }
  const setup = () =>
    duel(
      { stats: { conditions: ['hidden'], skills: { sigilo: 2 } } },
      { stats: { conditions: ['unaware'], atencion: 1 } }
    )

  it('the GM sets the bonus first (G-4, default 0); the target, unaware, cannot dodge', () => {
    expect(athkri.validate(setup(), ambush)).toBeNull()
    expect(athkri.decide?.(setup(), ambush, {})).toMatchObject({
      id: 'athkri.ambushBonus',
      deciderId: 'gm',
      range: { min: 0, max: 10 },
      default: 0
    })
    expect(athkri.decide?.(setup(), ambush, { 'athkri.ambushBonus': 0 })).toBeNull()
  })

  it('Sigilo beats Atención: a free basic attack with +4 (unaware) and the GM bonus', () => {
    // Stealth 5 + 3 + 2 = 10 vs awareness 4 + 1 = 5; attack 2 + 3 + 4 + 2 = 11 < 12 would miss without them.
    const events = resolveEvents(athkri, setup(), ambush, forcedDice([5, 5, 5, 4, 4, 4, 2, 2, 2, 6]), {
      'athkri.ambushBonus': 2
    })
    expect(rolls(events)).toEqual([
      'att:stealth:10/5:true',
      'def:awareness:5/10:false',
      'att:attack:11/12:false'
    ])
    const stronger = resolveEvents(athkri, setup(), ambush, forcedDice([5, 5, 5, 4, 4, 4, 3, 3, 3, 6]), {
      'athkri.ambushBonus': 2
    })
    expect(damage(stronger)).toEqual([6])
    expect(athkri.economy.charge(setup(), ambush)).toEqual({ type: 'economy.spendFree', free: 1 })
  })

  it('a failed ambush reveals the attacker and alerts the target: no second try', () => {
    const events = resolveEvents(athkri, setup(), ambush, forcedDice([2, 2, 2, 9, 9, 9]), {
      'athkri.ambushBonus': 0
    })
    expect(rolls(events)).toEqual(['att:stealth:7/10:false', 'def:awareness:10/7:true'])
    const after = applyEvents(setup(), events)
    expect([isHidden(after, figure(after, 'att')), isUnaware(after, figure(after, 'def'))]).toEqual([
      false,
      false
    ])
    expect(athkri.validate(after, ambush)).toEqual({ code: 'notHidden' })
  })
})

describe('mounted combat (athkri.md §5.6)', () => {
  function mounted(settings = {}): EncounterState {
    return makeEncounter({
      figures: [
        {
          id: 'rider',
          side: 'a',
          at: [6, 5],
          facing: 2,
          stats: { mountId: 'warg', skills: { cabalgar: 4 } }
        },
        { id: 'warg', side: 'a', at: [5, 5], facing: 2, creature: 'athkri:huargo' },
        { id: 'foe', side: 'b', at: [7, 5], facing: 6 }
      ],
      settings
    })
  }

  it('a passed Cabalgar test before acting (a free action) gives +2 to attack', () => {
    const state = mounted()
    const opened = startTurn(state, 'rider', forcedDice([8, 8, 8]))
    expect(rolls(opened)).toEqual(['rider:ride:15/15:true'])
    const after = applyEvents(state, opened)
    expect(after.turn?.economy.context.free).toBe(2)
    const failed = applyEvents(state, startTurn(state, 'rider', forcedDice([7, 7, 7])))
    expect(failed.turn?.economy.context.free).toBe(2)
    // Kept 4 + Físico 3 + flank 2 (the warg reaches the foe too), + 2 only after the passed test.
    const attack = (s: EncounterState) =>
      rolls(resolveEvents(athkri, s, melee('rider', 'foe'), forcedDice([4, 4, 4, 1]), {}))[0]
    expect([attack(after), attack(failed)]).toEqual(['rider:attack:11/12:false', 'rider:attack:9/12:false'])
  })

  it('a rider does not walk: its mount carries it', () => {
    const state = mounted()
    expect(athkri.validate(state, { kind: 'move', actorId: 'rider', path: [{ x: 5, y: 6, z: 0 }] })).toEqual({
      code: 'mounted'
    })
    const warg = { ...state, turn: state.turn && { ...state.turn, activeId: 'warg' } }
    const events = resolveEvents(
      athkri,
      warg,
      {
        kind: 'move',
        actorId: 'warg',
        path: [
          { x: 4, y: 5, z: 0 },
          { x: 3, y: 5, z: 0 }
        ]
      },
      forcedDice([])
    )
    const after = applyEvents(warg, events)
    expect([figure(after, 'warg').pos, figure(after, 'rider').pos]).toEqual([
      { x: 3, y: 5, z: 0 },
      { x: 4, y: 5, z: 0 }
    ])
  })

  it('attacking the mount makes the rider test Cabalgar; on a failure it falls (1d6+2) and the mount flees', () => {
    const base = mounted()
    const state = { ...base, turn: base.turn && { ...base.turn, activeId: 'foe', sideId: 'b' } }
    const events = resolveEvents(athkri, state, melee('foe', 'warg'), forcedDice([2, 2, 2, 3, 3, 3, 4]), {
      'athkri.dodge': 'passive'
    })
    expect(rolls(events)).toEqual([
      'foe:attack:5/12:false',
      'rider:rideControl:10/15:false',
      'rider:throwDamage:6/-:true'
    ])
    const after = applyEvents(state, events)
    expect(figure(after, 'rider').life).toBe(14)
    expect(figure(after, 'warg').out).toBe(true)
    expect(isMounted(after, figure(after, 'rider'))).toBe(false)
    expect(healthOf(after, figure(after, 'warg')).fled).toBe(true)
  })

  it('a trained mount stays (G-7); a rider who keeps control stays mounted', () => {
    const base = mounted()
    const trained = {
      ...base,
      combatants: base.combatants.map((c) =>
        c.id === 'warg' ? { ...c, stats: { ...c.stats, traits: ['trainedMount'] } } : c
      ),
      turn: base.turn && { ...base.turn, activeId: 'foe', sideId: 'b' }
    }
    const after = applyEvents(
      trained,
      resolveEvents(athkri, trained, melee('foe', 'warg'), forcedDice([2, 2, 2, 3, 3, 3, 4]), {})
    )
    expect(figure(after, 'warg').out).toBe(false)
    const kept = applyEvents(
      trained,
      resolveEvents(athkri, trained, melee('foe', 'warg'), forcedDice([2, 2, 2, 9, 9, 9]), {})
    )
    expect(isMounted(kept, figure(kept, 'rider'))).toBe(true)
  })
})
