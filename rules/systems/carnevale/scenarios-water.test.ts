import { describe, expect, it } from 'vitest'
import { mean } from '../../core/distribution'
import { findPath, inWater } from '../../core/inches'
import { forcedDice } from '../../core/rng'
import { figure } from '../../core/test-fixtures'
import type { Action, TerrainPiece } from '../../core/types'
import { isStunned } from './counters'
import { carnevale } from './ruleset'
import { act, at, attacks, cvFigure, cvState, rolls, withTurn } from './test-fixtures'

// carnevale.md §5.3–5.4 and §6 with scripted dice: a grapple into the canal, the drowning that follows, a
// Water Creature that cannot drown, and §4 [TEXT L23] the charge from the sky.

const canal: TerrainPiece = { id: 'rio', kind: 'water', x: 0, y: 100, w: 240, h: 60, top: 0 }
const miss = [2, 2, 2, 2, 2]

describe('§5.3 Grapple into the canal, then §5.4 Drown', () => {
  // The attacker on the bank, the target just north of the water's edge (y 10"), in base contact.
  const start = withTurn(
    cvState([cvFigure('a', 'x', at(5, 8.5)), cvFigure('b', 'y', at(5, 9.7))], { pieces: [canal] }),
    'a'
  )
  const grapple: Action = {
    kind: 'grapple',
    actorId: 'a',
    targetId: 'b',
    options: { pushX: 50, pushY: 300, pushInches: 2 }
  }

  it('the push point and distance are chosen up front (D-5); the target ends swimming', () => {
    expect(carnevale.decide?.(start, grapple, {})).toBeNull()
    // ATTACK 5 vs 5 at 7+: two Aces to none, net 2 (Destiny 7): a Success, up to 2 + 2 = 4", capped at 2".
    const r = act(start, grapple, forcedDice([7, 7, 2, 2, 2, ...miss]))
    expect(r.events).toContainEqual({ type: 'pushed', id: 'b', from: at(5, 9.7), to: at(5, 11.7) })
    expect(inWater(r.state.board, figure(r.state, 'b').pos)).toBe(true)
  })

  it('the grappler swims after it (a charge whose AoO is a Drown), then drowns it', () => {
    const pushed = act(start, grapple, forcedDice([7, 7, 2, 2, 2, ...miss])).state
    const swim: Action = { kind: 'move', actorId: 'a', path: [at(5, 10.5)] }
    expect(carnevale.decide?.(pushed, swim, {})?.choices).toContain('drown')
    // Drown AoO: 3 Aces to 1, net 2, Destiny 7: 2 + 2 = 4 Life, no Protection.
    const charged = act(pushed, swim, forcedDice([7, 7, 7, 2, 2, 7, 2, 2, 2, 2]), {
      'carnevale.charge': 'drown'
    })
    expect(attacks(charged.events)).toEqual(['a>b:drown:charge'])
    expect(figure(charged.state, 'b').life).toBe(2)
    // Drown action: Destiny 10 and net 2 is a Critical: 4 + 2 = 6 Life; the target is taken out (§6).
    const drown: Action = { kind: 'drown', actorId: 'a', targetId: 'b' }
    expect(carnevale.odds(charged.state, drown)?.headline.map((h) => h.key)).toEqual([
      'hit',
      'critical',
      'fumble'
    ])
    const r = act(charged.state, drown, forcedDice([10, 7, 2, 2, 2, ...miss]))
    expect(rolls(r.events)).toHaveLength(10)
    expect(figure(r.state, 'b')).toMatchObject({ life: 0, out: true })
    expect(r.events.at(-1)).toEqual({ type: 'combatant.out', id: 'b' })
  })

  it('a Critical grapple Stuns the target (§5.3 [TEXT L82])', () => {
    const r = act(start, grapple, forcedDice([10, 7, 2, 2, 2, ...miss]))
    expect(isStunned(r.state, figure(r.state, 'b'))).toBe(true)
  })
})

