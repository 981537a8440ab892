import { describe, expect, it } from 'vitest'
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
})
