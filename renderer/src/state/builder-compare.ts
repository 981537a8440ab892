import type { Proportion, SimReport } from '../../../ai/sim-report'
import type { EncounterState } from '../../../rules/core/types'

// Two versions of an encounter side by side (issue 7, prep): the numbers of two simulation reports in rows
// a person reads across, each row one measure with the value of version A and of version B.

/** One cell of the comparison: a rate with its 95% interval, or a plain number. */
export type CompareValue = { kind: 'rate'; p: Proportion } | { kind: 'number'; value: number } | null

/** One measure of the comparison. */
export interface CompareRow {
  /** Stable id (test ids, keys): `win:<side>`, `draws`, `rounds`, `down:<figure>`, `dead:<figure>`. */
  id: string
  /** What the row measures, as a catalogue key under `builder.compare.` with its parameters. */
  label: { key: 'win' | 'draws' | 'rounds' | 'down' | 'dead'; params: Record<string, string> }
  a: CompareValue
  b: CompareValue
}

/** A report and the encounter it played, for one column. */
export interface CompareColumn {
  report: SimReport
  state: EncounterState
}

const rate = (p: Proportion | undefined): CompareValue => (p ? { kind: 'rate', p } : null)

/**
 * The rows of a comparison: the win rate of each side (by id, in A's order then B's new ones), draws, mean
 * rounds, and each hero's risk of going down and of dying. Heroes are the figures people play (not `ai`)
 * in either version (the first side's when the AI plays all), matched by id; a figure missing from one
 * version has an empty cell there.
 */
export function compareRows(a: CompareColumn, b: CompareColumn): CompareRow[] {
  const sides = [...new Set([...a.state.sides, ...b.state.sides].map((s) => s.id))]
  const sideName = (id: string) =>
    a.state.sides.find((s) => s.id === id)?.name ?? b.state.sides.find((s) => s.id === id)?.name ?? id
  const win = (col: CompareColumn, side: string) => rate(col.report.wins.find((w) => w.side === side))
  const rows: CompareRow[] = sides.map((side) => ({
    id: `win:${side}`,
    label: { key: 'win', params: { side: sideName(side) } },
    a: win(a, side),
    b: win(b, side)
  }))
  rows.push({
    id: 'draws',
    label: { key: 'draws', params: {} },
    a: rate(a.report.draws),
    b: rate(b.report.draws)
  })
  rows.push({
    id: 'rounds',
    label: { key: 'rounds', params: {} },
    a: { kind: 'number', value: a.report.rounds.mean },
    b: { kind: 'number', value: b.report.rounds.mean }
  })
  // Heroes: the figures people play; in a fight the AI plays whole, the first side's figures.
  const people = (c: { controller: string }) => c.controller !== 'ai'
  const anyPeople = [a, b].some((col) => col.state.combatants.some(people))
  const firstSide = sides[0]
  const isHero = (c: { controller: string; side: string }) => (anyPeople ? people(c) : c.side === firstSide)
  const heroes = new Map<string, string>()
  for (const col of [a, b])
    for (const c of col.state.combatants) if (isHero(c) && !heroes.has(c.id)) heroes.set(c.id, c.name)
  const risk = (col: CompareColumn, id: string) => col.report.figures.find((f) => f.id === id)
  for (const [id, name] of heroes) {
    for (const key of ['down', 'dead'] as const) {
      rows.push({
        id: `${key}:${id}`,
        label: { key, params: { name } },
        a: rate(risk(a, id)?.[key]),
        b: rate(risk(b, id)?.[key])
      })
    }
  }
  return rows
}

/** The comparison in one sentence: is version B harder or easier for the heroes than A, or no clearer. */
export interface CompareVerdict {
  /** 'harder' / 'easier' for the heroes in B than in A; 'similar' when the games cannot tell them apart. */
  kind: 'harder' | 'easier' | 'similar'
  /** The heroes' side: the side people play (or the first side when the AI plays all). */
  side: string
  sideName: string
  /** The heroes' win rate in A and in B. */
  from: number
  to: number
}

/** z for a two-sided 5% test. */
const Z95 = 1.959963984540054

/**
 * The verdict a GM reads first (issue 21: "v2 is harder: heroes' win falls from 62 % to 41 %"). The heroes'
 * win rates are compared by a two-proportion z-test (pooled): a difference the two samples could show by
 * chance at the 5% level is 'similar' rather than a claim the games do not support. Null before both runs.
 */
export function compareVerdict(a: CompareColumn, b: CompareColumn): CompareVerdict | null {
  const people = (c: { controller: string }) => c.controller !== 'ai'
  const heroFigure = [a, b].flatMap((col) => col.state.combatants).find(people)
  const side = heroFigure?.side ?? a.state.sides[0]?.id
  if (!side || a.report.runs === 0 || b.report.runs === 0) return null
  const sideName = a.state.sides.find((s) => s.id === side)?.name ?? side
  const rateOf = (col: CompareColumn) => col.report.wins.find((w) => w.side === side)?.rate ?? 0
  const from = rateOf(a)
  const to = rateOf(b)
  const na = a.report.runs
  const nb = b.report.runs
  const pooled = (from * na + to * nb) / (na + nb)
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb))
  const clear = se > 0 ? Math.abs(to - from) / se >= Z95 : false
  const kind = !clear ? 'similar' : to < from ? 'harder' : 'easier'
  return { kind, side, sideName, from, to }
}
