import { withChanges } from '../../core/stats'
import { describe, expect, it } from 'vitest'
import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Action, Combatant, EncounterState } from '../../core/types'
import { legalActions, validateAction } from './actions'
import { runLane } from './charge'
import { withTurn } from './flow-fixtures'
import { mounted, mountedState, take } from './mount-fixtures'
import {
  freeRunRounds,
  restBudget,
  restViolation,
  RUN_REST_ROUNDS,
  runCheckDc,
  runTurnStart
} from './run-limit'
import type { PfSettings } from './settings'
import { startTurn } from './start-turn'
import { readStats, type PfEffect, type PfStats } from './stats'
import { basePfStats, pfFigure, pfState, type PfFigurePatch } from './test-fixtures'

// pathfinder1e.md §3.2 Run [TEXT L203–209]: Con-score rounds of running, then a Con check DC 10 (+1 per
// check made) each round it keeps running, stopping on a failure; then 1 minute (10 rounds) of rest, no faster
// than a normal move action. Straight lanes, no difficult terrain.

const P = (x: number, y: number) => ({ x, y, z: 0 })
const row = (from: number, to: number, y: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => P(from + i, y))
const statsWith = (patch: Partial<PfStats>): PfStats => ({ ...basePfStats, ...patch })
const runner = (patch: PfFigurePatch = {}) => pfFigure('r', { pos: { x: 0, y: 5 }, ...patch })
const foe = pfFigure('foe', { side: 'b', pos: { x: 29, y: 29 } })

function board(figures: Combatant[], terrain: PfSettings['terrain'] = []): EncounterState {
  return pfState(figures, { settings: { terrain }, initiative: { r: 20, foe: 10 } })
}
const figure = (state: EncounterState, id = 'r') => state.combatants.find((c) => c.id === id)!
const statsIn = (state: EncounterState, id = 'r') => readStats(figure(state, id))
const run = (path = row(1, 20, 5)): Action => ({ kind: 'run', actorId: 'r', path })
const running: PfEffect = { id: 'running', until: 'r' }

describe('the run limit in numbers (§3.2 [TEXT L205])', () => {
  it.each([
    ['Con 10, fresh: free rounds left', { con: 10, runRounds: 0 }, null],
    ['Con 10, 9 rounds run: one free round left', { con: 10, runRounds: 9 }, null],
    ['Con 10, 10 rounds run: the first check, DC 10', { con: 10, runRounds: 10 }, 10],
    ['Con 10, 12 rounds run: two checks made, DC 12', { con: 10, runRounds: 12 }, 12],
    ['Con 0 (undead): no Constitution score, never tires', { con: 0, runRounds: 50 }, null]
  ] as const)('%s', (_label, { con, runRounds }, dc) => {
    const stats = statsWith({ abilities: { ...basePfStats.abilities, con }, runRounds })
    expect(runCheckDc(stats)).toBe(dc)
    expect(freeRunRounds(stats)).toBe(con > 0 ? con : null)
  })

  it.each([
    ['not resting: anything goes', undefined, 'run', 40, 0, null],
    ['resting: no run at all', 4, 'run', 5, 0, 4],
    ['resting: one move action of its speed', 4, 'move', 6, 0, null],
    ['resting: no double move', 4, 'move', 7, 0, 4],
    ['resting: nor a second move after moving', 4, 'move', 3, 4, 4],
    ['resting: a withdraw no further than its speed', 4, 'withdraw', 7, 0, 4],
    ['resting: a 5-ft step is fine', 4, 'step', 1, 0, null]
  ] as const)('%s', (_label, runRest, kind, squares, moved, rounds) => {
    const violation = restViolation(statsWith({ runRest }), kind, squares, 6, moved)
    expect(violation).toEqual(rounds === null ? null : { code: 'runResting', params: { rounds } })
  })

  it('a resting figure may still move what is left of one move action this turn', () => {
    expect(restBudget(statsWith({ runRest: 3 }), 6, 2)).toBe(4)
    expect(restBudget(statsWith({}), 6, 2)).toBe(Infinity)
  })
})

