import type { RollRecord } from '../core/rng'
import { pairRollGroups } from '../core/roll-pairing'
import type { Ruleset } from '../core/ruleset'
import type { Command, EncounterState, Violation } from '../core/types'
import { applyCommand } from './engine'

/**
 * One die a command will roll, as the dice-entry dialog asks for it: what it is for and who rolls it are
 * the tag the rules drew it with (`RollTag`), or for an untagged die its event's (`pf1.attack`).
 */
export type AskedDie = RollRecord

/** What a dry run learned: the dice in order (entered ones first), or why the command would be refused. */
export type DryRun = { ok: true; dice: AskedDie[] } | { ok: false; violation: Violation }

/** Commands that never roll: a door or a life edit. */
const rolls = (command: Command): boolean => command.type !== 'door.set' && command.type !== 'life.set'

/**
 * Applies `command` with the faces `entered` so far to a throwaway result and lists every die it rolls. Dice
 * after the entered ones come from the seeded stream, so they are the RNG's suggestion; a later die may
 * depend on an earlier face (a critical confirmation only after a threat), so the caller runs it again
 * after each entry until every die listed is entered. Pure: the state is not changed.
 */
export function dryRunDice(
  state: EncounterState,
  command: Command,
  ruleset: Ruleset,
  entered: readonly number[] = []
): DryRun {
  if (!rolls(command)) return { ok: true, dice: [] }
  const records: RollRecord[] = []
  const withDice = { ...command, dice: [...entered] } as Command
  const result = applyCommand(state, withDice, ruleset, (roll) => records.push(roll))
  // Fewer dice than entered: the faces already given changed what follows, so the extra ones are not asked.
  if (!result.ok && result.violation.code !== 'manualDiceUnused') return result
  if (!result.ok) return { ok: true, dice: records }
  const dice: AskedDie[] = records.map((r) => ({ ...r }))
  // A die drawn without a tag is labelled by the event it pairs with (all three dice of a kept-die check).
  for (const [eventIndex, group] of pairRollGroups(result.events, records)) {
    const event = result.events[eventIndex]
    if (event?.type !== 'dice.rolled') continue
    for (const at of group)
      if (dice[at]!.purpose === undefined)
        Object.assign(dice[at]!, { purpose: event.purpose, actorId: event.actorId })
  }
  return { ok: true, dice }
}

/** The command with the faces entered by hand (none: the command as it was, rolled by the RNG). */
export function withEnteredDice(command: Command, faces: readonly number[]): Command {
  if (faces.length === 0 || !rolls(command)) return command
  return { ...command, dice: [...faces] } as Command
}
