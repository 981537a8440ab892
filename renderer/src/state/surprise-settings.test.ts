import { describe, expect, it } from 'vitest'
import pfSample from '../../../resources/campaigns/pathfinder1e-sample.json'
import { campaignSchema } from '../../../rules/core/schemas'
import type { Combatant, Command, EncounterState } from '../../../rules/core/types'
import { applyCommand } from '../../../rules/flow/engine'
import { getRuleset } from '../../../rules/systems'
import { formatPercent, translate, translateCode } from '../i18n'
import { logLines, type LogTranslator } from './log-lines'
import { blankTemplate, combatantOf } from './roster-templates'

// Issue 21, bug 1: a figure made with "Nueva figura" carried `aware: false` (the blank stat block's
// default) and, once placed, opened a Pathfinder surprise round the encounter's settings never showed.

const pf = getRuleset(pfSample.system)
const tr: LogTranslator = {
  t: (key, params) => translate('es', key, params),
  code: (prefix, code, params) => translateCode('es', prefix, code, params),
  percent: (p) => formatPercent('es', p)
}

function ambush(): EncounterState {
  const record = campaignSchema.parse(structuredClone(pfSample)).encounters[0]
  if (!record) throw new Error('the Pathfinder sample has no encounter')
  return record.initial as EncounterState
}

/** The sample with nobody surprised in its settings and a blank "Nueva figura" placed on the goblins' side. */
function withNewFigure(): EncounterState {
  const { surprised: _none, ...initial } = ambush()
  const template = blankTemplate('pathfinder1e', [], 'Nueva')
  const figure: Combatant = {
    ...combatantOf(template, 'goblins', 'ai'),
    id: 'nueva',
    pos: { x: 12, y: 2, z: 0 }
  }
  return { ...initial, combatants: [...initial.combatants, figure] }
}

function run(state: EncounterState, commands: Command[]): EncounterState {
  return commands.reduce((s, command) => {
    const result = applyCommand(s, command, pf)
    if (!result.ok) throw new Error(`refused ${command.type}: ${result.violation.code}`)
    return result.state
  }, state)
}

/** Who opened an activation in round 1, ending each turn unspent. */
function roundOneOpenings(initial: EncounterState): string[] {
  let state = run(initial, [{ type: 'encounter.start' }])
  const opened: string[] = []
  while (state.round === 1 && state.phase === 'running' && state.turn) {
    opened.push(state.turn.activeId)
    state = run(state, [{ type: 'turn.end' }])
  }
  return opened
}

describe('surprise comes only from the encounter settings', () => {
  it('a blank new figure opens no surprise round: everyone standing acts in round 1', () => {
    const initial = withNewFigure()
    const opened = roundOneOpenings(initial)
    expect(new Set(opened)).toEqual(
      new Set(initial.combatants.filter((c) => c.id !== 'goblin-dog').map((c) => c.id))
    )
  })

  it('the encounter settings still make a surprise round, and the log names who is surprised', () => {
    const initial = ambush()
    expect(initial.surprised).toEqual(['valeria', 'tobi', 'anselma', 'irene'])
    const opened = roundOneOpenings(initial)
    expect(opened.some((id) => initial.surprised?.includes(id))).toBe(false)
    const started = run(initial, [{ type: 'encounter.start' }])
    expect(logLines(started, [], tr)[0]?.text).toBe(
      'Empieza el encuentro. Sorpresa: Valeria, Tobi, Anselma, Irene, sin alerta al empezar.'
    )
  })

  it('nobody surprised: the log opens plainly', () => {
    const started = run(withNewFigure(), [{ type: 'encounter.start' }])
    expect(logLines(started, [], tr)[0]?.text).toBe('Empieza el encuentro.')
  })
})
