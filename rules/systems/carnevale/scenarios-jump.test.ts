import { describe, expect, it } from 'vitest'
import { chooseStep } from '../../../ai/choose'
import { inWater } from '../../core/inches'
import { forcedDice } from '../../core/rng'
import { figure } from '../../core/test-fixtures'
import type { Action, TerrainPiece, Vec3 } from '../../core/types'
import { planMove } from './movement'
import { chargeRules } from './reactions'
import { getRuleset } from '..'
import { carnevale } from './ruleset'
import { countersOf } from './stats'
import { act, attacks, cvFigure, cvState, pistol, rolls, sword, withTurn } from './test-fixtures'

// The Jump action (carnevale.md §4 "Move (and Jump)", [TEXT L23, L34, L53]) with scripted dice: a leap off
// a roof that falls (falling.ts placeholder), a leap from the bank onto a swimmer that may use a weapon
// that is not Aquatic, a leap from a roof onto an enemy that charges from the sky, a Guard that reacts.
// Board units are tenths of an inch; 30 mm bases touch 11.8 units apart centre to centre.

const roof = (top: number): TerrainPiece => ({
  id: 'palazzo',
  kind: 'building',
  x: 100,
  y: 100,
  w: 60,
  h: 60,
  top
})
const canal: TerrainPiece = { id: 'rio', kind: 'water', x: 0, y: 200, w: 240, h: 40, top: 0 }
const jump = (actorId: string, landing: Vec3, extra: Partial<Action> = {}): Action => ({
  kind: 'jump',
  actorId,
  path: [landing],
  ...extra
})
const edge = { x: 155, y: 130, z: 40 }
const miss = [2, 2, 2, 2, 2]

describe('§4 Jump off a 4" roof to the street: 1 AP, within reach, then a fall', () => {
  const s = withTurn(
    cvState([cvFigure('a', 'x', edge), cvFigure('far', 'y', { x: 20, y: 20, z: 0 })], { pieces: [roof(40)] }),
    'a'
  )
  const down = jump('a', { x: 175, y: 130, z: 0 })

  it('is legal, costs its plan length on the map and 1 AP, and provokes nobody', () => {
    expect(carnevale.validate(s, down)).toBeNull()
    expect(carnevale.moveInfo?.(s, down)).toEqual({ band: 0, provokes: [], cost: 2 })
    expect(carnevale.economy.charge(s, down)).toEqual({ type: 'economy.spend', ap: 1 })
    // A walk cannot take that line: it would have to climb down the side.
    expect(carnevale.validate(s, { ...down, kind: 'move' })?.code).toBe('pathLevelChange')
  })

  it.each([
    ['beyond the 3" reach', jump('a', { x: 200, y: 130, z: 0 }), 'jumpTooFar'],
    [
      'more than one landing',
      {
        ...down,
        path: [
          { x: 165, y: 130, z: 0 },
          { x: 175, y: 130, z: 0 }
        ]
      },
      'jumpOneLeap'
    ],
    ['into the air', jump('a', { x: 175, y: 130, z: 40 }), 'jumpNoSurface'],
    ['against the wall', jump('a', { x: 162, y: 130, z: 0 }), 'jumpIntoTerrain'],
    ['up on a roof', { ...jump('a', edge), actorId: 'far' }, 'notYourTurn']
  ])('refuses a jump %s', (_label, action, code) => {
    expect(carnevale.validate(s, action)?.code).toBe(code)
  })

  it('a longer reach is a setting; the path may repeat the start', () => {
    const far = withTurn({ ...s, settings: { jumpMaxInches: 5 } }, 'a')
    expect(carnevale.validate(far, jump('a', { x: 200, y: 130, z: 0 }))).toBeNull()
    expect(carnevale.validate(s, { ...down, path: [edge, { x: 175, y: 130, z: 0 }] })).toBeNull()
  })

  it('a leap into the canal does not fall (fallIntoWaterSafe)', () => {
    const wet = withTurn(
      cvState([cvFigure('a', 'x', { x: 130, y: 155, z: 40 })], {
        pieces: [roof(40), canal],
        settings: { jumpMaxInches: 5 }
      }),
      'a'
    )
    const r = act(wet, jump('a', { x: 130, y: 205, z: 0 }), forcedDice([]))
    expect(rolls(r.events)).toEqual([])
    expect(inWater(r.state.board, figure(r.state, 'a').pos)).toBe(true)
    expect(figure(r.state, 'a').life).toBe(6)
  })

  it('lands, then falls 4": 4 Damage, PRO 2 dice save none', () => {
    const r = act(s, down, forcedDice([3, 4]))
    expect(figure(r.state, 'a').pos).toEqual({ x: 175, y: 130, z: 0 })
    expect(rolls(r.events)).toEqual(['a:fall:3', 'a:fall:4'])
    expect(figure(r.state, 'a').life).toBe(2)
    // The same leap without the falling rule for jumps rolls nothing.
    const soft = withTurn({ ...s, settings: { jumpDropFalls: false } }, 'a')
    expect(rolls(act(soft, down, forcedDice([])).events)).toEqual([])
  })

  it('the legal actions offer jumps from the roof edge, each of which validates', () => {
    const jumps = carnevale.legalActions(s, 'a').filter((x) => x.kind === 'jump')
    expect(jumps.length).toBeGreaterThan(0)
    for (const j of jumps) expect(carnevale.validate(s, j)).toBeNull()
    expect(jumps.some((j) => j.path?.[0]?.z === 0)).toBe(true)
  })

  it('leaving base contact is a Disengage, as for a move', () => {
    const held = withTurn(
      cvState([cvFigure('a', 'x', edge), cvFigure('e', 'y', { x: 143, y: 130, z: 40 })], {
        pieces: [roof(40)]
      }),
      'a'
    )
    expect(carnevale.moveInfo?.(held, down).provokes).toEqual(['e'])
    expect(carnevale.decide?.(held, down, {})?.id).toBe('carnevale.disengageAoo#e')
  })
})

