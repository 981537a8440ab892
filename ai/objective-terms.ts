import type { Combatant, EncounterState, Vec3 } from '../rules/core/types'
import { exitCells } from '../rules/flow/objectives'
import type { AiTerm } from './types'

// The encounter's objectives as position terms of the planner (rules/flow/objectives.ts): a figure whose
// side must escape is drawn to the exits, and the allies of a figure its side must protect keep by it.
// Without objectives nothing here applies, so the AI plays exactly as before.

/** What reaching an exit is worth: above a typical attack's value, so an escaping side leaves. */
export const ESCAPE_WEIGHT = 2
/** How strongly an ally keeps by the figure its side protects (a protector personality's own weight). */
export const GUARD_WEIGHT = 0.3

/** Squares apart (Chebyshev): the exits and wards are on square boards; an inches board reads its units. */
const gap = (a: Vec3, b: { x: number; y: number }): number =>
  Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))

/** The exit squares of the figure's side (every escape objective of its side), or none. */
export function exitsOf(state: EncounterState, figure: Combatant): Array<{ x: number; y: number }> {
  return (state.objectives ?? []).flatMap((o) =>
    o.kind === 'escape' && o.side === figure.side ? exitCells(state, o) : []
  )
}

/** How far `pos` is from the nearest of `exits` (Infinity with none). */
export function exitDistance(pos: Vec3, exits: ReadonlyArray<{ x: number; y: number }>): number {
  return exits.reduce((d, c) => Math.min(d, gap(pos, c)), Infinity)
}

/** The standing figures the actor's side must protect (other than the actor itself). */
export function wardsOf(state: EncounterState, figure: Combatant): Combatant[] {
  const ids = (state.objectives ?? []).flatMap((o) =>
    o.kind === 'protect' && o.side === figure.side && o.figureId !== figure.id ? [o.figureId] : []
  )
  return state.combatants.filter((c) => ids.includes(c.id) && !c.out)
}

/**
 * The objective terms of ending at `end`: `escape` for the share of the way to the nearest exit this
 * closes (a full weight more on the exit itself); `protect` for keeping within a few squares of a ward.
 */
export function objectiveTerms(state: EncounterState, actor: Combatant, end: Vec3): AiTerm[] {
  if (!state.objectives?.length) return []
  const terms: AiTerm[] = []
  const exits = exitsOf(state, actor)
  if (exits.length) {
    const from = exitDistance(actor.pos, exits)
    const to = exitDistance(end, exits)
    const progress = (from - to) / Math.max(1, from)
    terms.push({ key: 'escape', value: ESCAPE_WEIGHT * (progress + (to === 0 ? 1 : 0)) })
  }
  for (const ward of wardsOf(state, actor)) {
    const near = Math.max(0, 1 - Math.max(0, gap(end, ward.pos) - 1) / 4)
    terms.push({ key: 'protect', value: GUARD_WEIGHT * near })
  }
  return terms
}
