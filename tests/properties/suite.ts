import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stateHash } from '../../rules/core/hash'
import type { Ruleset } from '../../rules/core/ruleset'
import type { EncounterState } from '../../rules/core/types'
import { replay } from '../../rules/flow/engine'
import { getRuleset } from '../../rules/systems'
import { commandTargets, sampleEncounters, totalCommands, TUNING } from './plan'
import { checkReplay, playRandom, type Choice, type PlayTuning } from './random-play'

// Issue 8, determinism and invariants: random play over every bundled sample encounter of a system. A run
// starts the sample and plays up to MAX_STEPS generated commands (legal actions, turn ends, answers, random
// walks and selections that may be refused, and commands that must be refused), checking the invariants
// after every one; at its end the game replays, and every prefix of it (every undo) gives the recorded
// state. Runs go on until the encounter's share of the total (plan.ts) has been tried, and the test fails
// if it was not. PROPERTY_SEED (and PROPERTY_PATH) replay a reported failure; a failure prints both.

const MAX_STEPS = 120
/** What a run tried on average when measured (40–65 by system), the first guess at how many runs it takes. */
const EXPECTED_PER_RUN = 55
/**
 * Runs stop after target / MIN_PER_RUN of them: games averaging fewer commands than this end (or stall)
 * far sooner than today's ~55, and the count check then fails instead of running for ever.
 */
export const MIN_PER_RUN = 20

/** Time a failing property may spend shrinking its counterexample before it is reported as it stands. */
const SHRINK_MS = 60_000

// `a` and `b` pick within lists (by remainder) and walks (by bits): 16 bits are plenty, and each value then
// shrinks in 16 halvings rather than 31.
const choice: fc.Arbitrary<Choice> = fc.tuple(fc.integer({ min: 0, max: 99 }), fc.nat(0xffff), fc.nat(0xffff))
const choices = fc.array(choice, { minLength: 1, maxLength: MAX_STEPS, size: 'max' })

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
  /** The base seed; chunk i of the runs used seed + i. */
  seed: number
  ms: number
}

/** The total the commands reporter prints comes from here: each property test records its tally. */
declare module 'vitest' {
  interface TaskMeta {
    randomPlay?: { encounter: string; system: string; target: number; tried: number }
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
    seed: options.seed,
    ms: 0
  }
  const began = performance.now()
  const property = fc.property(choices, (steps) => {
    const game = playRandom(initial, ruleset, steps, tuning)
    t.runs++
    t.tried += game.tried
    t.accepted += game.commands.length - 1
    t.refused += game.refused
    t.answered += game.answered
    if (game.states[game.states.length - 1]!.phase === 'ended') t.ended++
    checkReplay(initial, game, ruleset)
  })
  const check = (params: fc.Parameters<[Choice[]]>, seed: number) => {
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
          console.log(`random play on ${id}: ${tally.tried} commands (${owed}) ${JSON.stringify(tally)}`)
          if (path !== undefined) return
          ctx.task.meta.randomPlay = { encounter: id, system, target, tried: tally.tried }
          assertTarget(id, tally, target)
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