describe('§4 [TEXT L53]: a jump from the bank into contact with a swimmer', () => {
  const bank = withTurn(
    cvState([cvFigure('a', 'x', { x: 50, y: 185, z: 0 }), cvFigure('b', 'y', { x: 50, y: 215, z: 0 })], {
      pieces: [canal]
    }),
    'a'
  )
  const leap = jump('a', { x: 50, y: 203, z: 0 })

  it('is a charge whose AoO may use the sword (not Aquatic): the action started out of the water', () => {
    expect(carnevale.validate(bank, leap)).toBeNull()
    expect(carnevale.validate(bank, { ...leap, targetId: 'b', options: { aoo: 'combat:0' } })).toBeNull()
    const ask = carnevale.decide?.(bank, leap, {})
    expect(ask).toMatchObject({ id: 'carnevale.charge', deciderId: 'a' })
    expect(ask?.choices).toContain('combat:0')
    // Destiny 7 the only Ace against DEX 5 + 1 for the water's cover: Damage 1 + sword 1; PRO 2 rolls 3, 4.
    const r = act(bank, leap, forcedDice([7, 3, 2, 2, 2, 3, 4]), { 'carnevale.charge': 'combat:0' })
    expect(inWater(r.state.board, figure(r.state, 'a').pos)).toBe(true)
    expect(attacks(r.events)).toEqual(['a>b:combat:charge'])
    expect(figure(r.state, 'b').life).toBe(4)
  })

  it('a swimmer moving into contact has only its Aquatic weapons', () => {
    const wet = withTurn(
      cvState([cvFigure('a', 'x', { x: 50, y: 232, z: 0 }), cvFigure('b', 'y', { x: 50, y: 215, z: 0 })], {
        pieces: [canal]
      }),
      'a'
    )
    const swim: Action = { kind: 'move', actorId: 'a', path: [{ x: 50, y: 227, z: 0 }] }
    expect(carnevale.validate(wet, swim)).toBeNull()
    const choices = carnevale.decide?.(wet, swim, {})?.choices ?? []
    expect(choices).toContain('combat:1')
    expect(choices).not.toContain('combat:0')
  })

  it('the legal actions leave that level leap to the Move: a charge wading in starts out of the water too', () => {
    const legal = carnevale.legalActions(bank, 'a')
    expect(legal.filter((x) => x.kind === 'jump')).toEqual([])
    const wade = legal.filter((x) => x.kind === 'charge' && x.targetId === 'b')
    expect(wade.length).toBeGreaterThan(0)
    expect(carnevale.decide?.(bank, { ...wade[0]!, options: {} }, {})?.choices).toContain('combat:0')
  })
})

