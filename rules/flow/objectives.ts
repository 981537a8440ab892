import type { GameEvent } from '../core/events'
import type { Ruleset } from '../core/ruleset'
import type { Cell, Combatant, EncounterState, Objective } from '../core/types'

// Encounter objectives and surprise, for every ruleset alike (issue 7, encounter builder): when a fight
// ends and who wins, who leaves through an exit, whose first activation passes. A state without
// `objectives` or `surprised` plays exactly as before (the last side standing wins), so old saves and
// golden logs replay unchanged.

/** The end of a fight: the winning side, or null for a draw. */
export interface Verdict {
  winner: string | null
}

const standing = (c: Combatant): boolean => !c.out

/** Sides that still have a figure in the fight. */
export function standingSides(state: EncounterState): string[] {
  return state.sides
    .map((s) => s.id)
    .filter((id) => state.combatants.some((c) => c.side === id && standing(c)))
}

/** The winner when `loser` fails its objective: the one other side still standing, or a draw. */
function against(state: EncounterState, loser: string): Verdict {
  const others = standingSides(state).filter((id) => id !== loser)
  return { winner: others.length === 1 ? others[0]! : null }
}

/** How many of the side's figures have left through an exit. */
export function escapedCount(state: EncounterState, side: string): number {
  return state.combatants.filter((c) => c.side === side && c.escaped === true).length
}

/** The exit squares of an escape objective: its own cells, or the named start zone's. */
export function exitCells(state: EncounterState, objective: Extract<Objective, { kind: 'escape' }>): Cell[] {
  if (objective.cells) return objective.cells
  return state.board.startZones?.find((z) => z.sideId === objective.zone)?.cells ?? []
}

/** Whether the figure stands on an exit square of its side's escape objective (any of its squares counts). */
export function onExit(state: EncounterState, figure: Combatant): boolean {
  return (state.objectives ?? []).some(
    (o) =>
      o.kind === 'escape' &&
      o.side === figure.side &&
      exitCells(state, o).some((c) => c.x === figure.pos.x && c.y === figure.pos.y)
  )
}

/** What one objective says about the fight right now: a verdict, or null while it is undecided. */
function objectiveVerdict(state: EncounterState, objective: Objective): Verdict | null {
  switch (objective.kind) {
    case 'defeatAll':
    case 'survive':
      // Decided by the last side standing (below) or, for survive, at the end of its round (roundEndVerdict).
      return null
    case 'escape': {
      const out = escapedCount(state, objective.side)
      if (out >= objective.count) return { winner: objective.side }
      const still = state.combatants.filter((c) => c.side === objective.side && standing(c)).length
      return out + still < objective.count ? against(state, objective.side) : null
    }
    case 'protect': {
      const ward = state.combatants.find((c) => c.id === objective.figureId)
      // A ward that escaped is safe, not lost.
      return ward && ward.out && ward.escaped !== true ? against(state, objective.side) : null
    }
  }
}

/**
 * Whether the fight is over now, and who won: the first objective that is decided, else the last side
 * standing (with no objectives this is the whole rule: at most one side standing ends the fight).
 */
export function fightVerdict(state: EncounterState): Verdict | null {
  for (const objective of state.objectives ?? []) {
    const verdict = objectiveVerdict(state, objective)
    if (verdict) return verdict
  }
  const sides = standingSides(state)
  return sides.length > 1 ? null : { winner: sides[0] ?? null }
}

/** The verdict as round `state.round` ends: a `survive` side with a figure standing has held out. */
export function roundEndVerdict(state: EncounterState): Verdict | null {
  for (const o of state.objectives ?? []) {
    if (o.kind !== 'survive' || state.round < o.rounds) continue
    if (state.combatants.some((c) => c.side === o.side && standing(c))) return { winner: o.side }
  }
  return null
}

/**
 * The escapes as a side's activation ends: every figure of the acting side that took part in this turn and
 * stands on one of its exits leaves the board (HQ2's side picks several figures in one turn).
 */
export function escapesAtTurnEnd(state: EncounterState): GameEvent[] {
  const turn = state.turn
  if (!turn || !state.objectives?.some((o) => o.kind === 'escape')) return []
  const ids = new Set([...turn.activated, turn.activeId])
  return state.combatants
    .filter((c) => ids.has(c.id) && standing(c) && onExit(state, c))
    .map((c) => ({ type: 'escaped', id: c.id }))
}

/**
 * Whether the figure loses its round-1 activation to surprise: it is listed in `surprised` and the ruleset
 * has no surprise rule of its own (`Ruleset.surprise`, which marks the figure instead at the start) or says
 * its rule takes the round too (`surpriseLosesRound`).
 */
export function passesBySurprise(state: EncounterState, ruleset: Ruleset, actorId: string): boolean {
  const losesRound = !ruleset.surprise || ruleset.surpriseLosesRound === true
  return state.round === 1 && losesRound && (state.surprised?.includes(actorId) ?? false)
}

/** The figures the encounter's settings list as surprised, in roster order (the only source of surprise). */
export function surprisedFigures(state: EncounterState): string[] {
  const ids = new Set(state.surprised ?? [])
  return state.combatants.filter((c) => ids.has(c.id)).map((c) => c.id)
}

/** The ruleset's own marks of the surprised figures as the fight opens (PF's unaware, Athkri's condition). */
export function surpriseMarks(state: EncounterState, ruleset: Ruleset): GameEvent[] {
  const { surprise } = ruleset
  if (!surprise) return []
  const ids = new Set(surprisedFigures(state))
  return state.combatants.filter((c) => ids.has(c.id)).flatMap((c) => surprise(state, c))
}
