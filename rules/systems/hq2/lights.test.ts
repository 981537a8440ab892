import { describe, expect, it } from 'vitest'
import type { EncounterState, LightArea } from '../../core/types'
import { hq2 } from '.'
import { isDark } from './board'
import { hq2Conditions } from './map-hooks'
import { readSettings, type Hq2Settings } from './settings'
import { DUEL_MELEE, figure, makeEncounter } from './test-fixtures'
import { planOf } from './actions'

// Issue 6: light and darkness areas on the map (`board.lights`) in HQ2. hq2.md §4.2 / §4.3: darkness halves
// Total Attack and Total Defense; G-3: whether a fight is in darkness is computed from engine state (a
// lighting map). An area's squares are those within its radius of its centre counted as §2 counts squares
// (Chebyshev, like ranges); a light area lights its squares against any darkness, the whole-board one too.

const dark = (x: number, y: number, radius: number): LightArea => ({
  id: `d${x}`,
  x,
  y,
  radius,
  kind: 'dark'
})
const light = (x: number, y: number, radius: number): LightArea => ({
  id: `l${x}`,
  x,
  y,
  radius,
  kind: 'light'
})

// The standard duel: `a` at (5, 5) facing east attacks `d` at (6, 5).
function duel(lights?: LightArea[], settings: Partial<Hq2Settings> = {}): EncounterState {
  const state = makeEncounter({
    settings,
    beings: [
      { id: 'a', side: 'h', at: [5, 5], facing: 2 },
      { id: 'd', side: 'm', at: [6, 5], facing: 6 }
    ]
  })
  return lights ? { ...state, board: { ...state.board, lights } } : state
}

const darkCount = (state: EncounterState) => {
  const settings = readSettings(state)
  let n = 0
  for (let y = 0; y < state.board.height; y++)
    for (let x = 0; x < state.board.width; x++) if (isDark(state, settings, { x, y })) n++
  return n
}
const attackFactors = (state: EncounterState) => planOf(state, DUEL_MELEE)?.attack.factors.map((f) => f.key)
const defenseFactors = (state: EncounterState) => {
  const d = planOf(state, DUEL_MELEE)?.defense
  return d?.kind === 'basic' ? d.total.factors.map((f) => f.key) : d?.kind
}

describe('darkness and light areas on the map (hq2.md §4.2, §4.3, G-3)', () => {
  it('a dark area of radius 1 darkens the 3 × 3 squares round its centre (Chebyshev, as §2 counts)', () => {
    expect(darkCount(duel())).toBe(0)
    expect(darkCount(duel([dark(9, 9, 1)]))).toBe(9)
    expect(darkCount(duel([dark(9, 9, 2)]))).toBe(25)
    const state = duel([dark(9, 9, 1)])
    expect(isDark(state, readSettings(state), { x: 10, y: 10 })).toBe(true)
    expect(isDark(state, readSettings(state), { x: 11, y: 9 })).toBe(false)
  })

  it('§4.2 step 2: a fight touching a dark area is fought in darkness (×1/2); the token says so', () => {
    expect(attackFactors(duel())).toEqual([])
    const murk = duel([dark(6, 5, 0)]) // only the defender's square
    expect(attackFactors(murk)).toEqual(['darkness'])
    expect(hq2Conditions(murk, figure(murk, 'd'))).toContain('condition.dark')
    expect(hq2Conditions(murk, figure(murk, 'a'))).not.toContain('condition.dark')
    expect(hq2.legalActions(murk, 'a').some((x) => x.kind === 'melee' && x.targetId === 'd')).toBe(true)
  })

  it('a light area lights the board’s darkness (settings `darkness`), the dark squares and dark areas under it', () => {
    const night = duel(undefined, { darkness: true })
    expect(attackFactors(night)).toEqual(['darkness'])
    expect(darkCount(night)).toBe(144)
    // A torch (radius 1) round the attacker covers both fighters: no darkness in this fight.
    const torch = duel([light(5, 5, 1)], { darkness: true })
    expect(attackFactors(torch)).toEqual([])
    expect(darkCount(torch)).toBe(144 - 9)
    expect(attackFactors(duel([light(5, 5, 1)], { darkSquares: [{ x: 6, y: 5 }] }))).toEqual([])
    expect(attackFactors(duel([dark(5, 5, 3), light(5, 5, 1)]))).toEqual([])
    // Lit only around the attacker: the defender's square stays dark.
    expect(attackFactors(duel([light(3, 5, 2)], { darkness: true }))).toEqual(['darkness'])
    // §4.3: the defender's Total Defense is halved in the dark the same way, and lit the same way.
    expect(defenseFactors(night)).toEqual(['darkness'])
    expect(defenseFactors(torch)).toEqual([])
  })

  it('a board without lights (or with none) reads the settings exactly as before', () => {
    for (const settings of [{}, { darkness: true }, { darkSquares: [{ x: 6, y: 5 }] }]) {
      expect(darkCount(duel([], settings))).toBe(darkCount(duel(undefined, settings)))
      expect(attackFactors(duel([], settings))).toEqual(attackFactors(duel(undefined, settings)))
    }
  })
})
