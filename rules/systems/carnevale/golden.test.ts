import { describe, expect, it } from 'vitest'
import { goldenGame } from '../../../tests/golden/golden-suite'
import { planGap, standHeights, verticalGap } from '../../core/inches'
import { encounterStateSchema } from '../../core/schemas'
import { getRuleset } from '..'
import { carnevaleSampleEncounter } from './sample'
import { isWaterCreature, readStats, weaponHas } from './stats'

// Golden game (house style tests/golden): the Carnevale sample played AI vs AI by the generic AI (no
// Carnevale code in ai/: it reads legal actions and exact odds, answers decisions by their defaults),
// seeded, replayed from its command log to the same state hash.

const ruleset = getRuleset('carnevale')
const initial = carnevaleSampleEncounter()

describe('the Carnevale sample', () => {
  it('is a valid setup encounter: 36" × 36", a canal, a bridge, roofs of 3–5", low walls, 5 v 5', () => {
    expect(encounterStateSchema.parse(initial)).toEqual(initial)
    expect(initial).toMatchObject({ phase: 'setup', pending: null, turn: null, log: [] })
    const inches = initial.board.inches!
    expect([initial.board.width, initial.board.height, inches.unitsPerInch]).toEqual([36, 36, 10])
    const kinds = inches.pieces.map((p) => p.kind)
    for (const kind of ['water', 'bridge', 'building', 'wall']) expect(kinds).toContain(kind)
    const roofs = inches.pieces.filter((p) => p.kind === 'building').map((p) => p.top / 10)
    expect(roofs.filter((h) => h >= 3 && h <= 5).length).toBeGreaterThanOrEqual(2)
    for (const side of ['bauta', 'laguna'])
      expect(initial.combatants.filter((c) => c.side === side).length).toBeGreaterThanOrEqual(5)
    const stats = initial.combatants.map(readStats)
    expect(stats.some((s) => s.weapons.some((w) => weaponHas(w, 'Aquatic')))).toBe(true)
    expect(stats.some(isWaterCreature)).toBe(true)
    for (const c of initial.combatants) {
      expect(c.controller, c.id).toBe(c.side === 'bauta' ? 'human' : 'ai')
      expect(standHeights(initial.board, c.pos.x, c.pos.y), c.id).toContain(c.pos.z)
    }
  })
})

describe('golden: the Carnevale sample played AI vs AI', () => {
  const game = goldenGame(initial, ruleset)

  it('plays Carnevale: the roll-off, pools at Ace targets, Protection, charges with their AoO', () => {
    const purposes = new Set(game.state.log.flatMap((e) => (e.type === 'dice.rolled' ? [e.purpose] : [])))
    for (const p of ['rollOff', 'attack', 'protection']) expect(purposes).toContain(p)
    const sectors = game.state.log.flatMap((e) =>
      e.type === 'attack.declared' && e.sector ? [e.sector] : []
    )
    expect(sectors).toContain('charge')
    const kinds = new Set(game.commands.flatMap((c) => (c.type === 'action.declare' ? [c.action.kind] : [])))
    for (const k of ['move', 'charge', 'combat']) expect(kinds).toContain(k)
  })

  it('keeps the table sound: nobody in the fight overlaps another base or stands in a wall', () => {
    const standing = game.state.combatants.filter((c) => !c.out)
    for (const c of standing)
      expect(standHeights(game.state.board, c.pos.x, c.pos.y), c.id).toContain(c.pos.z)
    for (const a of standing)
      for (const b of standing)
        if (a.id < b.id && verticalGap(game.state.board, a, b) === 0)
          expect(planGap(game.state.board, a, b), `${a.id}/${b.id}`).toBeGreaterThan(-1e-6)
  })
})
