import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Ruleset } from '../../rules/core/ruleset'
import { withSystemState } from '../../rules/core/system-state'
import type { Combatant, EncounterState } from '../../rules/core/types'
import { getRuleset } from '../../rules/systems'
import {
  commandTargets,
  DEFAULT_TOTAL,
  FLOOR_SHARE,
  sampleEncounters,
  SHARES,
  totalCommands,
  TUNING
} from './plan'
import { InvariantError } from './invariant-error'
import { checkInvariants, mayShareFor } from './invariants'
import { checkReplay, playRandom } from './random-play'
import { assertTarget, MIN_PER_RUN, runRandomPlay } from './suite'

// The random-play suite's own checks: the plan owes 100,000 commands and every system's file runs its
// share (<system>.test.ts), and each check the suite relies on can fail. The play itself is in those files.

const encounters = sampleEncounters()

describe('the random-play plan', () => {
  it('owes at least 100,000 commands a run, every system at least its floor', () => {
    expect(DEFAULT_TOTAL).toBeGreaterThanOrEqual(100_000)
    const targets = commandTargets(DEFAULT_TOTAL, encounters)
    const sum = [...targets.values()].reduce((a, b) => a + b, 0)
    expect(sum).toBeGreaterThanOrEqual(DEFAULT_TOTAL)
    const systems = [...new Set(encounters.map((e) => e.system))]
    for (const system of systems) {
      const owed = encounters.filter((e) => e.system === system).reduce((n, e) => n + targets.get(e.id)!, 0)
      expect(owed, system).toBeGreaterThanOrEqual(FLOOR_SHARE * DEFAULT_TOTAL)
    }
    expect(Object.values(SHARES).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9)
  })

  it('has a share, a tuning and a test file for every system with samples', () => {
    for (const system of new Set(encounters.map((e) => e.system))) {
      const todo = `${system} has samples: give it a share and a tuning in tests/properties/plan.ts and a tests/properties/${system}.test.ts calling randomPlaySuite('${system}')`
      expect(SHARES[system], todo).toBeDefined()
      const file = new URL(`./${system}.test.ts`, import.meta.url)
      expect(existsSync(file), todo).toBe(true)
      expect(readFileSync(file, 'utf8'), todo).toContain(`randomPlaySuite('${system}')`)
      expect(TUNING[system], todo).toBeDefined()
    }
  })

  it('reads PROPERTY_COMMANDS, and refuses a value that is not a positive whole number', () => {
    expect(totalCommands({})).toBe(DEFAULT_TOTAL)
    expect(totalCommands({ PROPERTY_COMMANDS: '1000000' })).toBe(1_000_000)
    expect(() => totalCommands({ PROPERTY_COMMANDS: '1e5x' })).toThrow(/positive whole number/)
    expect(() => totalCommands({ PROPERTY_COMMANDS: '0' })).toThrow(/positive whole number/)
  })
})

describe('the count check', () => {
  it('fails when games end before the target is reached, instead of looping', () => {
    // Everyone on one side: the encounter ends as it starts, so no run tries a command.
    const [initial] = encounters as [EncounterState]
    const oneSided = {
      ...initial,
      combatants: initial.combatants.map((c) => ({ ...c, side: initial.sides[0]!.id }))
    }
    const ruleset = getRuleset(initial.system)
    const target = 200
    const tally = runRandomPlay(oneSided, ruleset, TUNING[initial.system]!, { target, seed: 1, rerun: '' })
    expect(tally.tried).toBe(0)
    expect(tally.runs).toBe(target / MIN_PER_RUN)
    expect(() => assertTarget('one-sided', tally, target)).toThrow(/only 0 of the 200 commands/)
  })

  it('reports a failing property, shrunk, with the seed and path that replay it', () => {
    const [initial] = encounters as [EncounterState]
    const real = getRuleset(initial.system)
    // A planted bug that takes some play to show: from round 2 on, a move leaves the mover at 0 life, not out.
    const buggy: Ruleset = {
      ...real,
      resolve: (chain, action, dice, answers) => {
        const { state } = chain
        real.resolve(chain, action, dice, answers)
        const actor = state.combatants.find((c) => c.id === action.actorId)
        if (action.kind !== 'move' || state.round < 2 || !actor) return
        chain.emit([{ type: 'damaged', id: actor.id, amount: actor.life, source: 'bug' }])
      }
    }
    const options = { target: 5000, seed: 7, rerun: 'RERUN', shrinkMs: 1000 }
    const failure = (run: () => unknown) => {
      try {
        run()
      } catch (error) {
        return error instanceof Error ? error.message : String(error)
      }
      throw new Error('the planted bug went unnoticed')
    }
    const tuning = TUNING[initial.system]!
    const report = failure(() => runRandomPlay(initial, buggy, tuning, options))
    expect(report).toMatch(/Counterexample: [\s\S]*Got error: \S+ at its life floor 0 but not out/)
    const [, seed, path] = /Reproduce: PROPERTY_SEED=(-?\d+) PROPERTY_PATH=(\S+) RERUN/.exec(report) ?? []
    expect(path).toBeDefined()
    const replayed = failure(() =>
      runRandomPlay(initial, buggy, tuning, { ...options, seed: Number(seed), path })
    )
    expect(replayed).toMatch(/Got error: \S+ at its life floor 0 but not out/)
  })
})

