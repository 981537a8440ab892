import type { AiStep } from '../../ai/types'
import type { Ruleset } from '../../rules/core/ruleset'
import type { Action, AiProfile, Combatant, EncounterState, Vec3 } from '../../rules/core/types'
import { applyCommand } from '../../rules/flow/engine'

// Small readers the puzzles' accept predicates share: what a step declares, where it ends, how far that is.

/** The figure with this id; throws on a puzzle bug. */
export function fig(state: EncounterState, id: string): Combatant {
  const c = state.combatants.find((x) => x.id === id)
  if (!c) throw new Error(`puzzle: no combatant ${id}`)
  return c
}

/** The state with `id`'s AI profile set (the personality the puzzle tests). */
export function withProfile(state: EncounterState, id: string, ai: AiProfile): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? { ...c, ai } : c)) }
}

/** The state with `id` patched (life, facing, position...). */
export function patchFigure(state: EncounterState, id: string, patch: Partial<Combatant>): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? { ...c, ...patch } : c)) }
}

/** The action a step declares, or null (ending the turn, answering a decision). */
export function declared(step: AiStep): Action | null {
  return step.command.type === 'action.declare' ? step.command.action : null
}

/** Where the actor stands once the action is done: its path's last square, else where it is. */
export function endOf(state: EncounterState, action: Action | null, actorId: string): Vec3 {
  // A spell's path is its aim point (PF bursts), not a walk.
  const last = action?.kind === 'cast' ? undefined : action?.path?.[action.path.length - 1]
  return last ?? fig(state, actorId).pos
}

/** King-move (Chebyshev) distance in squares, ignoring height. */
export function cheb(a: Vec3, b: Vec3): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))
}

/** Straight-line distance in the board's own units (inches boards: units, not inches). */
export function planar(a: Vec3, b: Vec3): number {
  return Math.hypot(a.x - b.x, a.y - b.y)
}

/** The standing enemies of `actorId` in `state`. */
export function enemiesOf(state: EncounterState, actorId: string): Combatant[] {
  const me = fig(state, actorId)
  return state.combatants.filter((c) => !c.out && c.side !== me.side)
}

/** A step as a person reads it in a report: `declare attack → orc @ (5,6)`, `turn.end`, `answer hq2.defense=dodge`. */
export function describeStep(state: EncounterState, step: AiStep): string {
  const { command } = step
  if (command.type === 'decision.answer') return `answer ${command.decisionId}=${command.choice}`
  if (command.type !== 'action.declare') return command.type
  const a = command.action
  const end = a.path?.[a.path.length - 1]
  const opts = a.options ? ` ${JSON.stringify(a.options)}` : ''
  const to = a.targetId ? ` → ${a.targetId}` : ''
  const at = end ? ` @ (${end.x},${end.y},${end.z})` : ''
  const facing = a.facing !== undefined ? ` facing ${a.facing}` : ''
  return `${a.kind}${to}${at}${facing}${opts} [from (${fig(state, a.actorId).pos.x},${fig(state, a.actorId).pos.y})]`
}

/**
 * Applies commands in order (`encounter.start`, declarations, answers) and throws on a refusal: a puzzle
 * whose set-up the rules refuse is a bug in the puzzle.
 */
export function play(
  state: EncounterState,
  ruleset: Ruleset,
  ...commands: Parameters<typeof applyCommand>[1][]
) {
  let s = state
  for (const command of commands) {
    const result = applyCommand(s, command, ruleset)
    if (!result.ok) throw new Error(`puzzle set-up refused ${command.type}: ${result.violation.code}`)
    s = result.state
  }
  return s
}

/** A bare step around a command, for judging candidate answers the way a policy's step is judged. */
export function stepOf(command: AiStep['command']): AiStep {
  return {
    command,
    reason: { key: 'candidate', params: {} },
    trace: [],
    considered: 0,
    policy: 'candidate',
    personality: 'candidate'
  }
}

/**
 * Whether, once the step is played, the actor may still make one of `kinds` at `targetId` this activation:
 * "moves and still attacks", read from the rules themselves rather than from each system's budget.
 */
export function thenCan(
  state: EncounterState,
  ruleset: Ruleset,
  step: AiStep,
  actorId: string,
  targetId: string | null,
  kinds: string[]
): boolean {
  const result = applyCommand(state, step.command, ruleset)
  if (!result.ok || result.state.pending || result.state.turn?.activeId !== actorId) return false
  return ruleset
    .legalActions(result.state, actorId, 'targeted')
    .some((a) => kinds.includes(a.kind) && (targetId === null || a.targetId === targetId))
}

/** A move that ends farther from every enemy than the figure stands now, and out of contact. */
export function fleesAll(state: EncounterState, step: AiStep, actorId: string): boolean {
  const a = declared(step)
  if (a?.kind !== 'move') return false
  const from = fig(state, actorId).pos
  const end = endOf(state, a, actorId)
  return enemiesOf(state, actorId).every((e) => cheb(end, e.pos) > cheb(from, e.pos) && cheb(end, e.pos) >= 2)
}
