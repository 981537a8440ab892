import { describe, expect, it } from 'vitest'
import { stateHash } from '../core/hash'
import { commandSchema, encounterStateSchema, LIFE_MAX, LIFE_MIN } from '../core/schemas'
import type { Command, EncounterState } from '../core/types'
import { getRuleset } from '../systems'
import { athkriSampleEncounter } from '../systems/athkri'
import { carnevaleSampleEncounter } from '../systems/carnevale/sample'
import { hq2SampleEncounter } from '../systems/hq2'
import { minecraftHeightsSampleEncounter } from '../systems/minecraft/sample'
import { pathfinder1eSampleEncounter } from '../systems/pathfinder1e/sample'
import { applyCommand } from './engine'

// Issue 18: the engine and the save schema are one contract. The renderer saves after every accepted
// command, so a command the engine takes but `commandSchema` refuses (a GM's typo in the token HUD, a
// facing of 8) would block every later save of the encounter; the engine refuses it instead, as it
// refuses any other illegal command, and leaves the state as it was.

const samples: ReadonlyArray<() => EncounterState> = [
  minecraftHeightsSampleEncounter,
  hq2SampleEncounter,
  athkriSampleEncounter,
  pathfinder1eSampleEncounter,
  carnevaleSampleEncounter
]

/** The sample started, and the first figure's legal move: every system names its move `move`. */
function started(sample: () => EncounterState) {
  const initial = sample()
  const ruleset = getRuleset(initial.system)
  const result = applyCommand(initial, { type: 'encounter.start' }, ruleset)
  if (!result.ok) throw new Error(result.violation.code)
  const { state } = result
  const actor = state.combatants.find((c) => c.id === state.turn!.activeId)!
  const move = ruleset.legalActions(state, actor.id, 'all').find((a) => a.kind === 'move')!
  // Wounded, so a life above its maximum is a change the engine would clamp rather than refuse as unchanged.
  const hurt = applyCommand(state, { type: 'life.set', id: actor.id, life: actor.life - 1 }, ruleset)
  if (!hurt.ok) throw new Error(hurt.violation.code)
  return { state: hurt.state, ruleset, actor, move }
}

/** Commands the save schema refuses, by the violation the engine must give, built for one started sample. */
function hostile({ actor, move }: ReturnType<typeof started>): Array<[string, unknown, string]> {
  const life = (value: unknown) => ({ type: 'life.set', id: actor.id, life: value })
  const moving = (extra: object) => ({ type: 'action.declare', action: { ...move, ...extra } })
  return [
    ['a life below the schema', life(LIFE_MIN - 1), 'lifeOutOfRange'],
    ['a life of −20,000', life(-20000), 'lifeOutOfRange'],
    ['a life above the schema', life(LIFE_MAX + 1), 'lifeOutOfRange'],
    ['a life of 200,000', life(200000), 'lifeOutOfRange'],
    ['a life of NaN', life(NaN), 'lifeOutOfRange'],
    ['a fractional life', life(2.5), 'lifeOutOfRange'],
    ['a missing life', { type: 'life.set', id: actor.id }, 'lifeOutOfRange'],
    ['a move facing 8', moving({ facing: 8 }), 'invalidFacing'],
    ['a move facing −1', moving({ facing: -1 }), 'invalidFacing'],
    ['a move facing 2.5', moving({ facing: 2.5 }), 'invalidFacing'],
    ['a turn to face 8', moving({ kind: 'face', path: undefined, facing: 8 }), 'invalidFacing'],
    ['an unknown type', { type: 'no.such.command' }, 'invalidCommand'],
    ['no type at all', { action: move }, 'invalidCommand'],
    ['not an object', null, 'invalidCommand'],
    ['an extra key', { type: 'turn.end', extra: 1 }, 'invalidCommand'],
    ['an extra key in the action', moving({ extra: 1 }), 'invalidCommand'],
    ['a missing action', { type: 'action.declare' }, 'invalidCommand'],
    ['a kind too long', moving({ kind: 'm'.repeat(41) }), 'invalidCommand'],
    ['an id too long', { type: 'activation.select', actorId: 'x'.repeat(121) }, 'invalidCommand'],
    ['a step without z', moving({ path: [{ x: actor.pos.x, y: actor.pos.y }] }), 'invalidCommand'],
    ['a die face of 0', { type: 'turn.end', dice: [0] }, 'invalidCommand'],
    ['a door off the schema', { type: 'door.set', x: 201, y: 0, side: 'n', open: true }, 'invalidCommand']
  ]
}

describe.each(samples.map((sample) => [sample().system, sample] as const))(
  'the save contract in %s',
  (_system, sample) => {
    const game = started(sample)

    it.each(hostile(game))('refuses %s, leaving the state as it was', (_name, command, code) => {
      expect(commandSchema.safeParse(command).success).toBe(false)
      const before = stateHash(game.state)
      const result = applyCommand(game.state, command as Command, game.ruleset)
      expect(result.ok ? 'accepted' : result.violation.code).toBe(code)
      expect(stateHash(game.state)).toBe(before)
    })

    it('takes the same commands within the schema, and the states they give save', () => {
      const { state, ruleset, actor, move } = game
      for (const command of [
        { type: 'life.set', id: actor.id, life: LIFE_MIN },
        { type: 'life.set', id: actor.id, life: LIFE_MAX },
        { type: 'action.declare', action: move }
      ] satisfies Command[]) {
        const result = applyCommand(state, command, ruleset)
        if (!result.ok) throw new Error(`${command.type} refused: ${result.violation.code}`)
        expect(encounterStateSchema.safeParse(result.state).success).toBe(true)
      }
    })
  }
)
