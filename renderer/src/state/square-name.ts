import type { Board } from '../../../rules/core/types'

/** A square as the battlemap labels it: spreadsheet-style column (A..Z, AA..) and 1-based row, e.g. D6. */
export function squareName(cell: { x: number; y: number }): string {
  let n = cell.x + 1
  let column = ''
  while (n > 0) {
    const r = (n - 1) % 26
    column = String.fromCharCode(65 + r) + column
    n = Math.floor((n - 1) / 26)
  }
  return `${column}${cell.y + 1}`
}

/**
 * Where a position is, in the board's own terms: the square name on a grid, the distance from the
 * table's top-left corner on an inches board ("12.5″ 4″"), where there are no squares to name.
 */
export function placeName(board: Board, pos: { x: number; y: number }): string {
  if (board.inches === undefined) return squareName(pos)
  const inches = (units: number): string => `${Number((units / board.inches!.unitsPerInch).toFixed(1))}″`
  return `${inches(pos.x)} ${inches(pos.y)}`
}