describe('as its turn opens (start-turn.ts)', () => {
  const con10 = { ...basePfStats.abilities, con: 10 }

  it.each<[string, Partial<PfStats>, number[], Array<Record<string, unknown>>]>([
    ['ran, free rounds left: nothing to roll', { runRounds: 4, effects: [running] }, [], []],
    ['did not run last turn: the count starts again', { runRounds: 4 }, [], [{ runRounds: undefined }]],
    ['resting: a round of rest paid off', { runRest: 10 }, [], [{ runRest: 9 }]],
    ['the last round of rest: rested', { runRest: 1 }, [], [{ runRest: undefined }]]
  ])('%s', (_label, patch, faces, changes) => {
    const figure = runner({ stats: { abilities: con10, ...patch } })
    const events = runTurnStart(figure, forcedDice(faces))
    expect(events.map((e) => e.type)).toEqual(changes.map(() => 'stats.set'))
    changes.forEach((change, i) => {
      const e = events[i]
      if (e?.type !== 'stats.set') throw new Error('no stats')
      for (const [k, v] of Object.entries(change)) expect(withChanges(figure.stats, e)[k], k).toBe(v)
    })
  })

  it('past its Con score: d20 + Con mod against DC 10 + checks made; success goes on, failure rests', () => {
    const tired = runner({ stats: { abilities: { ...con10, con: 12 }, runRounds: 13, effects: [running] } })
    // Con 12 (+1), 13 rounds run: one check made, DC 11. A 10 + 1 = 11 keeps it running.
    const go = runTurnStart(tired, forcedDice([10]))
    expect(go).toEqual([
      {
        type: 'dice.rolled',
        actorId: 'r',
        purpose: 'pf1.run-check',
        sides: 20,
        result: 11,
        target: 11,
        success: true
      }
    ])
    const stop = runTurnStart(tired, forcedDice([9]))
    expect(stop[0]).toMatchObject({ purpose: 'pf1.run-check', result: 10, target: 11, success: false })
    const after = stop[1]
    if (after?.type !== 'stats.set') throw new Error('no stats')
    expect(withChanges(tired.stats, after)).toMatchObject({ runRest: RUN_REST_ROUNDS })
    expect(withChanges(tired.stats, after).runRounds).toBeUndefined()
  })

  it('a figure knocked out since it ran has stopped: no check', () => {
    const out = { ...runner({ stats: { abilities: con10, runRounds: 10, effects: [running] } }), out: true }
    expect(runTurnStart(out, forcedDice([])).map((e) => e.type)).toEqual(['stats.set'])
  })

  it('startTurn rolls the check before the running effect expires, then drops the effect', () => {
    const state = withTurn(
      board([runner({ stats: { abilities: con10, runRounds: 10, effects: [running] } }), foe]),
      'r'
    )
    const events = startTurn(state, 'r', forcedDice([3]))
    expect(events.find((e) => e.type === 'dice.rolled')).toMatchObject({ purpose: 'pf1.run-check' })
    const after = statsIn(applyEvents(state, events))
    expect(after.runRest).toBe(RUN_REST_ROUNDS)
    expect(after.effects).toEqual([])
  })
})

describe('a whole run to the limit and the rest after it (§3.2 [TEXT L205])', () => {
  /** The next turn of 'r': its turn opens (with these faces for any roll), it runs if asked. */
  function turn(state: EncounterState, faces: number[], runs: boolean) {
    const open = withTurn(state, 'r')
    const opened = applyEvents(open, startTurn(open, 'r', forcedDice(faces)))
    if (!runs) return { state: opened, violation: null }
    const violation = validateAction(opened, run(row(figure(opened).pos.x + 1, figure(opened).pos.x + 13, 5)))
    if (violation) return { state: opened, violation }
    const path = row(figure(opened).pos.x + 1, figure(opened).pos.x + 13, 5)
    return { state: take(opened, run(path), forcedDice([])).state, violation: null }
  }
  const back = (state: EncounterState): EncounterState => ({
    ...state,
    combatants: state.combatants.map((c) => (c.id === 'r' ? { ...c, pos: { ...c.pos, x: 0 } } : c))
  })

  it('Con 3: three free rounds, a check from the fourth, a failure means 10 rounds without running', () => {
    let state = board([runner({ stats: { abilities: { ...basePfStats.abilities, con: 3 } } }), foe])
    for (let round = 1; round <= 3; round++) {
      const t = turn(back(state), [], true)
      expect(t.violation, `round ${round}`).toBeNull()
      state = t.state
      expect(statsIn(state).runRounds).toBe(round)
      expect(statsIn(state).effects).toContainEqual(running)
    }
    // Round 4: DC 10 (Con 3: −4). A 14 passes; round 5: DC 11, a 14 fails.
    let t = turn(back(state), [14], true)
    expect(t.violation).toBeNull()
    expect(statsIn(t.state).runRounds).toBe(4)
    t = turn(back(t.state), [14], true)
    expect(t.violation).toEqual({ code: 'runResting', params: { rounds: 10 } })
    state = t.state
    for (let rest = 9; rest >= 1; rest--) {
      const resting = turn(back(state), [], true)
      expect(resting.violation).toEqual({ code: 'runResting', params: { rounds: rest } })
      state = resting.state
    }
    t = turn(back(state), [], true)
    expect(t.violation).toBeNull()
    expect(statsIn(t.state).runRounds).toBe(1)
  })

  it('a round without running resets the count: no check is owed', () => {
    let state = board([runner({ stats: { abilities: { ...basePfStats.abilities, con: 1 } } }), foe])
    state = turn(back(state), [], true).state
    // It ran its one free round: the next turn opens with the check (a 20), and it does not run.
    state = turn(back(state), [20], false).state
    expect(statsIn(state).runRounds).toBe(1)
    // A turn opening without having run: no roll (none scripted), the count starts again.
    const t = turn(back(state), [], true)
    expect(t.violation).toBeNull()
    expect(statsIn(t.state).runRounds).toBe(1)
  })
})

