import { chooseStep } from '../../ai'
import type { Ruleset } from '../../rules/core/ruleset'
import type { Command, EncounterState } from '../../rules/core/types'
import { applyCommand, whoDecides } from '../../rules/flow/engine'

/** Plays an encounter to its end with the AI on every side; returns the commands and final state. */
export function playAiVsAi(initial: EncounterState, ruleset: Ruleset, maxSteps = 2000) {
  const commands: Command[] = [{ type: 'encounter.start' }]
  let started = applyCommand(initial, commands[0]!, ruleset)
  if (!started.ok) throw new Error(`start refused: ${started.violation.code}`)
  let state = started.state
  for (let i = 0; i < maxSteps && state.phase === 'running' && state.turn; i++) {
    const { command } = chooseStep(state, ruleset, whoDecides(state)!)
    const result = applyCommand(state, command, ruleset)
    if (!result.ok)
      throw new Error(`AI step refused: ${result.violation.code} for ${JSON.stringify(command)}`)
    commands.push(command)
    state = result.state
  }
  started = { ok: true, state, events: [] }
  return { commands, state: started.state }
}
