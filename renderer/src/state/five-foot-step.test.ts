import { describe, expect, it } from 'vitest'
import pfSample from '../../../resources/campaigns/pathfinder1e-sample.json'
import { campaignSchema } from '../../../rules/core/schemas'
import type { Action, Command, EncounterState } from '../../../rules/core/types'
import { applyCommand } from '../../../rules/flow/engine'
import { getRuleset } from '../../../rules/systems'
import { moveOptions, rulesetMoveInfo } from './battlemap-view'
import { formatCost, moveCostParts, totalCost } from './options'
import { translateCode } from '../i18n'
import { systemTerms } from '../i18n/system-terms'

// Issue 21, bug 3: a Pathfinder hero next to a goblin clicked an adjacent square and the map declared a
// move action that provoked ("provoca 1 AdO") while a 5-ft step to the same square, provoking nobody, was
// legal and not offered. The safest legal way is the default for a one-square move.

const pf = getRuleset(pfSample.system)

/** Valeria's turn in round 2 of the Goblin ambush with a goblin moved next to her. */
function threatenedHero(): EncounterState {
  const record = campaignSchema.parse(structuredClone(pfSample)).encounters[0]!
  const initial = record.initial as EncounterState
  const valeria = initial.combatants.find((c) => c.id === 'valeria')!
  const goblin = { x: valeria.pos.x + 1, y: valeria.pos.y }
  const placed = {
    ...initial,
    combatants: initial.combatants.map((c) =>
      c.id === 'goblin-1' ? { ...c, pos: { ...c.pos, ...goblin } } : c
    )
  }
  let state = placed
  for (const command of [{ type: 'encounter.start' }, ...Array<Command>(40).fill({ type: 'turn.end' })]) {
    if (state.round >= 2 && state.turn?.activeId === 'valeria') return state
    const result = applyCommand(state, command as Command, pf)
    if (!result.ok) throw new Error(`refused ${command.type}: ${result.violation.code}`)
    state = result.state
  }
  throw new Error('Valeria never got a turn')
}

describe('a one-square move in Pathfinder', () => {
  it('defaults to the 5-ft step when a move to the same square would provoke', () => {
    const state = threatenedHero()
    const legal = pf.legalActions(state, 'valeria')
    const options = moveOptions(legal, (a) => totalCost(pf, state, a), rulesetMoveInfo(pf, state))
    const valeria = state.combatants.find((c) => c.id === 'valeria')!
    // The square beside her, away from the goblin: a move there provokes, the step does not.
    const away = { x: valeria.pos.x - 1, y: valeria.pos.y }
    const moveThere = legal.find(
      (a) => a.kind === 'move' && a.path?.length === 1 && a.path[0]!.x === away.x && a.path[0]!.y === away.y
    )
    expect(moveThere).toBeDefined()
    expect(pf.moveInfo!(state, moveThere!).provokes.length).toBeGreaterThan(0)
    const option = options.find((o) => o.cell.x === away.x && o.cell.y === away.y)
    expect(option?.action.kind).toBe('step')
    expect(option?.provokes).toEqual([])
  })

  it('the map names the step, so it reads apart from a move of the same 5 feet', () => {
    const state = threatenedHero()
    const legal = pf.legalActions(state, 'valeria')
    const word = (action: Action) =>
      formatCost(
        (prefix, code, params) => translateCode('es', prefix, code, params, systemTerms.pathfinder1e),
        moveCostParts(pf, state, action)
      )
    expect(word(legal.find((a) => a.kind === 'step')!)).toBe('5 pies, paso de 5 pies')
    expect(word(legal.find((a) => a.kind === 'move' && a.path?.length === 1)!)).toBe('5 pies')
  })
})