describe('what a resting figure may do (validateAction, legalActions)', () => {
  const rested = (stats: Partial<PfStats> = {}) =>
    withTurn(board([runner({ stats: { runRest: 6, ...stats } }), foe]), 'r')

  it('no run, no double move, no withdraw past its speed; one move action is fine', () => {
    const state = rested()
    expect(validateAction(state, run())).toEqual({ code: 'runResting', params: { rounds: 6 } })
    const far: Action = { kind: 'move', actorId: 'r', path: row(1, 7, 5) }
    expect(validateAction(state, far)).toEqual({ code: 'runResting', params: { rounds: 6 } })
    expect(validateAction(state, { ...far, path: row(1, 6, 5) })).toBeNull()
    // Moved 4 squares: a second move action may only take it the 2 squares left of one move.
    const moved = take(state, { kind: 'move', actorId: 'r', path: row(1, 4, 5) }, forcedDice([])).state
    expect(validateAction(moved, { kind: 'move', actorId: 'r', path: row(5, 6, 5) })).toBeNull()
    expect(validateAction(moved, { kind: 'move', actorId: 'r', path: row(5, 7, 5) })).toMatchObject({
      code: 'runResting'
    })
  })

  it('legalActions offers no run and no move beyond one move action', () => {
    const actions = legalActions(rested(), 'r')
    expect(actions.some((a) => a.kind === 'run')).toBe(false)
    expect(actions.filter((a) => a.kind === 'move').every((a) => (a.path?.length ?? 0) <= 6)).toBe(true)
    expect(actions.some((a) => a.kind === 'move')).toBe(true)
  })

  it('a charge no further than its speed', () => {
    const charger = runner({ pos: { x: 0, y: 5 }, stats: { runRest: 6 } })
    const near = pfFigure('foe', { side: 'b', pos: { x: 7, y: 5 } })
    const far = pfFigure('foe', { side: 'b', pos: { x: 9, y: 5 } })
    const charge = (end: number): Action => ({
      kind: 'charge',
      actorId: 'r',
      targetId: 'foe',
      path: row(1, end, 5)
    })
    expect(validateAction(withTurn(board([charger, near]), 'r'), charge(6))).toBeNull()
    expect(validateAction(withTurn(board([charger, far]), 'r'), charge(8))).toEqual({ code: 'chargeTooFar' })
  })
})

describe('a run is straight and never through difficult terrain (§3.2 [TEXT L203, L207])', () => {
  it('refuses a bent run and a run through difficult terrain, with a reason', () => {
    const state = withTurn(board([runner(), foe], [{ x: 15, y: 5, kind: 'difficult' }]), 'r')
    expect(validateAction(state, run(row(1, 20, 5)))).toEqual({ code: 'runBlocked' })
    const bent: Action = run([...row(1, 12, 5), P(13, 6), P(14, 7), P(15, 8)])
    expect(validateAction(withTurn(board([runner(), foe]), 'r'), bent)).toEqual({ code: 'runNotStraight' })
    expect(validateAction(withTurn(board([runner(), foe]), 'r'), run(row(1, 20, 5)))).toBeNull()
  })

  it('every run legalActions offers is a straight legal run, off-axis ends included', () => {
    const state = withTurn(board([runner(), foe], [{ x: 8, y: 3, kind: 'difficult' }]), 'r')
    const runs = legalActions(state, 'r').filter((a) => a.kind === 'run')
    expect(runs.length).toBeGreaterThan(50)
    const r = figure(state)
    for (const a of runs) {
      expect(runLane(state, r, a.path ?? []), JSON.stringify(a.path?.at(-1))).toBe(true)
      expect(validateAction(state, a)).toBeNull()
    }
    const ends = runs.map((a) => a.path?.at(-1))
    expect(ends).toContainEqual(P(16, 10))
  })
})

describe('a rider’s mount runs (§4.12): its count, its check', () => {
  it('the run counts for the mount, not the rider; its check comes at the rider’s turn', () => {
    const [rider, horse] = mounted({ x: 1, y: 5 })
    const state = withTurn(
      mountedState([rider, horse, pfFigure('foe', { side: 'b', pos: { x: 29, y: 29 } })]),
      'rider'
    )
    const path = row(2, 23, 5)
    const after = take(state, { kind: 'run', actorId: 'rider', path }, forcedDice([])).state
    expect(statsIn(after, 'horse').runRounds).toBe(1)
    expect(statsIn(after, 'rider').runRounds).toBeUndefined()
    const con = statsIn(after, 'horse').abilities.con
    const tired = {
      ...after,
      combatants: after.combatants.map((c) =>
        c.id === 'horse' ? { ...c, stats: { ...readStats(c), runRounds: con } } : c
      )
    }
    const events: GameEvent[] = startTurn(withTurn(tired, 'rider'), 'rider', forcedDice([1]))
    expect(events.find((e) => e.type === 'dice.rolled')).toMatchObject({
      actorId: 'horse',
      purpose: 'pf1.run-check'
    })
  })
})
