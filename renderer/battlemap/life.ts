// Life as the map and the panels show it. Life may fall below 0 (Pathfinder's dying figures count
// down to −Con, `Combatant.lifeMin`): the bar empties at 0, the number is shown as it is.

/** How much of a life bar to fill, 0..1: empty at or below 0 life, full at or above the maximum. */
export function lifeRatio(life: number, lifeMax: number): number {
  return lifeMax > 0 ? Math.max(0, Math.min(1, life / lifeMax)) : 0
}

/** A signed number with a true minus sign ("−3"), as printed beside a life bar. */
export function signed(n: number): string {
  return n < 0 ? `\u2212${-n}` : String(n)
}

/** Life out of the maximum as printed beside a bar: "5/12", "−3/12". */
export function lifeText(life: number, lifeMax: number): string {
  return `${signed(life)}/${lifeMax}`
}
