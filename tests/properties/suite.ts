import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stateHash } from '../../rules/core/hash'
import type { Ruleset } from '../../rules/core/ruleset'
import type { EncounterState } from '../../rules/core/types'
import { replay } from '../../rules/flow/engine'
import { getRuleset } from '../../rules/systems'
import { encounterVariant, type VariantKind } from './fight-end'
import { commandTargets, sampleEncounters, totalCommands, TUNING } from './plan'
import { checkReplay, playRandom, type Choice, type PlayTuning } from './random-play'

// Issue 8, determinism and invariants: random play over every bundled sample encounter of a system. A run
// starts the sample (as it is, or with an objective added: fight-end.ts) and plays up to MAX_STEPS
// generated commands (legal actions, turn ends, answers, random walks and selections that may be refused,
// commands that must be refused, commands the save schema refuses, the GM's life edits), checking the
// invariants and the save contract after every one; at its end the game replays from its saved commands,
// and every prefix of it (every undo) gives the recorded state. Runs go on until the encounter's share of
// the total (plan.ts) has been tried, and the test fails if it was not, or if too few games reached the
// end of the fight (issue 18). PROPERTY_SEED (and PROPERTY_PATH) replay a reported failure; a failure
// prints both.

const MAX_STEPS = 120
/** What a run tried on average when measured (40–65 by system), the first guess at how many runs it takes. */
const EXPECTED_PER_RUN = 55
/**
 * Runs stop after target / MIN_PER_RUN of them: games averaging fewer commands than this end (or stall)
 * far sooner than today's ~55, and the count check then fails instead of running for ever.
 */
export const MIN_PER_RUN = 20

/** The share of games that must reach the end of the fight (issue 18: at least one in five). */
export const MIN_ENDED_SHARE = 0.2

/** Below this many runs (a quick local run with a small PROPERTY_COMMANDS) the ended share is not judged. */
const MIN_RUNS_FOR_SHARE = 50

/** Time a failing property may spend shrinking its counterexample before it is reported as it stands. */
const SHRINK_MS = 60_000

// `a` and `b` pick within lists (by remainder) and walks (by bits): 16 bits are plenty, and each value then
// shrinks in 16 halvings rather than 31.
const choice: fc.Arbitrary<Choice> = fc.tuple(fc.integer({ min: 0, max: 99 }), fc.nat(0xffff), fc.nat(0xffff))
const choices = fc.array(choice, { minLength: 1, maxLength: MAX_STEPS, size: 'max' })
/** Picks the run's encounter variant (fight-end.ts). */
const variantPick = fc.nat(0xffff)

/** What the runs on one encounter did (printed at its end, and the figures the count check reads). */
export interface Tally {
  runs: number
  /** Commands tried after encounter.start, accepted or refused: what counts towards the target. */
  tried: number
  accepted: number
  refused: number
  answered: number
  /** Games that reached the 'ended' phase. */
  ended: number
  /** Accepted commands (encounter.start included) read back from their save as themselves (issue 18). */
  roundTripped: number
  /** Commands the save schema refuses, refused by the engine with the state untouched. */
  hostile: number
  /** Commands tried after a fight ended, all refused. */
  afterEnd: number
  /** Runs and ended games by encounter variant. */
  variants: Partial<Record<VariantKind, { runs: number; ended: number }>>
  /** The base seed; chunk i of the runs used seed + i. */
  seed: number
  ms: number
}

/** The total the commands reporter prints comes from here: each property test records its tally. */
declare module 'vitest' {
  interface TaskMeta {
    randomPlay?: {
      encounter: string
      system: string
      target: number
      tried: number
      runs: number
      ended: number
      roundTripped: number
    }
  }
}

/** How to run: the commands to reach, the base seed, and a counterexample path to replay instead. */
export interface RunOptions {
  target: number
  seed: number
  path?: string
  /** The command line that reruns this test, for the failure message. */
  rerun: string
  /** How long a failure may shrink (default SHRINK_MS). */
  shrinkMs?: number
}

