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
