import { lifeRatio, lifeText } from '../../battlemap/life'
import { ownValue } from '../../../rules/core/own-key'
import type { Ruleset } from '../../../rules/core/ruleset'
import type { Combatant, EncounterState } from '../../../rules/core/types'
import { placeName } from './square-name'

/** Where a figure stands in the current turn. */
export type RosterStatus = 'active' | 'done' | 'waiting' | 'out'

/** One figure in the turn-order panel. */
export interface RosterFigure {
  id: string
  name: string
  /** May be negative (a dying Pathfinder figure). */
  life: number
  lifeMax: number
  /** How much of the life bar to fill, 0..1 (empty at or below 0 life). */
  lifeRatio: number
  /** Life as printed beside the bar: "5/12", "−3/12". */
  lifeText: string
  /** The square, as the map labels it (D6). */
  square: string
  x: number
  y: number
  controller: Combatant['controller']
  status: RosterStatus
  /** The rolled initiative total, in systems that roll one. */
  initiative?: number
  /** Where it stands in the initiative count: the total plus the tie-break fraction PF stores (14.01). */
  initiativeCount?: number
  /** Its conditions (terms keys) with how long each lasts, when the rules say. */
  conditions: RosterCondition[]
}

/** A condition in the turn panel: the terms key, rounds left, and whose turn start ends it. */
export interface RosterCondition {
  key: string
  rounds?: number
  /** The name of the figure whose next turn start ends it (or counts it down). */
  untilName?: string
}

/** One side in the turn-order panel, in the order sides take their turns. */
export interface RosterSide {
  id: string
  name: string
  /** True while it is this side's turn. */
  current: boolean
  figures: RosterFigure[]
}

function status(state: EncounterState, c: Combatant): RosterStatus {
  const turn = state.turn
  if (c.out) return 'out'
  if (turn?.activeId === c.id) return 'active'
  if (turn?.sideId === c.side && turn.activated.includes(c.id)) return 'done'
  return 'waiting'
}

/** A figure's conditions from the ruleset's hooks, each with its duration when it has one. */
function conditionsOf(state: EncounterState, c: Combatant, rules?: RosterRules): RosterCondition[] {
  if (!rules?.conditions || c.out) return []
  const durations = new Map((rules.durations?.(state, c) ?? []).map((d) => [d.key, d]))
  return rules.conditions(state, c).map((key) => {
    const d = durations.get(key)
    const until = d?.until ? state.combatants.find((f) => f.id === d.until)?.name : undefined
    return {
      key,
      ...(d?.rounds !== undefined ? { rounds: d.rounds } : {}),
      ...(until ? { untilName: until } : {})
    }
  })
}

/** The rolled total (PF encodes ties as hundredths above it, so it is the whole part) and the count. */
function initiativeOf(
  state: EncounterState,
  id: string
): Pick<RosterFigure, 'initiative' | 'initiativeCount'> {
  const count = ownValue(state.initiative, id)
  return count === undefined ? {} : { initiative: Math.floor(count), initiativeCount: count }
}

/** Highest initiative first; figures without one keep their order after those with one (a stable sort). */
function byInitiative(a: RosterFigure, b: RosterFigure): number {
  if (a.initiativeCount === undefined || b.initiativeCount === undefined)
    return Number(a.initiativeCount === undefined) - Number(b.initiativeCount === undefined)
  return b.initiativeCount - a.initiativeCount
}

/** The ruleset hooks the panel reads (absent: no conditions shown). */
export type RosterRules = Pick<Ruleset, 'conditions' | 'durations'>

/**
 * The turn-order panel's content: sides in turn order, each with its figures and their status; within a
 * side, figures with a rolled initiative come highest first (the order they act in), the rest as listed.
 */
export function roster(state: EncounterState, rules?: RosterRules): RosterSide[] {
  return state.sides.map((side) => ({
    id: side.id,
    name: side.name,
    current: state.turn?.sideId === side.id,
    figures: state.combatants
      .filter((c) => c.side === side.id)
      .map((c) => ({
        id: c.id,
        name: c.name,
        life: c.life,
        lifeMax: c.lifeMax,
        lifeRatio: lifeRatio(c.life, c.lifeMax),
        lifeText: lifeText(c.life, c.lifeMax),
        square: placeName(state.board, c.pos),
        x: c.pos.x,
        y: c.pos.y,
        controller: c.controller,
        status: status(state, c),
        ...initiativeOf(state, c.id),
        conditions: conditionsOf(state, c, rules)
      }))
      .sort(byInitiative)
  }))
}
