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

  it('has nobody active before the start', () => {
    expect(roster(sampleInitial()).flatMap((s) => s.figures.map((f) => f.status))).not.toContain('active')
  })
})
