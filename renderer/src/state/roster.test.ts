import { describe, expect, it } from 'vitest'
import { getRuleset } from '../../../rules/systems'
import { pfFigure, pfState } from '../../../rules/systems/pathfinder1e/test-fixtures'
import { play, sampleInitial, started } from './fixtures'
import { roster } from './roster'

describe('roster', () => {
  it('lists sides in turn order with each figure’s square and status', () => {
    const sides = roster(started())
    expect(sides.map((s) => [s.id, s.current])).toEqual([
      ['heroes', true],
      ['monsters', false]
    ])
    expect(sides[0]?.figures.map((f) => [f.id, f.status, f.square])).toEqual([
      ['steve', 'active', 'C6'],
      ['alex', 'waiting', 'C8']
    ])
  })

  it('marks figures that have had their activation', () => {
    const sides = roster(play(started(), { type: 'turn.end' }))
    expect(sides[0]?.figures.map((f) => f.status)).toEqual(['done', 'active'])
  })

  it('shows life below 0 as it is, with an empty bar (a dying Pathfinder figure)', () => {
    const state = started()
    const dying = {
      ...state,
      combatants: state.combatants.map((c) =>
        c.id === 'steve' ? { ...c, life: -3, lifeMax: 12, lifeMin: -10 } : c
      )
    }
    const steve = roster(dying)[0]?.figures.find((f) => f.id === 'steve')
    expect(steve).toMatchObject({ life: -3, lifeMax: 12, lifeRatio: 0, lifeText: '\u22123/12' })
    const alex = roster(dying)[0]?.figures.find((f) => f.id === 'alex')
    expect(alex).toMatchObject({ lifeRatio: 1, lifeText: `${alex?.lifeMax}/${alex?.lifeMax}` })
  })

  it('has nobody active before the start', () => {
    expect(roster(sampleInitial()).flatMap((s) => s.figures.map((f) => f.status))).not.toContain('active')
  })

  describe('initiative and timed conditions (pathfinder1e.md §3.1 initiative, §9 effects)', () => {
    const pf = getRuleset('pathfinder1e')
    const mage = pfFigure('mage', {
      pos: { x: 1, y: 1 },
      stats: {
        conditions: ['prone'],
        effects: [
          { id: 'mageArmor', until: 'mage', rounds: 3 },
          { id: 'feinted', until: 'rogue' }
        ]
      }
    })
    const rogue = { ...pfFigure('rogue', { pos: { x: 2, y: 1 } }), name: 'Pícara' }
    const fighter = pfFigure('fighter', { pos: { x: 3, y: 1 } })
    // Fighter and mage tie on 15; PF breaks it and keeps the winner's hundredths (§3.1).
    const state = pfState([mage, rogue, fighter], { initiative: { mage: 15, rogue: 21, fighter: 15.01 } })

    it('orders a side by initiative, highest first, and shows the value', () => {
      const figures = roster(state, pf)[0]?.figures ?? []
      expect(figures.map((f) => [f.id, f.initiative])).toEqual([
        ['rogue', 21],
        ['fighter', 15],
        ['mage', 15]
      ])
    })

    it('keeps the listed order, after those with one, for figures without an initiative', () => {
      const partial = { ...state, initiative: { fighter: -2.99 } }
      expect(roster(partial, pf)[0]?.figures[0]).toMatchObject({ id: 'fighter', initiative: -3 })
      expect((roster(partial, pf)[0]?.figures ?? []).map((f) => f.id)).toEqual(['fighter', 'mage', 'rogue'])
    })

    it('a figure called like an Object.prototype member, with no initiative, shows none (issue 18)', () => {
      const named = pfFigure('constructor', { pos: { x: 4, y: 1 } })
      const unrolled = pfState([fighter, named], { initiative: { fighter: 12 } })
      const rows = roster(unrolled, pf)[0]?.figures ?? []
      expect(rows.map((f) => [f.id, f.initiative])).toEqual([
        ['fighter', 12],
        ['constructor', undefined]
      ])
    })

    it('lists conditions with rounds left and whose turn ends them; none without the rules', () => {
      const mageRow = roster(state, pf)[0]?.figures.find((f) => f.id === 'mage')
      expect(mageRow?.conditions).toEqual([
        { key: 'condition.prone' },
        { key: 'effect.mageArmor', rounds: 3, untilName: 'mage' },
        { key: 'effect.feinted', untilName: 'Pícara' }
      ])
      expect(roster(state)[0]?.figures.find((f) => f.id === 'mage')?.conditions).toEqual([])
    })
  })
})
