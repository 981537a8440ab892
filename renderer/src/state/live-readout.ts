import type { Proportion } from '../../../ai/sim-report'
import type { EncounterState } from '../../../rules/core/types'
import type { LiveSnapshot } from './live-estimate'

// What the live difficulty readout (and auto-balance) reads of an encounter and of an estimate: whose odds,
// which heroes, whether it can be estimated at all, and the compact figures shown.

/**
 * The side whose odds the readout gives: the first side with a figure people play (not the AI), else the
 * first side. Null without sides.
 */
export function heroSideOf(state: EncounterState): string | null {
  const played = state.combatants.find((c) => c.controller !== 'ai')?.side
  return played ?? state.sides[0]?.id ?? null
}

/** The heroes: the figures people play, as in the simulation panel; else the first side's figures. */
export function heroesOf(state: EncounterState): Array<{ id: string; name: string }> {
  const played = state.combatants.filter((c) => c.controller !== 'ai')
  const side = state.sides[0]?.id
  const heroes = played.length ? played : state.combatants.filter((c) => c.side === side)
  return heroes.map((c) => ({ id: c.id, name: c.name }))
}

/** Whether an encounter can be estimated: two sides at least, each with a figure still in the fight. */
export function estimable(state: EncounterState): boolean {
  const standing = new Set(state.combatants.filter((c) => !c.out).map((c) => c.side))
  return standing.size >= 2 && state.phase !== 'ended'
}

/** What the compact readout shows of a report: the heroes' win odds, the mean rounds, each hero's death risk. */
export interface LiveReadout {
  win: Proportion | null
  rounds: number
  risks: Array<{ id: string; name: string; dead: Proportion | null }>
}

/** The readout of a snapshot's report (null before its first game). */
export function readoutOf(snapshot: LiveSnapshot): LiveReadout | null {
  const report = snapshot.report
  if (!report || report.runs === 0) return null
  const win = report.wins.find((w) => w.side === snapshot.heroSide) ?? null
  return {
    win,
    rounds: report.rounds.mean,
    risks: snapshot.heroes.map((h) => ({
      ...h,
      dead: report.figures.find((f) => f.id === h.id)?.dead ?? null
    }))
  }
}
