import { commandViolation } from '../core/command-contract'
import type { GameEvent } from '../core/events'
import { ManualDice, ManualDieError, type RollRecord } from '../core/rng'
import type { Ruleset } from '../core/ruleset'
import type { Action, Answers, Command, Combatant, EncounterState, Violation } from '../core/types'
import { openEconomy, spendEconomy } from '../core/economy'
import {
  escapesAtTurnEnd,
  fightVerdict,
  passesBySurprise,
  roundEndVerdict,
  surpriseMarks,
  surprisedFigures
} from './objectives'
import { placeTaken } from './standing-room'
import { Step } from './step'

/** A command either happens (new state + what happened) or is refused with a readable reason. */
export type CommandResult =
  { ok: true; state: EncounterState; events: GameEvent[] } | { ok: false; violation: Violation }

const refuse = (code: string, params?: Violation['params']): CommandResult => ({
  ok: false,
  violation: params ? { code, params } : { code }
})

function combatant(state: EncounterState, id: string): Combatant | undefined {
  return state.combatants.find((c) => c.id === id)
}

export { standingSides } from './objectives'

function startActivation(step: Step, ruleset: Ruleset, who: { sideId: string; actorId: string }): void {
  const actor = combatant(step.state, who.actorId)
  if (!actor) throw new Error(`turn order named unknown combatant ${who.actorId}`)
  const economy = openEconomy(ruleset.economy, step.state, actor)
  step.emit([{ type: 'turn.started', sideId: who.sideId, actorId: who.actorId, economy }])
  // A surprised figure does nothing in round 1, not even its start-of-turn rolls.
  if (passesBySurprise(step.state, ruleset, who.actorId)) step.emit([{ type: 'surprised', id: who.actorId }])
  else openingRolls(step, ruleset, who.actorId)
}

/** Whether the open activation passes by itself: nothing left to spend, or a surprised figure in round 1. */
function idle(state: EncounterState, ruleset: Ruleset): boolean {
  const { turn } = state
  return (
    !!turn && (ruleset.economy.exhausted(turn.economy) || passesBySurprise(state, ruleset, turn.activeId))
  )
}

/** The ruleset's start-of-activation step (movement rolls, dying checks...), with the game's dice. */
function openingRolls(step: Step, ruleset: Ruleset, actorId: string): void {
  const { startTurn } = ruleset
  if (startTurn) step.withDice((dice) => startTurn(step.state, actorId, dice))
}

/** Ends the encounter when an objective is decided or at most one side stands; true if it ended. */
function checkEnd(step: Step): boolean {
  const verdict = fightVerdict(step.state)
  if (!verdict) return false
  step.emit([{ type: 'encounter.ended', winner: verdict.winner }])
  return true
}

/**
 * Closes the current activation and opens the next ones until a figure that can act holds the turn: a
 * turn that opens with nothing to spend (PF's dying figure after its stabilization check, a paralyzed
 * one) passes by itself. Bounded, so a board where nobody can act for many rounds leaves the last turn
 * open to the GM instead of looping.
 */
function advance(step: Step, ruleset: Ruleset): void {
  const limit = step.state.combatants.length * 10 + 10
  for (let passes = 0; passes < limit; passes++) {
    advanceOnce(step, ruleset)
    if (step.state.phase !== 'running' || !idle(step.state, ruleset)) return
    if (checkEnd(step)) return
  }
}

