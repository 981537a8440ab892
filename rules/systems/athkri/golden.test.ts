import { describe, expect, it } from 'vitest'
import { goldenGame } from '../../../tests/golden/golden-suite'
import { footprintDistance } from '../../core/footprint'
import { encounterStateSchema } from '../../core/schemas'
import { getRuleset } from '..'
import { healthOf } from './health'
import { athkriSampleEncounter } from './sample'
import { readSettings } from './settings'
import { sizeOf } from './stats'

// Golden game (house style tests/golden): the Athkri sample played AI vs AI by the generic AI (no Athkri
// code in ai/), seeded, replayed from its command log to the same state hash. GM points take defaults.

const ruleset = getRuleset('athkri')
const initial = athkriSampleEncounter()

describe('the Athkri sample', () => {
  it('is a valid setup encounter: seeded, no initiative yet, 4 heroes vs 4–8 monsters, footprints and cover', () => {
    expect(encounterStateSchema.parse(initial)).toEqual(initial)
    expect(initial).toMatchObject({ phase: 'setup', initiative: {}, pending: null, turn: null, log: [] })
    const side = (id: string) => initial.combatants.filter((c) => c.side === id)
    expect(side('heroes')).toHaveLength(4)
    expect(side('monsters').length).toBeGreaterThanOrEqual(4)
    expect(side('monsters').length).toBeLessThanOrEqual(8)
    for (const c of initial.combatants) {
      expect(c.color, c.id).toBeTypeOf('number')
      expect(c.controller, c.id).toBe(c.side === 'heroes' ? 'human' : 'ai')
      expect(c.size, c.id).toBe(sizeOf(c))
    }
    expect(initial.combatants.some((c) => (c.size ?? 1) >= 2)).toBe(true)
    const cover = new Set(readSettings(initial).coverObstacles.map((o) => o.cover))
    expect(cover).toEqual(new Set(['light', 'medium', 'large']))
  })
})

describe('golden: the Athkri sample played AI vs AI', () => {
  const game = goldenGame(initial, ruleset)

  it('plays the Athkri turn: initiative, kept-die attacks, defences chosen, GM points answered', () => {
    const purposes = new Set(game.state.log.flatMap((e) => (e.type === 'dice.rolled' ? [e.purpose] : [])))
    for (const p of ['initiative', 'attack', 'damage', 'location', 'ride']) expect(purposes).toContain(p)
    const answered = new Set(
      game.commands.flatMap((c) => (c.type === 'decision.answer' ? [c.decisionId] : []))
    )
    expect(answered).toContain('athkri.dodge')
    expect(answered).toContain('athkri.coverAdjust')
  })

  it('keeps the board sound: no two figures in the fight overlap (a rider and its mount aside)', () => {
    const standing = game.state.combatants.filter((c) => !c.out)
    for (const a of standing)
      for (const b of standing) {
        if (a.id >= b.id || a.stats.mountId === b.id || b.stats.mountId === a.id) continue
        expect(footprintDistance(a.pos, sizeOf(a), b.pos, sizeOf(b)), `${a.id}/${b.id}`).toBeGreaterThan(0)
      }
    for (const c of game.state.combatants.filter((x) => x.out && x.life === 0))
      expect(['inconsciente', 'muerto']).toContain(healthOf(game.state, c).state)
  })
})
