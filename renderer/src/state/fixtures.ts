import sample from '../../../resources/campaigns/minecraft-sample.json'
import pfSample from '../../../resources/campaigns/pathfinder1e-sample.json'
import { campaignSchema, type Campaign } from '../../../rules/core/schemas'
import type { Command, EncounterState } from '../../../rules/core/types'
import { applyCommand } from '../../../rules/flow/engine'
import { getRuleset } from '../../../rules/systems'

// Test fixtures from the bundled sample: unit tests run the real rules, never a mock of them.

/** A fresh copy of the sample campaign. */
export function sampleCampaign(): Campaign {
  return campaignSchema.parse(structuredClone(sample))
}

/** The sample encounter's initial state. */
export function sampleInitial(): EncounterState {
  const record = sampleCampaign().encounters[0]
  if (!record) throw new Error('the sample has no encounter')
  return record.initial as EncounterState
}

/** The Minecraft ruleset. */
export const ruleset = getRuleset('minecraft')

/** Applies commands in order, failing loudly on a refusal. */
export function play(state: EncounterState, ...commands: Command[]): EncounterState {
  return commands.reduce((s, command) => {
    const result = applyCommand(s, command, ruleset)
    if (!result.ok) throw new Error(`refused ${command.type}: ${result.violation.code}`)
    return result.state
  }, state)
}

/** The sample encounter, started (Steve, a hero, is active with 3 AP). */
export function started(): EncounterState {
  return play(sampleInitial(), { type: 'encounter.start' })
}

/**
 * The Pathfinder goblin ambush, started and played to Irene's first turn (the wizard: spells, a
 * crossbow to draw, later figures to delay for) by ending every turn before hers unspent.
 */
export function pathfinderHeroTurn(): EncounterState {
  const pf = getRuleset('pathfinder1e')
  const record = campaignSchema.parse(structuredClone(pfSample)).encounters[0]
  if (!record) throw new Error('the Pathfinder sample has no encounter')
  let state = record.initial as EncounterState
  for (const command of [{ type: 'encounter.start' }, ...Array<Command>(20).fill({ type: 'turn.end' })]) {
    if (state.turn?.activeId === 'irene') return state
    const result = applyCommand(state, command as Command, pf)
    if (!result.ok) throw new Error(`refused ${command.type}: ${result.violation.code}`)
    state = result.state
  }
  throw new Error('Irene never got a turn')
}