/** Closes the current activation and opens the next one (or the next round). */
function advanceOnce(step: Step, ruleset: Ruleset): void {
  const turn = step.state.turn
  if (turn) {
    // An escape objective: figures ending their turn on an exit leave the board, which may end the fight.
    const escapes = escapesAtTurnEnd(step.state)
    step.emit([...escapes, { type: 'turn.ended', actorId: turn.activeId }])
    if (escapes.length > 0 && checkEnd(step)) return
  }
  // Activations set aside this turn go on before the turn order moves to anyone new.
  const setAside = step.state.turn?.paused?.[0]
  if (setAside) return step.emit([{ type: 'activation.resumed', actorId: setAside.actorId, release: false }])
  const next = ruleset.turnOrder.next(step.state)
  if (next) return startActivation(step, ruleset, next)
  const held = roundEndVerdict(step.state)
  if (held) return step.emit([{ type: 'encounter.ended', winner: held.winner }])
  step.emit([{ type: 'round.started', round: step.state.round + 1 }])
  const first = ruleset.turnOrder.first({ ...step.state, turn: null })
  if (first) return startActivation(step, ruleset, first)
  step.emit([{ type: 'encounter.ended', winner: null }])
}

function start(step: Step, ruleset: Ruleset): CommandResult {
  if (step.state.phase !== 'setup') return refuse('alreadyStarted')
  // Surprise comes only from the encounter's settings, and the log names who is caught unaware.
  const surprised = surprisedFigures(step.state)
  step.emit([{ type: 'encounter.started', ...(surprised.length ? { surprised } : {}) }])
  step.emit(surpriseMarks(step.state, ruleset))
  const { rollInitiative } = ruleset
  if (rollInitiative) step.withDice((dice) => rollInitiative(step.state, dice))
  step.emit([{ type: 'round.started', round: 1 }])
  if (checkEnd(step)) return { ok: true, state: step.state, events: step.events }
  const first = ruleset.turnOrder.first(step.state)
  if (!first) step.emit([{ type: 'encounter.ended', winner: null }])
  else {
    startActivation(step, ruleset, first)
    if (idle(step.state, ruleset)) advance(step, ruleset)
  }
  return { ok: true, state: step.state, events: step.events }
}

function declare(
  step: Step,
  ruleset: Ruleset,
  command: Extract<Command, { type: 'action.declare' }>
): CommandResult {
  const { state } = step
  const { action } = command
  if (!state.turn || action.actorId !== state.turn.activeId) return refuse('notYourTurn')
  const violation = ruleset.validate(state, action)
  if (violation) return { ok: false, violation }
  if (!spendEconomy(ruleset.economy, state.turn.economy, ruleset.economy.charge(state, action))) {
    return refuse('cannotAfford')
  }
  return proceed(step, ruleset, action, {})
}

/** Asks the next decision the action needs or, when none is left, pays for it and resolves it. */
function proceed(step: Step, ruleset: Ruleset, action: Action, answers: Answers): CommandResult {
  const request = ruleset.decide?.(step.state, action, answers) ?? null
  if (request) {
    step.emit([{ type: 'decision.requested', action, answers, request }])
    return { ok: true, state: step.state, events: step.events }
  }
  const { state } = step
  if (!state.turn) return refuse('notRunning')
  const charge = ruleset.economy.charge(state, action)
  const economy = spendEconomy(ruleset.economy, state.turn.economy, charge)
  if (!economy) return refuse('cannotAfford')
  // The ruleset resolves into the engine's own chain, against the state it validated; the spend is logged
  // first, then what happened.
  step.payAndResolve(
    { type: 'economy.spent', actorId: action.actorId, cost: costOf(charge), economy, kind: action.kind },
    (chain, dice) => ruleset.resolve(chain, action, dice, answers)
  )
  if (checkEnd(step)) return { ok: true, state: step.state, events: step.events }
  // The economy as the resolution left it: a ruleset may hand back part of what it charged (PF's full
  // attack whose target fell, keeping the attacks it did not make).
  const actor = combatant(step.state, action.actorId)
  const left = step.state.turn?.economy ?? economy
  if (!actor || actor.out || ruleset.economy.exhausted(left)) advance(step, ruleset)
  return { ok: true, state: step.state, events: step.events }
}

