import type { z } from 'zod'
import type { GameEvent } from '../../rules/core/events'
import { canonicalJson } from '../../rules/core/hash'
import {
  combatantSchema,
  commandSchema,
  encounterStateSchema,
  gameEventSchema
} from '../../rules/core/schemas'
import type { Command, EncounterState } from '../../rules/core/types'
import { InvariantError } from './invariant-error'

// Issue 18: the engine and the save schema are one contract. The renderer saves after every accepted
// command (the encounter record keeps the initial state and the command list), and a state becomes an
// initial state again when the GM saves a new version from play: so every accepted command must come
// back from a save as itself, and every state the engine makes must pass `encounterStateSchema`.

/** "path: message" of the schema's first complaint. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!
  return `${issue.path.join('.') || '(root)'}: ${issue.message}`
}

/** The command as a save writes it and a load reads it back: JSON, then the save schema. */
export function savedCommand(command: Command, commands: readonly Command[]): Command {
  const parsed = commandSchema.safeParse(JSON.parse(JSON.stringify(command)))
  if (!parsed.success)
    throw new InvariantError(`an accepted command fails the save schema at ${firstIssue(parsed.error)}`, [
      ...commands,
      command
    ])
  if (canonicalJson(parsed.data) !== canonicalJson(command))
    throw new InvariantError('an accepted command reads back from its save as another', [
      ...commands,
      command
    ])
  return parsed.data
}

const stateFields = encounterStateSchema.shape
// schemas.ts `encounterStateSchema`: its log and figure limits.
const LOG_MAX = 1_000_000
const COMBATANTS_MAX = 500

/**
 * Throws unless `after`, the state an accepted command made from `before` by logging `events`, passes
 * `encounterStateSchema`. It parses what changed: a top-level field or a figure still the very object
 * `before` held was parsed with `before`, and the log grew by `events` alone (random-play.ts checks that),
 * so only they are. Together with a whole parse of the first state, this is a whole parse of every state,
 * at a cost that does not grow with the log.
 */
export function checkStateSaveable(
  before: EncounterState,
  after: EncounterState,
  events: readonly GameEvent[],
  commands: readonly Command[]
): void {
  const fail = (message: string) => {
    throw new InvariantError(`the state fails the save schema at ${message}`, commands)
  }
  for (const key of Object.keys(after)) if (!(key in stateFields)) fail(`${key}: unknown field`)
  for (const [key, schema] of Object.entries(stateFields)) {
    if (key === 'log' || key === 'combatants') continue
    const value = after[key as keyof EncounterState]
    if (value === before[key as keyof EncounterState]) continue
    const parsed = (schema as z.ZodType).safeParse(value)
    if (!parsed.success) fail(`${key}.${firstIssue(parsed.error)}`)
  }
  // Figures the events did not touch are the very objects they were (events.ts updateCombatant).
  if (after.combatants.length > COMBATANTS_MAX) fail(`combatants: more than ${COMBATANTS_MAX}`)
  after.combatants.forEach((figure, i) => {
    if (figure === before.combatants[i]) return
    const parsed = combatantSchema.safeParse(figure)
    if (!parsed.success) fail(`combatants.${i}.${firstIssue(parsed.error)}`)
  })
  if (after.log.length > LOG_MAX) fail(`log: more than ${LOG_MAX} events`)
  events.forEach((event, i) => {
    const parsed = gameEventSchema.safeParse(event)
    if (!parsed.success) fail(`log.${after.log.length - events.length + i}.${firstIssue(parsed.error)}`)
  })
}

/** States (frozen) that passed checkWholeStateSaveable: a run's initial state is often the last run's. */
const wholeSaveable = new WeakSet<EncounterState>()

/** Throws unless the whole state passes `encounterStateSchema` (a game's first state). */
export function checkWholeStateSaveable(state: EncounterState, commands: readonly Command[]): void {
  if (wholeSaveable.has(state)) return
  const parsed = encounterStateSchema.safeParse(state)
  if (!parsed.success)
    throw new InvariantError(`the state fails the save schema at ${firstIssue(parsed.error)}`, commands)
  if (Object.isFrozen(state)) wholeSaveable.add(state)
}