describe('§5.4 step 1 [TEXT L97]: a Water Creature cannot be drowned', () => {
  const s = withTurn(
    cvState(
      [
        cvFigure('a', 'x', at(5, 11)),
        cvFigure('fish', 'y', at(5, 12.2), { stats: { abilities: ['Water Creature'] } }),
        cvFigure('man', 'y', at(6.2, 11))
      ],
      { pieces: [canal] }
    ),
    'a'
  )

  it.each([
    ['the Water Creature', 'fish', 'waterCreature'],
    ['anyone else swimming', 'man', null]
  ])('%s', (_label, targetId, code) => {
    const drown: Action = { kind: 'drown', actorId: 'a', targetId }
    expect(carnevale.validate(s, drown)?.code ?? null).toBe(code)
    const legal = carnevale
      .legalActions(s, 'a')
      .filter((x) => x.kind === 'drown')
      .map((x) => x.targetId)
    expect(legal.includes(targetId)).toBe(code === null)
  })

  it('§6 [TEXT L36, L53]: no Guard in the water; swimming, only Aquatic weapons', () => {
    expect(carnevale.validate(s, { kind: 'guard', actorId: 'a' })?.code).toBe('guardInWater')
    expect(
      carnevale.validate(s, { kind: 'combat', actorId: 'a', targetId: 'man', options: { weapon: 0 } })
    ).toEqual({
      code: 'weaponNotAquatic',
      params: { weapon: 'Espada' }
    })
    // The unarmed profile is Aquatic (§5.2 [TEXT L74]).
    expect(
      carnevale.validate(s, { kind: 'combat', actorId: 'a', targetId: 'man', options: { weapon: 1 } })
    ).toBeNull()
  })
})

describe('§4 [TEXT L23]: a charge from the sky (started ≥ 3" above) gets Penetration −5', () => {
  const palazzo: TerrainPiece = { id: 'palazzo', kind: 'building', x: 100, y: 100, w: 60, h: 60, top: 40 }
  const board = (roof: boolean) =>
    withTurn(
      cvState(
        [
          cvFigure('a', 'x', roof ? { x: 150, y: 130, z: 40 } : { x: 200, y: 130, z: 0 }, {
            stats: { mov: 6 }
          }),
          cvFigure('b', 'y', { x: 178, y: 130, z: 0 }, { stats: { pro: 3 } })
        ],
        { pieces: [palazzo] }
      ),
      'a'
    )

  it('from the roof: PRO 3 − 5 leaves no Protection dice; from the street the target rolls 3', () => {
    const sky = board(true)
    const down = findPath(sky, 'a', { x: 166, y: 130, z: 0 }, { maxInches: 6 })
    expect(down).not.toBeNull()
    const charge: Action = { kind: 'move', actorId: 'a', path: down!.path.slice(1) }
    expect(carnevale.validate(sky, charge)).toBeNull()
    // Destiny 7, one Ace: Damage 1 + 1; no Protection roll at all.
    const r = act(sky, charge, forcedDice([7, 2, 2, 2, 2]), { 'carnevale.charge': 'combat:0' })
    expect(attacks(r.events)).toEqual(['a>b:combat:charge'])
    expect(rolls(r.events).filter((x) => x.startsWith('b:'))).toEqual([])
    expect(figure(r.state, 'b').life).toBe(4)
    const street = board(false)
    const walk: Action = { kind: 'move', actorId: 'a', path: [{ x: 190, y: 130, z: 0 }] }
    const ground = act(street, walk, forcedDice([7, 2, 2, 2, 2, 2, 2, 2]))
    expect(rolls(ground.events).filter((x) => x.startsWith('b:protection'))).toHaveLength(3)
    // The odds say the same: the sky's charge takes more Life on average.
    const skyOdds = carnevale.odds(sky, charge, { 'carnevale.charge': 'combat:0' })
    expect(mean(skyOdds!.damage)).toBeGreaterThan(mean(carnevale.odds(street, walk)!.damage))
  })
})
