import { statsSet } from '../../core/stats'
import type { GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import type { Combatant, EncounterState, Violation } from '../../core/types'
import { abilityMod, readStats, type PfStats } from './stats'

// pathfinder1e.md §3.2 Run [TEXT L205]: a figure runs as many rounds in a row as its Constitution score;
// after that it needs a Con check, DC 10 + 1 per check already made, each round it keeps running, and stops
// on a failure. Having run to its limit it rests 1 minute (10 rounds), moving no faster than a normal move
// action meanwhile: no run, no double move (nor a withdraw or charge beyond its speed).
//
// Stats: `runRounds` counts the rounds run in a row, `runRest` the rounds of rest left. When the check is
// rolled: the text asks it of a figure that "continues running", but legality must not depend on dice, so the
// check is rolled as the figure's turn opens (start-turn.ts) whenever it ran on its last turn and has used up
// its free rounds; a failure starts the rest there and then, and a run that turn is refused ('runResting').
// A figure that stops of its own accord needs no check and owes no rest. Its checks so far are the rounds
// run beyond the free ones, so DC = 10 + runRounds − Con. A creature without a Constitution score (Con 0:
// undead, constructs) never tires. Whose legs run: the figure, or a rider's mount (resolve-move.ts).

/** §3.2 Run [TEXT L205]: the rest after running to the limit, in rounds (1 minute). */
export const RUN_REST_ROUNDS = 10

const refuse = (code: string, params?: Violation['params']): Violation =>
  params ? { code, params } : { code }

/** §3.2 Run [TEXT L205]: rounds the figure runs before it must check (its Con score); null = no limit. */
export function freeRunRounds(stats: PfStats): number | null {
  return stats.abilities.con > 0 ? stats.abilities.con : null
}

/** Rounds of rest the figure still owes after running to its limit (0 = none). */
export function restLeft(stats: PfStats): number {
  return stats.runRest ?? 0
}

/**
 * §3.2 Run [TEXT L205]: the DC of the Con check the figure needs to run another round — 10, +1 for each
 * check already made — or null when it still has free rounds (or no Con score).
 */
export function runCheckDc(stats: PfStats): number | null {
  const free = freeRunRounds(stats)
  const ran = stats.runRounds ?? 0
  return free === null || ran < free ? null : 10 + ran - free
}

/**
 * §3.2 Run [TEXT L205]: why a resting figure may not make this movement now, or null. It may not run, and
 * may not move further this turn than one move action would take it: `squares` more after `movedBefore`
 * this turn, within `speed` (its move-action speed, in squares). Kinds other than move, withdraw and run are
 * not movement it could speed up (a 5-ft step, a charge — the charge lane is capped at speed elsewhere).
 */
export function restViolation(
  stats: PfStats,
  kind: string,
  squares: number,
  speed: number,
  movedBefore = 0
): Violation | null {
  const rounds = restLeft(stats)
  if (rounds === 0) return null
  if (kind === 'run') return refuse('runResting', { rounds })
  if ((kind === 'move' || kind === 'withdraw') && movedBefore + squares > speed)
    return refuse('runResting', { rounds })
  return null
}

/** How far a figure may still move this turn while resting (Infinity when it is not resting). */
export function restBudget(stats: PfStats, speed: number, movedBefore = 0): number {
  return restLeft(stats) > 0 ? Math.max(0, speed - movedBefore) : Infinity
}

function withRun(stats: PfStats, patch: { runRounds?: number; runRest?: number }): PfStats {
  const { runRounds: _rounds, runRest: _rest, ...rest } = stats
  return {
    ...rest,
    ...(patch.runRounds ? { runRounds: patch.runRounds } : {}),
    ...(patch.runRest ? { runRest: patch.runRest } : {})
  }
}

/** §3.2 Run: the `stats.changed` counting one more round run in a row by `id` (a ridden mount for a rider). */
export function countRunRound(state: EncounterState, id: string): GameEvent[] {
  const runner = state.combatants.find((c) => c.id === id)
  if (!runner) return []
  const stats = readStats(runner)
  const stats2 = withRun(stats, { runRounds: Math.min(100, (stats.runRounds ?? 0) + 1), runRest: 0 })
  return [statsSet(runner, stats2)]
}

/** True when the figure ran since its last turn opened: its `running` effect has not expired yet. */
function ranLastTurn(stats: PfStats): boolean {
  return stats.effects.some((e) => e.id === 'running')
}

/**
 * §3.2 Run [TEXT L205], as `figure`'s turn opens (before its `running` effect expires): a figure that did not
 * run on its last turn (or is out of the fight) has its run count reset and one round of rest paid off; one
 * that ran past its free
 * rounds rolls its Con check (`pf1.run-check`) — a failure ends the run count and starts 10 rounds of rest.
 */
export function runTurnStart(figure: Combatant, dice: DiceRoller): GameEvent[] {
  const stats = readStats(figure)
  const id = figure.id
  // A figure knocked out since it ran has stopped running, and needs no check.
  if (!ranLastTurn(stats) || figure.out) {
    const next = withRun(stats, { runRest: Math.max(0, restLeft(stats) - 1) })
    const changed = next.runRounds !== stats.runRounds || next.runRest !== stats.runRest
    return changed ? [statsSet(figure, next)] : []
  }
  const dc = runCheckDc(stats)
  if (dc === null) return []
  const total = dice.roll(20, { purpose: 'pf1.run-check', actorId: id }) + abilityMod(stats.abilities.con)
  const success = total >= dc
  const roll: GameEvent = {
    type: 'dice.rolled',
    actorId: id,
    purpose: 'pf1.run-check',
    sides: 20,
    result: total,
    target: dc,
    success
  }
  if (success) return [roll]
  return [roll, statsSet(figure, withRun(stats, { runRest: RUN_REST_ROUNDS }))]
}