describe('the invariant checks', () => {
  // Proof the checks can fail: each broken state below must be caught.
  const [initial] = encounters as [EncounterState]
  const ruleset = getRuleset(initial.system)
  const game = playRandom(initial, ruleset, [[70, 0, 0]], TUNING[initial.system]!)
  const state = game.states[game.states.length - 1]!
  const [a, b] = state.combatants as [Combatant, Combatant]

  it.each<[string, Partial<EncounterState>]>([
    ['two figures on one square', { combatants: [a, { ...b, pos: a.pos }, ...state.combatants.slice(2)] }],
    ['life below its floor', { combatants: [{ ...a, life: -1 }, ...state.combatants.slice(1)] }],
    ['life above its maximum', { combatants: [{ ...a, life: a.lifeMax + 1 }, ...state.combatants.slice(1)] }],
    ['a negative budget', { turn: { ...state.turn!, economy: { value: 'x', context: { ap: -1 } } } }],
    ['a running fight without a turn', { turn: null }],
    ['a winner that is no side', { phase: 'ended', turn: null, winner: 'nobody' }],
    ['a winner with foes standing', { phase: 'ended', turn: null, winner: a.side }]
  ])('catches %s', (_name, patch) => {
    expect(() => checkInvariants({ ...state, ...patch }, game.commands, mayShareFor(ruleset.id))).toThrow(
      InvariantError
    )
  })

  it('catches a ruleset’s slice that is not what its log says', () => {
    const sliced = encounters.find((e) => getRuleset(e.system).systemState)!
    const played = playRandom(sliced, getRuleset(sliced.system), [[70, 0, 0]], TUNING[sliced.system]!)
    const last = played.states[played.states.length - 1]!
    const share = mayShareFor(sliced.system)
    expect(last.systemState).toBeDefined()
    expect(() => checkInvariants(last, played.commands, share)).not.toThrow()
    // The slice of a fight that has not begun, on a state whose log says otherwise.
    const { systemState: _kept, ...bare } = last
    const wrong = { ...last, systemState: withSystemState({ ...bare, log: [] }).systemState }
    expect(() => checkInvariants(wrong, played.commands, share)).toThrow(/system state differs/)
  })

  it('catches two overlapping bases on a measured table, and lets a base pass over another', () => {
    const inches = encounters.find((e) => e.board.inches)!
    const [c, d] = inches.combatants as [Combatant, Combatant]
    const near = { ...d, pos: { ...c.pos, x: c.pos.x + 3 } }
    const overlapping = { ...inches, combatants: [c, near, ...inches.combatants.slice(2)] }
    const share = mayShareFor(inches.system)
    expect(() => checkInvariants(overlapping, [], share)).toThrow(/overlap/)
    const above = { ...near, pos: { ...near.pos, z: c.pos.z + 10 } }
    expect(() =>
      checkInvariants({ ...overlapping, combatants: [c, above, ...inches.combatants.slice(2)] }, [], share)
    ).not.toThrow()
  })

  /** The game with its last recorded state replaced: what checkReplay must then refuse. */
  const forge = (patch: Partial<EncounterState>) => ({
    ...game,
    states: [...game.states.slice(0, -1), { ...state, ...patch }]
  })

  it('catches a replay that differs, in a field or in the dice alone', () => {
    expect(() => checkReplay(initial, forge({ round: state.round + 1 }), ruleset)).toThrow(/rebuild round/)
    const rng = [...state.rng.slice(0, 3), state.rng[3]! + 1]
    expect(() => checkReplay(initial, forge({ rng }), ruleset)).toThrow(
      /replay of \d+ commands differs in rng/
    )
  })

  it('catches a log that differs from what replay logs', () => {
    const log = [...state.log.slice(0, -1), { type: 'turn.ended' as const, actorId: 'someone-else' }]
    expect(() => checkReplay(initial, forge({ log }), ruleset)).toThrow(InvariantError)
  })

  it('passes the game as recorded', () => {
    expect(() => checkReplay(initial, game, ruleset)).not.toThrow()
  })
})
