import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { chooseStep } from '../ai'
import { stateHash } from '../rules/core/hash'
import { encounterStateSchema } from '../rules/core/schemas'
import { withSystemState } from '../rules/core/system-state'
import type { Command, EncounterState } from '../rules/core/types'
import { applyCommand, replay, whoDecides } from '../rules/flow/engine'
import { getRuleset } from '../rules/systems'

// Saves written before the rulesets kept their facts in the encounter state (`systemState`): each fixture
// is a sample's first encounter played AI vs AI by that old code and saved mid-fight (a figure already
// out), with the commands the old code went on to play and how its game ended. Loaded now, the slice is
// built once from the log, and the fight goes on exactly as it did: same AI choices, same dice, same end.

interface OldSave {
  variant: string
  seed: number
  at: number
  state: EncounterState
  commands: Command[]
  final: { stateHash: string; winner: string | null; round: number; lives: string }
}

const lives = (s: EncounterState) => s.combatants.map((c) => `${c.id}:${c.life}${c.out ? 'x' : ''}`).join(' ')

describe.each(['athkri', 'hq2', 'carnevale', 'minecraft'])('an old %s save taken mid-fight', (system) => {
  const saves = JSON.parse(
    readFileSync(new URL(`./fixtures/system-state/${system}-old-save.json`, import.meta.url), 'utf8')
  ) as OldSave[]
  const ruleset = getRuleset(system)

  it.each(saves.map((save) => [save.variant, save] as const))(
    '%s: loads and ends as the old code ended',
    (_v, save) => {
      const parsed = encounterStateSchema.parse(save.state) as EncounterState
      expect(parsed.systemState).toBeUndefined()
      const loaded = withSystemState(parsed)
      expect(ruleset.systemState?.schema.parse(loaded.systemState)).toEqual(loaded.systemState)
      // The AI still picks what the old code picked from the saved state.
      expect(chooseStep(loaded, ruleset, whoDecides(loaded)!).command).toEqual(save.commands[0])
      const end = replay(loaded, save.commands, ruleset)
      expect(stateHash(end)).toBe(save.final.stateHash)
      expect({ winner: end.winner, round: end.round, lives: lives(end) }).toEqual({
        winner: save.final.winner,
        round: save.final.round,
        lives: save.final.lives
      })
      // The slice kept command by command is the one a load builds from the final log.
      const { systemState: kept, ...bare } = end
      expect(withSystemState(bare).systemState).toEqual(kept)
    }
  )

  it('a slice the ruleset’s schema refuses makes the load fail instead of playing on wrong facts', () => {
    const parsed = encounterStateSchema.parse(saves[0]!.state) as EncounterState
    expect(() => withSystemState({ ...parsed, systemState: { bogus: 1 } })).toThrow()
    expect(applyCommand(withSystemState(parsed), { type: 'turn.end' }, ruleset).ok).toBe(true)
  })
})
