import { lifeRatio, lifeText } from '../../battlemap/life'
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

/** The turn-order panel's content: sides in turn order, each with its figures and their status. */
export function roster(state: EncounterState): RosterSide[] {
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
        status: status(state, c)
      }))
  }))
}
