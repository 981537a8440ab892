import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Action, EncounterState } from '../../core/types'
import { minecraft } from '.'
import { actionCost } from './economy.machine'
import { figure, makeEncounter, withActive } from './test-fixtures'

// Scenario "Minecraft knockback chain into a block" (minecraft.md §4.2 step 5, §4.3 step 4, A8, A10, A11):
// Steve drives a zombie back with two hits, following it, and Alex's arrow knocks it into a wall block.

const bow = { id: 'minecraft:bow', kind: 'ranged' as const, skillKey: 'bow', fa: 3 }
const rolls = (events: GameEvent[]) =>
  events.flatMap((e) => (e.type === 'dice.rolled' ? [`${e.purpose}:${e.result}/${e.target}`] : []))
const moves = (events: GameEvent[]) =>
  events.flatMap((e) => (e.type === 'pushed' || e.type === 'collided' ? [e] : []))

/** Validates, resolves with scripted dice (all of them used), applies, and charges the AP. */
function act(state: EncounterState, action: Action, faces: number[]) {
  expect(minecraft.validate(state, action)).toBeNull()
  const events = resolveEvents(minecraft, state, action, forcedDice(faces))
  expect(events.filter((e) => e.type === 'dice.rolled')).toHaveLength(faces.length)
  const ap = (state.turn?.economy.context.ap ?? 0) - actionCost(state, action)
  return { events, state: withActive(applyEvents(state, events), action.actorId, ap) }
}

function field(): EncounterState {
  return makeEncounter({
    width: 12,
    height: 8,
    blocks: [[8, 5]],
    settings: { apPerTurn: 5 },
    figures: [
      { id: 'steve', side: 'h', at: [4, 5], facing: 2, stats: { hc: 3, f: 3, weaponSkill: { unarmed: 2 } } },
      {
        id: 'alex',
        side: 'h',
        at: [2, 3],
        facing: 2,
        stats: { hcRanged: 3, weaponSkill: { bow: 2 }, rangedWeapon: bow }
      },
      {
        id: 'zombie',
        side: 'z',
        at: [5, 5],
        facing: 6,
        life: 4,
        stats: { hc: 1, r: 2, weaponSkill: { unarmed: 2 } }
      }
    ]
  })
}

describe('scenario: Minecraft knockback chain into a block', () => {
  it('push, follow, push, then a ranged hit snapped east slams the zombie into the block', () => {
    let s = field()
    // 1. Steve hits (T_hit 5 + 5 − 3 = 7) and misses the wound (T_w 5 + 3 − 2 = 6): pushed to (6, 5).
    const first = act(s, { kind: 'melee', actorId: 'steve', targetId: 'zombie' }, [3, 9])
    s = first.state
    expect(rolls(first.events)).toEqual(['hit:3/7', 'wound:9/6'])
    expect(figure(s, 'zombie').pos).toEqual({ x: 6, y: 5, z: 0 })

    // 2. Steve follows into the square the zombie left, still facing it.
    s = act(s, { kind: 'move', actorId: 'steve', path: [{ x: 5, y: 5, z: 0 }] }, []).state
    expect(figure(s, 'steve')).toMatchObject({ pos: { x: 5, y: 5, z: 0 }, facing: 2 })

    // 3. Hit and wound: pushed to (7, 5), right against the block, 3 life left.
    const second = act(s, { kind: 'melee', actorId: 'steve', targetId: 'zombie' }, [7, 2])
    s = second.state
    expect(rolls(second.events)).toEqual(['hit:7/7', 'wound:2/6'])
    expect(figure(s, 'zombie')).toMatchObject({ pos: { x: 7, y: 5, z: 0 }, life: 3 })
    expect(s.turn?.economy.context.ap).toBe(2)

    // 4. Alex at (2, 3) shoots: (5, 2) is 21.8° off east (A8) → push east into the block at (8, 5).
    // d 5 → Md +1: T_hit 3 + 2 + 1 = 6; impact T 5 + 4 − 2 = 7 (A11); T_w 5 + (3 + 1) − 2 = 7.
    s = withActive(s, 'alex')
    const shot = act(s, { kind: 'ranged', actorId: 'alex', targetId: 'zombie' }, [6, 7, 8])
    s = shot.state
    expect(rolls(shot.events)).toEqual(['hit:6/6', 'impact:7/7', 'wound:8/7'])
    expect(moves(shot.events)).toEqual([
      { type: 'collided', id: 'zombie', at: { x: 8, y: 5, z: 0 }, obstacle: 'block' }
    ])
    expect(shot.events).toContainEqual({ type: 'damaged', id: 'zombie', amount: 1, source: 'impact' })
    expect(figure(s, 'zombie')).toMatchObject({ pos: { x: 7, y: 5, z: 0 }, life: 2, out: false })

    // The whole chain: two pushes, then the collision; the zombie never entered the block.
    const all = [...first.events, ...second.events, ...shot.events]
    expect(moves(all).map((e) => e.type)).toEqual(['pushed', 'pushed', 'collided'])
  })

  it('the same chain with the last hit killing by impact skips the wound roll (A10, A11)', () => {
    const start = field()
    let s = { ...start, combatants: start.combatants.map((c) => (c.id === 'zombie' ? { ...c, life: 3 } : c)) }
    const melee: Action = { kind: 'melee', actorId: 'steve', targetId: 'zombie' }
    s = act(s, melee, [1, 1]).state
    s = act(s, { kind: 'move', actorId: 'steve', path: [{ x: 5, y: 5, z: 0 }] }, []).state
    s = act(s, melee, [1, 1]).state
    s = act(s, { kind: 'move', actorId: 'steve', path: [{ x: 6, y: 5, z: 0 }] }, []).state
    expect(figure(s, 'zombie')).toMatchObject({ pos: { x: 7, y: 5, z: 0 }, life: 1 })
    const last = act(s, melee, [1, 1])
    expect(rolls(last.events)).toEqual(['hit:1/7', 'impact:1/7'])
    expect(figure(last.state, 'zombie')).toMatchObject({ pos: { x: 7, y: 5, z: 0 }, life: 0, out: true })
    expect(last.state.turn?.economy.context.ap).toBe(0)
  })
})
