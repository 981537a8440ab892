import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../rules/core/events'
import type { Command } from '../../../rules/core/types'
import { ruleset, sampleInitial, started } from './fixtures'
import { moveUndoRefusal, undoCheck } from './move-undo'

const walkOf = (): Command => {
  const state = started()
  const id = state.turn!.activeId
  const move = ruleset.legalActions(state, id).find((a) => a.kind === 'move' && a.path?.length === 1)
  if (!move) throw new Error('no one-square move in the sample')
  return { type: 'action.declare', action: move }
}

describe('undo of a move', () => {
  it('allows taking back a plain walk, and keeps every command before it', () => {
    const start: Command = { type: 'encounter.start' }
    const check = undoCheck(sampleInitial(), [start, walkOf()], ruleset)
    expect(check.refusal).toBeNull()
    expect(check.commands).toEqual([start])
  })

  it('refuses when there is nothing, or the last command was not a move', () => {
    expect(undoCheck(sampleInitial(), [], ruleset).refusal).toBe('nothing')
    expect(undoCheck(sampleInitial(), [{ type: 'encounter.start' }], ruleset).refusal).toBe('notMove')
  })

  it('refuses a move that rolled dice, asked for a reaction or changed another figure', () => {
    const walk = walkOf()
    const mover = walk.type === 'action.declare' ? walk.action.actorId : ''
    const moved: GameEvent = { type: 'moved', id: mover, path: [], facing: 0 }
    const dice = { type: 'dice.rolled' } as GameEvent
    expect(moveUndoRefusal(walk, [moved])).toBeNull()
    expect(moveUndoRefusal(walk, [moved, dice])).toBe('dice')
    expect(
      moveUndoRefusal(walk, [{ type: 'attack.declared', attackerId: 'x', targetId: mover, mode: 'm' }])
    ).toBe('provoked')
    expect(moveUndoRefusal(walk, [moved, { type: 'damaged', id: 'other', amount: 1, source: 'x' }])).toBe(
      'others'
    )
  })
})