describe('§4 [TEXT L23]: a jump from a roof 4" above into contact is a charge from the sky', () => {
  const sky = withTurn(
    cvState([cvFigure('a', 'x', edge), cvFigure('b', 'y', { x: 178, y: 130, z: 0 }, { stats: { pro: 3 } })], {
      pieces: [roof(40)]
    }),
    'a'
  )
  const leap = jump('a', { x: 166, y: 130, z: 0 })

  it('falls first, then attacks with Penetration −5: PRO 3 − 5 leaves the target no Protection dice', () => {
    const plan = planMove(sky, leap)
    expect(plan?.chargeTargets.map((c) => c.id)).toEqual(['b'])
    expect(chargeRules(sky, plan!, figure(sky, 'b'))).toEqual({ fromSky: true, startedOutOfWater: true })
    // Fall 4": PRO 2 dice roll 3, 4 (no save), 4 Life. Attack: Destiny 7 the only Ace, Damage 2, no save.
    const r = act(sky, leap, forcedDice([3, 4, 7, 3, 2, 2, 2]), { 'carnevale.charge': 'combat:0' })
    expect(rolls(r.events).map((x) => x.split(':').slice(0, 2).join(':'))).toEqual([
      'a:fall',
      'a:fall',
      ...Array(5).fill('a:attack')
    ])
    expect(attacks(r.events)).toEqual(['a>b:combat:charge'])
    expect(figure(r.state, 'a').life).toBe(2)
    expect(figure(r.state, 'b').life).toBe(4)
  })

  it('the legal actions offer it as a jump naming its target', () => {
    const charges = carnevale.legalActions(sky, 'a').filter((x) => x.kind === 'jump' && x.targetId === 'b')
    expect(charges.length).toBeGreaterThan(0)
    expect(carnevale.odds(sky, charges[0]!)?.headline[0]?.key).toBe('hit')
  })

  it('the generic AI (it reads legal actions and odds only) takes that leap', () => {
    const step = chooseStep(sky, getRuleset('carnevale'), 'a')
    expect(step.command).toMatchObject({ type: 'action.declare', action: { kind: 'jump', targetId: 'b' } })
  })

  it('a fall that takes the jumper out leaves no charge', () => {
    const frail = withTurn(
      cvState(
        [
          cvFigure('a', 'x', edge, { life: 3 }),
          cvFigure('b', 'y', { x: 178, y: 130, z: 0 }, { stats: { pro: 3 } })
        ],
        { pieces: [roof(40)] }
      ),
      'a'
    )
    const r = act(frail, leap, forcedDice([3, 4]), { 'carnevale.charge': 'combat:0' })
    expect(figure(r.state, 'a').out).toBe(true)
    expect(attacks(r.events)).toEqual([])
  })
})

describe('§4 [TEXT L34]: a Guard holder reacts to a jump in its sight', () => {
  const guard = { guard: true, stunned: 0, guardRound: 1 }
  const s = withTurn(
    cvState(
      [
        cvFigure('a', 'x', { x: 155, y: 130, z: 20 }),
        cvFigure('g', 'y', { x: 200, y: 60, z: 0 }, { stats: { weapons: [pistol, sword], counters: guard } })
      ],
      { pieces: [roof(20)] }
    ),
    'a'
  )
  const down = jump('a', { x: 175, y: 130, z: 0 })

  it('asks the holder, then shoots at the end of the jump (a 2" drop does no harm)', () => {
    expect(carnevale.moveInfo?.(s, down).provokes).toEqual(['g'])
    const r = act(s, down, forcedDice(miss))
    expect(r.asked).toEqual(['carnevale.guard#g'])
    expect(attacks(r.events)).toEqual(['g>a:combat:guard'])
    expect(r.events.map((e) => e.type).indexOf('moved')).toBeLessThan(
      r.events.map((e) => e.type).indexOf('attack.declared')
    )
    expect(countersOf(figure(r.state, 'g')).guard).toBe(false)
  })
})
