import { describe, expect, it } from 'vitest'
import type { Combatant, PendingDecision } from '../../../rules/core/types'
import { bareFigure, testEncounter } from '../../../rules/core/test-fixtures'
import {
  AUTOMATION_LEVELS,
  decisionFamily,
  decisionPlan,
  declineChoice,
  dicePlan,
  levelsOf,
  withLevel
} from './automation'
import { controllerChanges, modeOf, suggestingSides, withControllers, withMode } from './play-mode'

const pending = (
  deciderId: string,
  choices?: string[],
  def: string | number = 'attack'
): PendingDecision => ({
  action: { kind: 'move', actorId: 'hero' },
  answers: {},
  request: { id: 'pf1.aoo#orc', deciderId, default: def, ...(choices ? { choices } : {}) }
})

describe('automation levels', () => {
  it('fills what a campaign does not say with the defaults, and changes one family at a time', () => {
    expect(levelsOf(undefined)).toEqual({ dice: 'auto', reactions: 'suggest', adjudication: 'suggest' })
    const off = withLevel(undefined, 'dice', 'off')
    expect(levelsOf(off)).toMatchObject({ dice: 'off', reactions: 'suggest' })
    expect(levelsOf(withLevel(off, 'reactions', 'auto'))).toMatchObject({ dice: 'off', reactions: 'auto' })
  })

  it('sorts decisions into families by who decides', () => {
    expect(decisionFamily(pending('gm'))).toBe('adjudication')
    expect(decisionFamily(pending('orc'))).toBe('reactions')
    expect(decisionFamily(pending('hero'))).toBeNull()
  })

  it('maps each level to what happens to a decision, for a person and for the AI', () => {
    const person = AUTOMATION_LEVELS.map((l) => decisionPlan(l, true))
    expect(person).toEqual([
      { kind: 'decline' },
      { kind: 'prompt', preselect: false },
      { kind: 'prompt', preselect: true },
      { kind: 'answer' }
    ])
    const ai = AUTOMATION_LEVELS.map((l) => decisionPlan(l, false).kind)
    expect(ai).toEqual(['decline', 'leave', 'leave', 'leave'])
  })

  it("declines with the rules' do-nothing choice, else their default", () => {
    expect(declineChoice(pending('orc', ['attack', 'trip', 'pass']).request)).toBe('pass')
    expect(declineChoice(pending('orc', ['fire', 'hold'], 'fire').request)).toBe('hold')
    expect(declineChoice(pending('gm', ['yes', 'maybe'], 'maybe').request)).toBe('maybe')
    expect(declineChoice(pending('gm', undefined, 4).request)).toBe(4)
  })

  it('opens the dice dialog below auto, prefilled only at suggest, with the RNG shown at suggest and remind', () => {
    expect(AUTOMATION_LEVELS.map(dicePlan)).toEqual([
      { ask: true, prefill: false, hint: false },
      { ask: true, prefill: false, hint: true },
      { ask: true, prefill: true, hint: true },
      { ask: false, prefill: false, hint: false }
    ])
  })
})

const fig = (id: string, side: string, controller: Combatant['controller']): Combatant => ({
  ...bareFigure(id, side),
  controller
})

describe('solo and GM mode', () => {
  const sides = [
    { id: 'heroes', name: 'Heroes' },
    { id: 'orcs', name: 'Orcs' },
    { id: 'wolves', name: 'Wolves' }
  ]
  const state = testEncounter('pathfinder1e', {}, { width: 5, height: 5, blocks: [] }, sides, [
    fig('h1', 'heroes', 'human'),
    fig('o1', 'orcs', 'ai'),
    fig('w1', 'wolves', 'gm')
  ])

  it('reads a file without a stored mode off its controllers', () => {
    expect(modeOf(state, undefined)).toEqual({
      mode: 'gm',
      heroSide: 'heroes',
      sides: { heroes: 'gm', orcs: 'plays', wolves: 'gm' }
    })
  })

  it('solo gives the heroes to the player and every other side to the AI', () => {
    const solo = { ...modeOf(state, undefined), mode: 'solo' as const }
    expect(controllerChanges(state, solo)).toEqual(new Map([['w1', 'ai']]))
    const after = withControllers(state, controllerChanges(state, solo))
    expect(after.combatants.map((c) => c.controller)).toEqual(['human', 'ai', 'ai'])
    expect(suggestingSides(solo)).toEqual([])
  })

  it('GM mode gives the GM every figure, except sides the AI plays or suggests for', () => {
    const gm = {
      mode: 'gm' as const,
      heroSide: 'heroes',
      sides: { orcs: 'suggests' as const, wolves: 'plays' as const }
    }
    expect(controllerChanges(state, gm)).toEqual(
      new Map([
        ['h1', 'gm'],
        ['w1', 'ai']
      ])
    )
    expect(suggestingSides(gm)).toEqual(['orcs'])
    const stored = withMode(undefined, state.id, gm)
    const played = withControllers(state, controllerChanges(state, gm))
    expect(modeOf(played, stored)).toEqual({ ...gm, sides: { heroes: 'gm', ...gm.sides } })
  })
})