/** A decision.answer: checks it fits the pending request, then carries the halted action on. */
function answer(
  step: Step,
  ruleset: Ruleset,
  command: Extract<Command, { type: 'decision.answer' }>
): CommandResult {
  const pending = step.state.pending
  if (!pending) return refuse('noDecisionPending')
  const { request } = pending
  if (command.decisionId !== request.id) return refuse('otherDecisionPending', { decision: request.id })
  const { choice } = command
  const valid = request.choices
    ? typeof choice === 'string' && request.choices.includes(choice)
    : typeof choice === 'number' &&
      Number.isInteger(choice) &&
      (!request.range || (choice >= request.range.min && choice <= request.range.max))
  if (!valid) return refuse('invalidAnswer', { decision: request.id, choice: String(choice) })
  step.emit([{ type: 'decision.answered', decisionId: request.id, choice }])
  return proceed(step, ruleset, pending.action, { ...pending.answers, [request.id]: choice })
}

/** What an economy event costs, for the log: its numeric fields, less `_` bookkeeping (PF's diagonal parity). */
function costOf(event: { type: string }): Record<string, number> {
  const cost: Record<string, number> = {}
  for (const [k, v] of Object.entries(event)) if (typeof v === 'number' && !k.startsWith('_')) cost[k] = v
  return cost
}

function select(step: Step, ruleset: Ruleset, actorId: string): CommandResult {
  const { state } = step
  const turn = state.turn
  if (!turn) return refuse('notRunning')
  const current = combatant(state, turn.activeId)
  const wanted = combatant(state, actorId)
  if (!current || !wanted || wanted.side !== turn.sideId || wanted.out) return refuse('notYourSide')
  if (passesBySurprise(state, ruleset, actorId)) return refuse('surprised')
  if (actorId === turn.activeId) return refuse('alreadyActive')
  const setAside = turn.paused?.some((p) => p.actorId === actorId) ?? false
  if (!setAside && turn.activated.includes(actorId)) return refuse('alreadyActivated')
  if (!setAside && ruleset.turnOrder.canSelect?.(state, actorId) === false) return refuse('alreadyActivated')
  // A figure that has acted keeps the activation unless the rules let the side interleave its figures.
  const touched = turn.actions > 0
  if (touched && ruleset.turnOrder.canInterleave?.(state) !== true) return refuse('activationStarted')
  if (touched) step.emit([{ type: 'activation.paused', actorId: turn.activeId }])
  if (setAside) {
    step.emit([{ type: 'activation.resumed', actorId, release: !touched }])
    return { ok: true, state: step.state, events: step.events }
  }
  step.emit([{ type: 'activation.changed', actorId, economy: openEconomy(ruleset.economy, state, wanted) }])
  openingRolls(step, ruleset, actorId)
  return { ok: true, state: step.state, events: step.events }
}

/**
 * The one entry point of the rules: apply a command to a state (pure, deterministic). A command the save
 * schema refuses is refused first (command-contract.ts): every accepted command can be saved. A command's
 * `dice` (faces entered by hand) are rolled first; one the die cannot show, or one left over, refuses the
 * command. `onRoll` hears every die as it is rolled (the UI's dry run learns which dice a command will ask for).
 */
export function applyCommand(
  state: EncounterState,
  command: Command,
  ruleset: Ruleset,
  onRoll?: (roll: RollRecord) => void
): CommandResult {
  const unsaveable = commandViolation(command)
  if (unsaveable) return { ok: false, violation: unsaveable }
  if (state.system !== ruleset.id) return refuse('wrongRuleset')
  if (command.type !== 'encounter.start' && state.phase !== 'running') return refuse('notRunning')
  // A halted action must be answered before anything else happens.
  if (state.pending && command.type !== 'decision.answer') return refuse('decisionPending')
  const entered = 'dice' in command ? command.dice : undefined
  // Without entered dice or a listener the command runs exactly as it always has (same events, same hash).
  const manual = entered || onRoll ? new ManualDice(entered ?? [], onRoll) : undefined
  let result: CommandResult
  try {
    result = run(new Step(state, manual), ruleset, command)
  } catch (error) {
    if (!(error instanceof ManualDieError)) throw error
    return refuse('manualDieOutOfRange', { index: error.index + 1, face: error.face, sides: error.sides })
  }
  // Faces nobody rolled mean the table and the rules disagree about the dice: better refused than ignored.
  if (result.ok && manual && manual.used < manual.faces.length)
    return refuse('manualDiceUnused', { entered: manual.faces.length, used: manual.used })
  return result
}

