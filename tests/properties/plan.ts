import { buildSampleCampaigns } from '../tools/sample-campaigns'
import type { EncounterState } from '../../rules/core/types'
import type { PlayTuning } from './random-play'

// How a CI run spends its random-play budget (issue 8: 100,000 commands per run across the systems).
// Each system has its own test file (<system>.test.ts), so vitest runs them side by side; the shares
// below balance their wall time by what a command costs in each system, with a floor so no system is
// starved because its commands are dear.

/** Commands a CI run must try in all; PROPERTY_COMMANDS overrides it (a soak run, or a quick local one). */
export const DEFAULT_TOTAL = 100_000

/** No system gets less than this share of the total, however costly its commands are. */
export const FLOOR_SHARE = 0.15

/**
 * Share of the total per system. Measured on 2 cores (AMD EPYC, lightly loaded), a command (planning,
 * applying, invariants, its part of the end-of-game replay) costs about 0.33 ms in Minecraft, 0.5 in HQ2,
 * 0.7 in Athkri, 1.6 in Pathfinder (its legal list is the dearest part) and 1.7 in Carnevale. Pathfinder
 * and Carnevale get the floor; the rest goes to the cheap systems, most to the cheapest, so the five
 * files come to 10–26 s each, about 85 s of CPU in all.
 */
export const SHARES: Readonly<Record<string, number>> = {
  minecraft: 0.3,
  hq2: 0.21,
  athkri: 0.19,
  pathfinder1e: 0.15,
  carnevale: 0.15
}

/**
 * Pathfinder enumerates its full legal list rarely (milliseconds each); the others can afford it often.
 * The GM's life edits bring about a third to a half of the games to their end (issue 18, at least a fifth
 * must get there): Minecraft's figures are few and frail, so it needs fewest.
 */
export const TUNING: Readonly<Record<string, PlayTuning>> = {
  minecraft: { fullListPercent: 100, lifeEditPercent: 2 },
  hq2: { fullListPercent: 100, lifeEditPercent: 5 },
  athkri: { fullListPercent: 100, lifeEditPercent: 4 },
  pathfinder1e: { fullListPercent: 25, lifeEditPercent: 5 },
  carnevale: { fullListPercent: 100, lifeEditPercent: 5 }
}

/** The total for this run: PROPERTY_COMMANDS when set (a positive whole number), else the default. */
export function totalCommands(env: Record<string, string | undefined> = process.env): number {
  const raw = env.PROPERTY_COMMANDS
  if (raw === undefined || raw === '') return DEFAULT_TOTAL
  const total = Number(raw)
  if (!Number.isInteger(total) || total <= 0)
    throw new Error(`PROPERTY_COMMANDS must be a positive whole number, got "${raw}"`)
  return total
}

/** Every bundled sample encounter, the setups random play starts from. */
export function sampleEncounters(): EncounterState[] {
  return buildSampleCampaigns().flatMap((c) => c.encounters.map((e) => e.initial as EncounterState))
}

/**
 * Commands each encounter must try: its system's share of `total`, split evenly over the system's
 * encounters, rounded up so the targets add up to at least `total`. A system without a share gets no
 * target (random-play.test.ts fails for it, naming it) rather than breaking every system's file.
 */
export function commandTargets(
  total: number,
  encounters: readonly EncounterState[] = sampleEncounters()
): Map<string, number> {
  const targets = new Map<string, number>()
  for (const e of encounters) {
    const share = SHARES[e.system]
    if (share === undefined) continue
    const siblings = encounters.filter((o) => o.system === e.system).length
    targets.set(e.id, Math.ceil((total * share) / siblings))
  }
  return targets
}
