import { describe, expect, it } from 'vitest'
import { goldenGame } from '../../../tests/golden/golden-suite'
import { encounterStateSchema } from '../../core/schemas'
import { getRuleset } from '..'
import { FALL_DECISION, minecraftHeightsSampleEncounter } from '.'
import { groundHeight } from './board'

// Golden game (house style tests/golden): the heights sample played AI vs AI with the generic AI, seeded,
// replayed from its command log to the same state hash. GM points (falls, G-4) are answered by default.

const ruleset = getRuleset('minecraft')
const initial = minecraftHeightsSampleEncounter()

describe('the Minecraft heights sample', () => {
  it('is a valid setup encounter on a 16×12 voxel map, every figure on its ground', () => {
    expect(encounterStateSchema.parse(initial)).toEqual(initial)
    expect(initial).toMatchObject({ phase: 'setup', initiative: {}, pending: null, turn: null, log: [] })
    expect([initial.board.width, initial.board.height, initial.board.elevation?.length]).toEqual([
      16, 12, 192
    ])
    expect(Math.max(...(initial.board.elevation ?? []))).toBe(4)
    for (const c of initial.combatants) {
      expect(c.pos.z, c.id).toBe(groundHeight(initial, c.pos))
      expect(c.color, c.id).toBeTypeOf('number')
      expect(c.controller, c.id).toBe(c.side === 'heroes' ? 'human' : 'ai')
    }
    expect(initial.combatants.some((c) => c.pos.z >= 4)).toBe(true)
  })
})

describe('golden: the heights sample played AI vs AI', () => {
  const game = goldenGame(initial, ruleset)

  it('uses the heights: shots from the hill, a knockback off the cliff answered by the GM default', () => {
    const log = game.state.log
    // Follow every figure's height through the log to see where each shot was taken from.
    const z = new Map(initial.combatants.map((c) => [c.id, c.pos.z]))
    let shotsFromAbove = 0
    for (const e of log) {
      if (e.type === 'moved') z.set(e.id, e.path.at(-1)?.z ?? 0)
      if (e.type === 'pushed') z.set(e.id, e.to.z)
      if (e.type === 'attack.declared' && e.mode === 'ranged') {
        if ((z.get(e.attackerId) ?? 0) > (z.get(e.targetId) ?? 0)) shotsFromAbove++
      }
    }
    expect(shotsFromAbove).toBeGreaterThan(0)
    const asked = log.filter((e) => e.type === 'decision.requested' && e.request.id === FALL_DECISION)
    expect(asked.length).toBeGreaterThan(0)
    expect(log.filter((e) => e.type === 'decision.answered')).toHaveLength(asked.length)
    expect(game.commands).toContainEqual({ type: 'decision.answer', decisionId: FALL_DECISION, choice: 0 })
    // Every figure still in the fight stands on the ground of its square.
    for (const c of game.state.combatants.filter((x) => !x.out)) {
      expect(c.pos.z, c.id).toBe(groundHeight(game.state, c.pos))
    }
  })
})