function run(step: Step, ruleset: Ruleset, command: Command): CommandResult {
  switch (command.type) {
    case 'encounter.start':
      return start(step, ruleset)
    case 'action.declare':
      return declare(step, ruleset, command)
    case 'activation.select':
      return select(step, ruleset, command.actorId)
    case 'turn.end':
      advance(step, ruleset)
      return { ok: true, state: step.state, events: step.events }
    case 'decision.answer':
      return answer(step, ruleset, command)
    case 'door.set':
      return setDoor(step, command)
    case 'life.set':
      return setLife(step, ruleset, command)
  }
}

/** Opens or closes a door that is on the board; a door nobody drew is refused. */
function setDoor(step: Step, command: Extract<Command, { type: 'door.set' }>): CommandResult {
  const { x, y, side, open } = command
  const door = step.state.board.doors?.find((d) => d.x === x && d.y === y && d.side === side)
  if (!door) return refuse('noDoor', { x, y })
  if (door.open === open) return refuse('doorAlready')
  step.emit([{ type: 'door.changed', x, y, side, open }])
  return { ok: true, state: step.state, events: step.events }
}

/**
 * The GM's life edit: logged as damage or healing from `gm`, clamped to the figure's range; the figure
 * drops out or (if its life had taken it out) comes back as the ruleset's fate (or, without one, life above
 * 0) says, and the fight may end.
 * A figure cannot come back where another now stands (`occupied`): it stays out until its place is free.
 */
function setLife(
  step: Step,
  ruleset: Ruleset,
  command: Extract<Command, { type: 'life.set' }>
): CommandResult {
  const figure = combatant(step.state, command.id)
  if (!figure) return refuse('unknownActor')
  const life = Math.max(figure.lifeMin ?? 0, Math.min(figure.lifeMax, command.life))
  if (life === figure.life) return refuse('lifeUnchanged')
  // The fate of the figure as if it were in the fight, so by its life alone: a fate that reads `out`
  // (PF's) would otherwise keep a healed figure out for good.
  const upByLife = (state: EncounterState, c: Combatant) =>
    ruleset.fate ? ruleset.fate(state, { ...c, out: false }) === 'standing' : c.life > 0
  const downBefore = !upByLife(step.state, figure)
  const amount = Math.abs(life - figure.life)
  step.emit([{ type: life < figure.life ? 'damaged' : 'healed', id: figure.id, amount, source: 'gm' }])
  const after = combatant(step.state, figure.id)!
  const standing = upByLife(step.state, after)
  // Only a figure its life took out comes back: one that escaped, fled or gave up stays out, hurt or healed.
  if (standing && after.out && downBefore) {
    const taken = placeTaken(step.state, after)
    if (taken) return { ok: false, violation: taken }
    step.emit([{ type: 'combatant.back', id: figure.id }])
  }
  if (!standing && !after.out) step.emit([{ type: 'combatant.out', id: figure.id }])
  checkEnd(step)
  return { ok: true, state: step.state, events: step.events }
}

/** Replays a command log from its initial state; a refused command means the log is corrupt. */
export function replay(
  initial: EncounterState,
  commands: readonly Command[],
  ruleset: Ruleset
): EncounterState {
  let state = initial
  commands.forEach((command, index) => {
    const result = applyCommand(state, command, ruleset)
    if (!result.ok)
      throw new Error(`replay: command ${index} (${command.type}) refused: ${result.violation.code}`)
    state = result.state
  })
  return state
}

/** Whose controller must act now: the decider of a pending decision, else the active figure. */
export function whoDecides(state: EncounterState): string | null {
  return state.pending?.request.deciderId ?? state.turn?.activeId ?? null
}
