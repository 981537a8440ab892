import type { Board, Combatant, InchesBoard } from '../types'

// Units of the continuous board. Positions and terrain are whole board units (1/unitsPerInch inch) so saves,
// actions and events keep integer coordinates; every measure handed to the rules is in inches.

/** Millimetres per inch: base sizes are sold in mm, the table is measured in inches. */
export const MM_PER_INCH = 25.4

/** The base diameter a figure without `baseMm` has on an inches board (the common Carnevale base). */
export const DEFAULT_BASE_MM = 30

/** What the measures need of a figure: where it stands and how big its round base is. */
export interface BaseLike {
  pos: { x: number; y: number; z: number }
  baseMm?: number
}

/** A board measured in inches (it carries `inches`). */
export type InchesBoardOf = Board & { inches: InchesBoard }

/** True when the board is a continuous table measured in inches rather than a square grid. */
export function isInchesBoard(board: Board): board is InchesBoardOf {
  return board.inches !== undefined
}

/** The board's units per inch; throws on a square-grid board (calling inches geometry there is a bug). */
export function unitsPerInch(board: Board): number {
  if (!board.inches) throw new RangeError('not an inches board')
  return board.inches.unitsPerInch
}

/** Inches → board units (not rounded: callers round where a stored position is needed). */
export function toUnits(board: Board, inches: number): number {
  return inches * unitsPerInch(board)
}

/** Board units → inches. */
export function toInches(board: Board, units: number): number {
  return units / unitsPerInch(board)
}

/** Base radius in board units for a base diameter in mm (absent = `DEFAULT_BASE_MM`). */
export function radiusUnits(unitsPerInchValue: number, baseMm: number | undefined): number {
  return ((baseMm ?? DEFAULT_BASE_MM) / 2 / MM_PER_INCH) * unitsPerInchValue
}

/** A figure's base radius in board units. */
export function baseRadius(board: Board, figure: Pick<Combatant, 'baseMm'>): number {
  return radiusUnits(unitsPerInch(board), figure.baseMm)
}