/**
 * Runs the property in chunks until `target` commands have been tried (each chunk its own seed, base + i,
 * sized by the commands per run seen so far), or until the runs show games too short to get there (see
 * MIN_PER_RUN). A failure throws fast-check's report (shrunk counterexample, seed, path) with the command
 * that replays it.
 */
export function runRandomPlay(
  initial: EncounterState,
  ruleset: Ruleset,
  tuning: PlayTuning,
  options: RunOptions
): Tally {
  const t: Tally = {
    runs: 0,
    tried: 0,
    accepted: 0,
    refused: 0,
    answered: 0,
    ended: 0,
    roundTripped: 0,
    hostile: 0,
    afterEnd: 0,
    variants: {},
    seed: options.seed,
    ms: 0
  }
  const began = performance.now()
  const property = fc.property(variantPick, choices, (pick, steps) => {
    const variant = encounterVariant(initial, pick)
    const game = playRandom(variant.state, ruleset, steps, tuning)
    const ended = game.states[game.states.length - 1]!.phase === 'ended'
    t.runs++
    t.tried += game.tried
    t.accepted += game.commands.length - 1
    t.refused += game.refused
    t.answered += game.answered
    t.roundTripped += game.saved.length
    t.hostile += game.hostile
    t.afterEnd += game.afterEnd
    if (ended) t.ended++
    const byKind = (t.variants[variant.kind] ??= { runs: 0, ended: 0 })
    byKind.runs++
    if (ended) byKind.ended++
    checkReplay(variant.state, game, ruleset)
  })
  const check = (params: fc.Parameters<[number, Choice[]]>, seed: number) => {
    // Find the failure without shrinking, then shrink from it for SHRINK_MS at most: a shrink step plays a
    // whole game, and fast-check's full shrink of a failing game can take many minutes, past the test's
    // timeout, which would lose the report. Both paths replay exactly; the shrunk one is shorter.
    const found = fc.check(property, { ...params, endOnFailure: true, includeErrorInReport: true })
    if (!found.failed) return
    const shrinkMs = options.shrinkMs ?? SHRINK_MS
    const shrunk = fc.check(property, {
      seed,
      path: found.counterexamplePath ?? undefined,
      includeErrorInReport: true,
      plugins: [fc.interruptAfterTimeLimit(shrinkMs)]
    })
    const details = shrunk.failed ? shrunk : found
    const report = fc.defaultReportMessage(details as fc.RunDetails<unknown>)
    const path = details.counterexamplePath === null ? '' : ` PROPERTY_PATH=${details.counterexamplePath}`
    const cut = shrunk.interrupted
      ? `\n(shrinking stopped after ${shrinkMs / 1000} s: it may shrink further)`
      : ''
    throw new Error(`${report}\n\nReproduce: PROPERTY_SEED=${seed}${path} ${options.rerun}${cut}`)
  }
  if (options.path !== undefined) {
    // Replaying one reported counterexample: only it runs, so no count is owed.
    check({ seed: options.seed, path: options.path, numRuns: 1 }, options.seed)
  } else {
    const maxRuns = Math.ceil(options.target / MIN_PER_RUN)
    for (let chunk = 0; t.tried < options.target && t.runs < maxRuns; chunk++) {
      const mean = t.runs > 0 ? t.tried / t.runs : EXPECTED_PER_RUN
      const left = Math.ceil((options.target - t.tried) / Math.max(mean, MIN_PER_RUN))
      const seed = (options.seed + chunk) | 0
      check({ seed, numRuns: Math.min(left, maxRuns - t.runs) }, seed)
    }
  }
  t.ms = Math.round(performance.now() - began)
  return t
}

