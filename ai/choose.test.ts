import { describe, expect, it } from 'vitest'
import { getRuleset } from '../rules/systems'
import { makeEncounter } from '../rules/systems/minecraft/test-fixtures'
import { chooseStep } from './choose'

const ruleset = getRuleset('minecraft')

describe('AI step', () => {
  it('finishes the wounded enemy rather than scratch a healthy one', () => {
    const s = makeEncounter({
      figures: [
        { id: 'z', side: 'monsters', at: [5, 5], creature: 'minecraft:zombie' },
        { id: 'healthy', side: 'heroes', at: [4, 5], creature: 'minecraft:alex', facing: 2 },
        { id: 'hurt', side: 'heroes', at: [6, 5], creature: 'minecraft:steve', facing: 6, life: 1 }
      ]
    })
    const step = chooseStep(s, ruleset, 'z')
    // Whether it strikes now or first steps behind for an automatic hit, the wounded one is the target.
    expect(step.reason.params).toMatchObject({ actor: 'Zombi', target: 'Steve' })
    expect(step.trace.length).toBeGreaterThan(1)
    expect(step.trace[0]!.score).toBeGreaterThanOrEqual(step.trace[1]!.score)
  })

  it('walks round to the back when that beats a frontal attack (automatic hit)', () => {
    // The hero faces the zombie; the zombie has 3 AP: stepping behind costs AP but the hit is certain.
    const s = makeEncounter({
      figures: [
        { id: 'z', side: 'monsters', at: [4, 5], creature: 'minecraft:zombie', facing: 2 },
        { id: 'h', side: 'heroes', at: [5, 5], creature: 'minecraft:steve', facing: 6 }
      ]
    })
    const step = chooseStep(s, ruleset, 'z')
    expect(step.command.type).toBe('action.declare')
    if (step.command.type !== 'action.declare') return
    expect(step.command.action.kind).toBe('move')
    expect(step.reason.key).toBe('advance')
    expect(step.reason.params.pHit).toBe(1)
  })

  it('shoots when it has a bow and is not engaged', () => {
    const s = makeEncounter({
      figures: [
        { id: 'sk', side: 'monsters', at: [1, 1], creature: 'minecraft:skeleton' },
        { id: 'h', side: 'heroes', at: [4, 1], creature: 'minecraft:steve' }
      ]
    })
    const step = chooseStep(s, ruleset, 'sk')
    expect(step.command).toMatchObject({ type: 'action.declare', action: { kind: 'ranged', targetId: 'h' } })
  })

  it('approaches around a wall when nothing is in reach', () => {
    const s = makeEncounter({
      width: 12,
      height: 8,
      blocks: [
        [5, 0],
        [5, 1],
        [5, 2],
        [5, 3],
        [5, 4],
        [5, 5],
        [5, 6]
      ],
      figures: [
        { id: 'z', side: 'monsters', at: [3, 3], creature: 'minecraft:zombie' },
        { id: 'h', side: 'heroes', at: [9, 3], creature: 'minecraft:steve' }
      ]
    })
    const step = chooseStep(s, ruleset, 'z')
    expect(step.reason.key).toBe('approach')
    if (step.command.type !== 'action.declare') throw new Error('expected a move')
    // The gap is at the bottom (y = 7): the path must head down, not into the wall.
    expect(step.command.action.path!.at(-1)!.y).toBeGreaterThan(3)
  })

  it('ends the activation when nothing is worth doing', () => {
    const s = makeEncounter({
      figures: [
        { id: 'z', side: 'monsters', at: [1, 1], creature: 'minecraft:zombie' },
        { id: 'h', side: 'heroes', at: [3, 1], creature: 'minecraft:steve', out: true, life: 0 }
      ]
    })
    expect(chooseStep(s, ruleset, 'z').command).toEqual({ type: 'turn.end' })
  })

  it('is deterministic: the same state gives the same step', () => {
    const s = makeEncounter({
      figures: [
        { id: 'z', side: 'monsters', at: [2, 2], creature: 'minecraft:zombie' },
        { id: 'a', side: 'heroes', at: [6, 2], creature: 'minecraft:steve' },
        { id: 'b', side: 'heroes', at: [2, 6], creature: 'minecraft:alex' }
      ]
    })
    expect(chooseStep(s, ruleset, 'z')).toEqual(chooseStep(s, ruleset, 'z'))
  })
})

describe('AI facing', () => {
  it('does not try to face an enemy standing in its own square (a tiny figure)', () => {
    const s = makeEncounter({
      figures: [
        { id: 'z', side: 'monsters', at: [3, 3], creature: 'minecraft:zombie' },
        { id: 'h', side: 'heroes', at: [3, 3], creature: 'minecraft:steve' }
      ]
    })
    expect(() => chooseStep(s, ruleset, 'z')).not.toThrow()
  })
})

describe('AI step with reactions (a ruleset with move info)', () => {
  it('reaches its attack with a 5-ft step rather than a move out of a threatened square', async () => {
    const { pfFigure, pfState } = await import('../rules/systems/pathfinder1e/test-fixtures')
    const { withTurn } = await import('../rules/systems/pathfinder1e/flow-fixtures')
    const pf = getRuleset('pathfinder1e')
    // A goblin threatened by a fighter it can hardly hurt (AC 40), two squares from an archer it can.
    // Stepping 5 ft east puts the archer in reach without provoking; a move to the same square provokes.
    const s = withTurn(
      pfState(
        [
          pfFigure('goblin', { side: 'b', pos: { x: 5, y: 5 } }),
          pfFigure('fighter', {
            pos: { x: 4, y: 4 },
            stats: { ac: { natural: 30, deflection: 0, dodge: 0, misc: 0 } }
          }),
          pfFigure('archer', { pos: { x: 7, y: 5 } })
        ],
        { initiative: { goblin: 20, fighter: 10, archer: 5 }, settings: { gmPrompts: 'auto' } }
      ),
      'goblin'
    )
    const walk = pf.legalActions(s, 'goblin').find((a) => a.kind === 'move' && a.path?.at(-1)?.x === 6)
    expect(pf.moveInfo?.(s, walk!).provokes).toEqual(['fighter'])
    const step = chooseStep(s, pf, 'goblin')
    const action = step.command.type === 'action.declare' ? step.command.action : null
    expect(action?.kind).toBe('step')
    expect(pf.moveInfo?.(s, action!).provokes).toEqual([])
    expect(step.reason.params).toMatchObject({ target: 'archer' })
  })
})
