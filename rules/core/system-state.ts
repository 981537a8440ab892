import type { z } from 'zod'
import type { GameEvent } from './events'
import type { EncounterState, SystemId } from './types'

// A ruleset's own facts of the fight (counters, tallies, per-round facts) kept in the encounter state as
// plain JSON (`EncounterState.systemState`), so the rules read them in O(1) instead of scanning the log.
// The slice is a pure function of the log: each applied event folds into it as it happens (round and turn
// events reset the per-round facts), so the log stays the one record a save replays, and a state without
// the slice (a save from before it existed, a hand-made test state) gets it rebuilt once from its log.

/** The typed slice of one ruleset: how it starts, how each event changes it, and its zod schema. */
export interface SystemStateModel<S extends object = object> {
  /** Validates a slice read from outside (a save); the slice is plain JSON. */
  schema: z.ZodType<S>
  /** The slice of a fight with nothing in its log. */
  initial(): S
  /**
   * The slice after `event`, the `at`-th event of the log, given the state it leaves (settings, figures).
   * Pure; returns `slice` itself when the event changes nothing, and never mutates it (states share it).
   */
  fold(slice: S, event: GameEvent, at: number, state: EncounterState): S
}

const models = new Map<SystemId, SystemStateModel>()

/** Makes `applyEvents` keep the system's slice; each ruleset with a slice registers itself on load. */
export function registerSystemState<S extends object>(id: SystemId, model: SystemStateModel<S>): void {
  models.set(id, model as unknown as SystemStateModel)
}

/** Rebuilt slices of states without one, by log: a state read many times is scanned once. */
const rebuilt = new WeakMap<readonly GameEvent[], object>()

/**
 * The save migration of the slice: every event of the log folded in order, as if the slice had been kept
 * from the start. The one log scan left, for states written before the slice existed.
 */
export function sliceFromLog<S extends object>(state: EncounterState, model: SystemStateModel<S>): S {
  const known = rebuilt.get(state.log)
  if (known) return known as S
  let slice = model.initial()
  state.log.forEach((event, at) => (slice = model.fold(slice, event, at, state)))
  rebuilt.set(state.log, slice)
  return slice
}

/** The state's slice under `model`: the one it carries, else rebuilt from its log (old saves, test states). */
export function systemStateOf<S extends object>(state: EncounterState, model: SystemStateModel<S>): S {
  return (state.systemState as S | undefined) ?? sliceFromLog(state, model)
}

/**
 * `after` (the state once `events` are applied to `before`) with its system's slice carried forward
 * through those events; unchanged for a system without a slice.
 */
export function foldSystemState(
  before: EncounterState,
  after: EncounterState,
  events: readonly GameEvent[]
): EncounterState {
  const model = models.get(after.system)
  if (!model) return after
  const old = systemStateOf(before, model)
  let slice = old
  events.forEach((event, k) => (slice = model.fold(slice, event, before.log.length + k, after)))
  return slice === before.systemState ? after : { ...after, systemState: slice as Record<string, unknown> }
}

/**
 * A state read from a save, with its slice checked by the system's schema, or built from its log when the
 * save predates the slice (the save migration). Throws on a slice the schema refuses.
 */
export function withSystemState(state: EncounterState): EncounterState {
  const model = models.get(state.system)
  if (!model) return state
  if (state.systemState === undefined) return { ...state, systemState: { ...sliceFromLog(state, model) } }
  model.schema.parse(state.systemState)
  return state
}

/** Whether a set kept as a JSON record (`{ [id]: true }`) holds `id` (never an Object.prototype member). */
export function inSet(set: Readonly<Record<string, true>>, id: string): boolean {
  return Object.hasOwn(set, id)
}

/** The set with `id` added (the same object when it was there already). */
export function withMember(set: Readonly<Record<string, true>>, id: string): Record<string, true> {
  return Object.hasOwn(set, id) ? set : { ...set, [id]: true }
}

/** The set without `id` (the same object when it was not there). */
export function withoutMember(set: Readonly<Record<string, true>>, id: string): Record<string, true> {
  if (!Object.hasOwn(set, id)) return set
  const { [id]: _gone, ...rest } = set
  return rest
}

/**
 * Figures that opened an activation this round, in order, after `event`: a round starts empty, each turn
 * adds its figure, and an activation handed over untouched (`activation.changed`) replaces the figure it
 * left, which has not acted. Shared by the rulesets whose turn order reads it (Minecraft, Carnevale).
 */
export function foldRoundActivations(ids: readonly string[], event: GameEvent): readonly string[] {
  if (event.type === 'round.started') return ids.length === 0 ? ids : []
  if (event.type === 'turn.started') return [...ids, event.actorId]
  if (event.type === 'activation.changed') return [...ids.slice(0, -1), event.actorId]
  return ids
}
