import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Action } from '../../core/types'
import { athkri } from '.'
import { planAction } from './attack-action'
import { healthOf } from './health'
import { figure, longbow, makeEncounter, type EncounterSpec, type FigureSpec } from './test-fixtures'

// The situational modifiers of attacks and the Cobertura table (athkri.md §5.2–5.3), on small boards.

const melee = (actorId: string, targetId: string): Action => ({ kind: 'melee', actorId, targetId })
const ranged = (actorId: string, targetId: string): Action => ({ kind: 'ranged', actorId, targetId })

function board(figures: FigureSpec[], extra: Omit<EncounterSpec, 'figures'> = {}) {
  return makeEncounter({ ...extra, figures })
}

describe('attack modifiers and cover (athkri.md §5.2–5.3)', () => {
  const archer: Partial<FigureSpec> = { stats: { weapons: [longbow], skills: { combateADistancia: 2 } } }
  const shot = (figures: FigureSpec[], settings = {}, log: GameEvent[] = []) => {
    const state = board(figures, { settings: { gmPrompts: 'auto', ...settings }, log })
    return planAction(state, ranged('a', 't'))?.attacks[0]
  }
  const keys = (parts: Array<{ key: string; value: number }> = []) => parts.map((p) => `${p.key}:${p.value}`)

  it.each([
    ['§5.3 A9 d = 24 m ≤ S → Corta 15', [17, 5], 'band.short:15'],
    ['§5.3 A9 d = 50 m = M → Media 20', [30, 5], 'band.medium:20'],
    ['§5.3 A9 d = 52 m > M → Larga 25', [31, 5], 'band.long:25']
  ] as const)(
    '%s',
    (_label, at, band) => {
      const plan = shot(
        [
          { id: 'a', at: [5, 5], ...archer },
          { id: 't', side: 'b', at }
        ],
        {},
        []
      )
      expect(keys(plan?.coverParts)).toEqual([band])
    },
    10000
  )

  it('§5.3 [TEXT L29] point-blank: Cobertura 10 and the die one level down, unless a trait allows it', () => {
    const plan = shot([
      { id: 'a', at: [5, 5], ...archer },
      { id: 't', side: 'b', at: [6, 5] }
    ])
    expect([plan?.band, plan?.difficulty, plan?.check.level]).toEqual(['pointBlank', 10, 'low'])
    const trained = shot([
      { id: 'a', at: [5, 5], ...archer, stats: { ...archer.stats, traits: ['pointBlankShooter'] } },
      { id: 't', side: 'b', at: [6, 5] }
    ])
    expect(trained?.check.level).toBe('mid')
    const hurt = shot([
      { id: 'a', at: [5, 5], ...archer, life: 2 },
      { id: 't', side: 'b', at: [6, 5] }
    ])
    expect([hurt?.check.level, keys(hurt?.mods)]).toEqual(['low', ['mod.lowStep:-2']])
  })

  it('§5.3 table: among adjacent creatures +2, light obstacle +2, a trench under the target +6', () => {
    const among = shot([
      { id: 'a', at: [5, 5], ...archer },
      { id: 't', side: 'b', at: [10, 5] },
      { id: 'x', side: 'b', at: [11, 6] }
    ])
    expect(keys(among?.coverParts)).toEqual(['band.short:15', 'cover.amongAdjacent:2'])
    const obstacles = [
      { x: 7, y: 5, cover: 'light' as const, passable: false },
      { x: 10, y: 9, cover: 'large' as const, passable: true },
      { x: 5, y: 5, cover: 'medium' as const, passable: true }
    ]
    const tree = shot(
      [
        { id: 'a', at: [5, 5], ...archer },
        { id: 't', side: 'b', at: [10, 5] }
      ],
      { coverObstacles: obstacles }
    )
    expect(keys(tree?.coverParts)).toEqual(['band.short:15', 'cover.light:2'])
    const trench = shot(
      [
        { id: 'a', at: [5, 5], ...archer },
        { id: 't', side: 'b', at: [10, 9] }
      ],
      { coverObstacles: obstacles }
    )
    expect(keys(trench?.coverParts)).toEqual(['band.short:15', 'cover.large:6'])
  })

  it('§5.3 A13: +2 to the second and later shooters at the same target this round', () => {
    const figures: FigureSpec[] = [
      { id: 'a', at: [5, 5], ...archer },
      { id: 't', side: 'b', at: [12, 5] }
    ]
    const other: GameEvent = { type: 'attack.declared', attackerId: 'o', targetId: 't', mode: 'ranged' }
    const self: GameEvent = { type: 'attack.declared', attackerId: 'a', targetId: 't', mode: 'ranged' }
    expect(keys(shot(figures, {}, [other])?.mods)).toEqual(['mod.volley:2'])
    expect(keys(shot(figures, {}, [self])?.mods)).toEqual([])
    expect(keys(shot(figures, {}, [other, { type: 'round.started', round: 2 }])?.mods)).toEqual([])
  })

  it('§5.2 [TEXT L66]: from behind +4 (facing on), an unaware target +4, never both', () => {
    const behind = board([
      { id: 'a', at: [5, 5], facing: 2 },
      { id: 't', side: 'b', at: [6, 5], facing: 2 }
    ])
    expect(keys(planAction(behind, melee('a', 't'))?.attacks[0]?.mods)).toEqual(['mod.back:4'])
    expect(
      keys(planAction({ ...behind, settings: { facingEnabled: false } }, melee('a', 't'))?.attacks[0]?.mods)
    ).toEqual([])
    const both = board([
      { id: 'a', at: [5, 5], facing: 2 },
      { id: 't', side: 'b', at: [6, 5], facing: 2, stats: { conditions: ['unaware'] } }
    ])
    expect(keys(planAction(both, melee('a', 't'))?.attacks[0]?.mods)).toEqual(['mod.back:4'])
  })

  it('§3 [REC]: walls block the line of sight; a weapon may set a maximum range (A9)', () => {
    const walled = board(
      [
        { id: 'a', at: [5, 5], ...archer },
        { id: 't', side: 'b', at: [9, 5] }
      ],
      { blocks: [[7, 5]] }
    )
    expect(athkri.validate(walled, ranged('a', 't'))?.code).toBe('noLineOfSight')
    const short = { stats: { weapons: [{ ...longbow, maxRangeM: 10 }] } }
    const far = board([
      { id: 'a', at: [5, 5], ...short },
      { id: 't', side: 'b', at: [11, 5] }
    ])
    expect(athkri.validate(far, ranged('a', 't'))).toEqual({
      code: 'outOfRange',
      params: { distance: 12, max: 10 }
    })
  })

  it('§4 [TEXT L19]: a figure may surrender (a free action); it leaves the fight', () => {
    const state = board([
      { id: 'a', at: [5, 5] },
      { id: 't', side: 'b', at: [9, 5] }
    ])
    const after = applyEvents(
      state,
      resolveEvents(athkri, state, { kind: 'surrender', actorId: 'a' }, forcedDice([]))
    )
    expect(healthOf(after, figure(after, 'a'))).toMatchObject({ fled: true, state: 'estable' })
  })
})
