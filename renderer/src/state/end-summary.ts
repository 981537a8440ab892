import { fateOf } from '../../../ai/sim-fate'
import type { Ruleset } from '../../../rules/core/ruleset'
import { HISTORY_CAP, type Campaign, type HistoryEntry } from '../../../rules/core/schemas'
import type { EncounterState } from '../../../rules/core/types'

// What the end screen says about a fight, read from its final state and log: the winner, the rounds, who
// fell on each side (dead or only out, by the ruleset's `fate` where it has one), and the damage each
// figure dealt and took (the attacker of the attack that did it). Experience: none of the rulesets' digests gives XP or reward rules (PF's XP by CR
// is not in its digest), so `xp` stays unset and the screen says so rather than inventing numbers.

/** Fallen figures of one side. */
export interface SideCasualties {
  sideId: string
  side: string
  out: number
  dead: number
  /** The fallen figures' names with their fate. */
  fallen: { name: string; fate: 'out' | 'dead' }[]
}

/** Damage dealt and taken by one figure over the fight. */
export interface FigureDamage {
  id: string
  name: string
  sideId: string
  dealt: number
  taken: number
}

/** The end screen's summary of an ended fight. */
export interface EndSummary {
  winnerId: string | null
  winner: string | null
  rounds: number
  casualties: SideCasualties[]
  /** Every figure, the heaviest hitters first. */
  damage: FigureDamage[]
  /** Experience earned, where the ruleset has rules for it (none does today). */
  xp: number | null
}

/** Summarises a fight from its state (ended or not: the numbers are those so far). */
export function endSummary(state: EncounterState, ruleset: Ruleset): EndSummary {
  const damage = new Map<string, FigureDamage>(
    state.combatants.map((c) => [c.id, { id: c.id, name: c.name, sideId: c.side, dealt: 0, taken: 0 }])
  )
  // A `damaged` event names the damage's kind (a wound, an impact), not who dealt it: the dealer is the
  // attacker of the latest attack on that figure in the same activation. Damage with no such attack (a fall,
  // bleeding at the turn's start, the GM's life edit) counts as taken, dealt by no figure.
  let attackers = new Map<string, string>()
  for (const event of state.log) {
    if (event.type === 'turn.started') attackers = new Map()
    else if (event.type === 'attack.declared') attackers.set(event.targetId, event.attackerId)
    else if (event.type === 'damaged') {
      const target = damage.get(event.id)
      if (target) target.taken += event.amount
      const dealer = damage.get(attackers.get(event.id) ?? '')
      if (dealer) dealer.dealt += event.amount
    }
  }
  const casualties = state.sides.map((side): SideCasualties => {
    const fallen = state.combatants.flatMap((c) => {
      if (c.side !== side.id) return []
      const fate = fateOf(state, c, ruleset)
      return fate === 'standing' ? [] : [{ name: c.name, fate }]
    })
    const count = (fate: 'out' | 'dead'): number => fallen.filter((f) => f.fate === fate).length
    return { sideId: side.id, side: side.name, out: count('out'), dead: count('dead'), fallen }
  })
  return {
    winnerId: state.winner ?? null,
    winner: state.sides.find((s) => s.id === state.winner)?.name ?? null,
    rounds: state.round,
    casualties,
    damage: [...damage.values()].sort((a, b) => b.dealt - a.dealt || a.name.localeCompare(b.name)),
    xp: null
  }
}

/** Now, as the ISO date a history entry keeps (a plain value: nothing reactive watches the clock). */
export function nowIso(): string {
  return new Date().toISOString()
}

/** The history entry of an ended fight. */
export function historyEntry(
  encounterId: string,
  summary: EndSummary,
  name: string,
  endedAt: string
): HistoryEntry {
  return {
    encounterId,
    name,
    endedAt,
    rounds: summary.rounds,
    winner: summary.winner,
    casualties: summary.casualties.map(({ side, out, dead }) => ({ side, out, dead })),
    ...(summary.xp !== null && { xp: summary.xp })
  }
}

// The history mirrors how each encounter ended *as it stands*: one entry per encounter. Ending a fight
// writes its entry; opening an ended fight again finds it there and writes nothing; an undo (or Restart)
// that takes the fight out of 'ended' removes it, and ending it again (a redo, a new ending) writes it anew.
// So a reload, an undo or a redo never leaves two entries for one fight.

/** The campaign's history once `encounterId` ended as `entry`; the same history when it is already there. */
export function withEnding(campaign: Campaign, entry: HistoryEntry): Campaign['history'] {
  const history = campaign.history ?? []
  const current = history.find((h) => h.encounterId === entry.encounterId)
  if (current && sameEnding(current, entry)) return campaign.history
  return [...history.filter((h) => h.encounterId !== entry.encounterId), entry].slice(-HISTORY_CAP)
}

/** The campaign's history without `encounterId`'s ending (its fight is no longer over). */
export function withoutEnding(campaign: Campaign, encounterId: string): Campaign['history'] {
  const history = campaign.history
  if (!history?.some((h) => h.encounterId === encounterId)) return history
  return history.filter((h) => h.encounterId !== encounterId)
}

function sameEnding(a: HistoryEntry, b: HistoryEntry): boolean {
  return (
    a.rounds === b.rounds &&
    a.winner === b.winner &&
    a.xp === b.xp &&
    JSON.stringify(a.casualties) === JSON.stringify(b.casualties)
  )
}
