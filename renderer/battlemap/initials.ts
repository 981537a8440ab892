// Token initials a GM can tell apart across the table (issue 21 bug 9: "Ogro 2" and "Orco 2" both read
// "O2"). Pure, so the view builders compute them once for every token on the board.

/** "Goblin 2" → "G2", "Orc Chief" → "OC", "Kira" → "K": the first letters of the first two words. */
export function initialsOf(name: string): string {
  return initialsAt(name, 1)
}

/** The initials with `k` letters of the first word ("Ogro 2", 2 → "Og2"). */
function initialsAt(name: string, k: number): string {
  const words = name.trim().split(/\s+/)
  const first = words[0] ?? ''
  const head = first.slice(0, k)
  const lead = (head[0] ?? '?').toUpperCase() + head.slice(1).toLowerCase()
  return lead + (words[1]?.[0] ?? '').toUpperCase()
}

/**
 * Initials for every name, distinct where the names are: two different names that share their initials
 * take one more letter of their first word each ("Ogro 2", "Orco 2" → "Og2", "Or2"), up to four letters.
 * The same name twice keeps the same initials (nothing in it tells them apart).
 */
export function distinctInitials(names: readonly string[]): string[] {
  const out = names.map((name) => initialsAt(name, 1))
  for (let k = 2; k <= 4; k++) {
    const namesBy = new Map<string, Set<string>>()
    for (const [i, text] of out.entries()) namesBy.set(text, (namesBy.get(text) ?? new Set()).add(names[i]!))
    let clashed = false
    for (const [i, text] of out.entries())
      if ((namesBy.get(text)?.size ?? 0) > 1) {
        out[i] = initialsAt(names[i]!, k)
        clashed = true
      }
    if (!clashed) break
  }
  return out
}
