import { LIFE_MAX, LIFE_MIN } from '../../rules/core/schemas'
import type { Action, Combatant, Command, EncounterState } from '../../rules/core/types'

// Commands the save schema refuses (issue 18): what a GM's typo in the token HUD, a stale client or a bug
// could send. The engine must refuse each with the contract's own violation, in any phase and with a
// decision pending, and leave the state as it was; random-play.ts checks both.

/** A command the save schema refuses, and the violation code the engine must answer it with. */
export interface HostileCommand {
  /** Deliberately not a `Command`: typed as one only to be handed to the engine. */
  command: Command
  code: 'lifeOutOfRange' | 'invalidFacing' | 'invalidCommand'
}

const TOO_LONG_ID = 'x'.repeat(121)
const TOO_LONG_KIND = 'k'.repeat(41)

/** The `n`-th of the hostile commands built for `figure` in `state` (by remainder, so any n picks one). */
export function hostileCommand(state: EncounterState, figure: Combatant, n: number): HostileCommand {
  const step = { ...figure.pos }
  const move: Action = { kind: 'move', actorId: figure.id, path: [step] }
  const life = (value: unknown) => ({ type: 'life.set', id: figure.id, life: value })
  const declare = (action: object) => ({ type: 'action.declare', action })
  const cases: Array<[unknown, HostileCommand['code']]> = [
    [life(-20000), 'lifeOutOfRange'],
    [life(200000), 'lifeOutOfRange'],
    [life(LIFE_MIN - 1), 'lifeOutOfRange'],
    [life(LIFE_MAX + 1), 'lifeOutOfRange'],
    [life(NaN), 'lifeOutOfRange'],
    [life(figure.life + 0.5), 'lifeOutOfRange'],
    [life(String(figure.life)), 'lifeOutOfRange'],
    [{ type: 'life.set', id: figure.id }, 'lifeOutOfRange'],
    [declare({ ...move, facing: 8 }), 'invalidFacing'],
    [declare({ ...move, facing: -1 }), 'invalidFacing'],
    [declare({ ...move, facing: 2.5 }), 'invalidFacing'],
    [declare({ kind: 'face', actorId: figure.id, facing: 9 }), 'invalidFacing'],
    [{ type: 'no.such.command' }, 'invalidCommand'],
    [{ type: 'Turn.End' }, 'invalidCommand'],
    [{ actorId: figure.id }, 'invalidCommand'],
    [null, 'invalidCommand'],
    [[{ type: 'turn.end' }], 'invalidCommand'],
    [{ type: 'turn.end', by: 'gm' }, 'invalidCommand'],
    [declare({ ...move, reason: 'extra' }), 'invalidCommand'],
    [declare({ ...move, path: [{ ...step, w: 0 }] }), 'invalidCommand'],
    [declare({ ...move, path: [{ x: step.x, y: step.y }] }), 'invalidCommand'],
    [{ type: 'action.declare' }, 'invalidCommand'],
    [{ type: 'activation.select' }, 'invalidCommand'],
    [{ type: 'decision.answer', decisionId: state.pending?.request.id ?? 'd' }, 'invalidCommand'],
    [{ type: 'door.set', x: 0, y: 0, open: true }, 'invalidCommand'],
    [declare({ ...move, kind: TOO_LONG_KIND }), 'invalidCommand'],
    [{ type: 'activation.select', actorId: TOO_LONG_ID }, 'invalidCommand'],
    [{ type: 'turn.end', dice: [0] }, 'invalidCommand'],
    [{ type: 'encounter.start', dice: [7.5] }, 'invalidCommand']
  ]
  const [command, code] = cases[n % cases.length]!
  return { command: command as Command, code }
}