/** Throws unless the runs tried at least `target` commands: games ending early must not pass unnoticed. */
export function assertTarget(id: string, tally: Tally, target: number): void {
  if (tally.tried >= target) return
  const mean = tally.runs > 0 ? (tally.tried / tally.runs).toFixed(1) : '0'
  throw new Error(
    `${id}: only ${tally.tried} of the ${target} commands owed ran, in ${tally.runs} runs (${mean} a run; ` +
      `runs stop below ${MIN_PER_RUN}): games now end or stall much sooner. Find out why, or change ` +
      `tests/properties/plan.ts and say so.`
  )
}

/** Throws when fewer than MIN_ENDED_SHARE of the runs reached the end of the fight (issue 18). */
export function assertEndedShare(id: string, tally: Tally): void {
  if (tally.runs < MIN_RUNS_FOR_SHARE || tally.ended >= MIN_ENDED_SHARE * tally.runs) return
  const share = ((100 * tally.ended) / tally.runs).toFixed(1)
  throw new Error(
    `${id}: only ${tally.ended} of ${tally.runs} games (${share} %) reached the end of the fight, below ` +
      `${MIN_ENDED_SHARE * 100} %: the end's path (verdict, objectives, refusals after it, replay and undo ` +
      `across it) goes untested. See tests/properties/fight-end.ts.`
  )
}

/** A base seed: PROPERTY_SEED when set, else a fresh one (printed with every failure and every tally). */
function baseSeed(): number {
  const raw = process.env.PROPERTY_SEED
  if (raw === undefined || raw === '') return (Date.now() ^ Math.floor(Math.random() * 0x100000000)) | 0
  const seed = Number(raw)
  if (!Number.isInteger(seed)) throw new Error(`PROPERTY_SEED must be a whole number, got "${raw}"`)
  return seed
}

/** The random-play tests of every sample encounter of `system`; its file is tests/properties/<system>.test.ts. */
export function randomPlaySuite(system: string): void {
  const ruleset = getRuleset(system)
  const tuning = TUNING[system]!
  const encounters = sampleEncounters()
  const targets = commandTargets(totalCommands(), encounters)
  const path = process.env.PROPERTY_PATH || undefined

  describe.each(encounters.filter((e) => e.system === system).map((e) => [e.id, e] as const))(
    'random play on %s',
    (id, initial) => {
      const target = targets.get(id)!

      it(
        `tries ${target}+ commands keeping every invariant; every prefix replays`,
        { timeout: 900_000 },
        (ctx) => {
          const rerun = `npx vitest run tests/properties/${system}.test.ts -t "${id}"`
          const tally = runRandomPlay(initial, ruleset, tuning, { target, seed: baseSeed(), path, rerun })
          const owed = path === undefined ? `target ${target}` : 'replaying PROPERTY_PATH, no target'
          const share = tally.runs > 0 ? ((100 * tally.ended) / tally.runs).toFixed(1) : '0'
          console.log(
            `random play on ${id}: ${tally.tried} commands (${owed}), ${tally.ended} of ${tally.runs} games ` +
              `ended (${share} %), ${tally.roundTripped} accepted commands round-tripped through the save ` +
              `schema ${JSON.stringify(tally)}`
          )
          if (path !== undefined) return
          const { tried, runs, ended, roundTripped } = tally
          ctx.task.meta.randomPlay = { encounter: id, system, target, tried, runs, ended, roundTripped }
          assertTarget(id, tally, target)
          assertEndedShare(id, tally)
        }
      )

      it('undoes k commands after k back to the state before them, dice included', () => {
        // A fixed spread of choices (no fast-check), each k replayed on its own as the app's undo does.
        const steps = Array.from({ length: 40 }, (_, i) => [(i * 37) % 100, i * 7919, i * 104729] as const)
        const game = playRandom(initial, ruleset, steps, tuning)
        const n = game.commands.length
        for (let k = 1; k < n; k++) {
          const undone = replay(initial, game.commands.slice(0, n - k), ruleset)
          expect(stateHash(undone)).toBe(stateHash(game.states[n - k]))
        }
      })
    }
  )
}
