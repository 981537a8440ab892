import { describe, expect, it } from 'vitest'
import { initialTransition, transition, type SnapshotFrom } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import {
  aooPerRound,
  economy,
  economyInput,
  economyMachine,
  isRestricted,
  type PfEconomyEvent,
  type PfEconomyInput
} from './economy.machine'
import { pfFigure, pfState } from './test-fixtures'

type Snap = SnapshotFrom<typeof economyMachine>

const std: PfEconomyEvent = { type: 'economy.standard', standard: 1 }
const move = (squares: number, parity: 0 | 1 = 0): PfEconomyEvent => ({
  type: 'economy.move',
  move: 1,
  squares,
  _parity: parity
})
const dbl = (squares: number, parity: 0 | 1 = 0): PfEconomyEvent => ({
  type: 'economy.doubleMove',
  move: 2,
  squares,
  _parity: parity
})
const full = (o: { squares?: number; attacks?: number; _parity?: 0 | 1 } = {}): PfEconomyEvent => ({
  type: 'economy.full',
  full: 1,
  ...o
})
const step = (parity: 0 | 1 = 0): PfEconomyEvent => ({ type: 'economy.step', step: 1, _parity: parity })
const swift: PfEconomyEvent = { type: 'economy.swift', swift: 1 }
const free: PfEconomyEvent = { type: 'economy.free', free: 1 }
const attack = (slots: number): PfEconomyEvent => ({ type: 'economy.attack', attack: 1, _slots: slots })
const end: PfEconomyEvent = { type: 'economy.end', end: 1 }

const normal: PfEconomyInput = { restricted: false, count: 15, aoo: 1, free: 3 }
const restricted: PfEconomyInput = { ...normal, restricted: true }

/** Steps the machine through `events`; every one must be accepted (a refused step is a test bug). */
function play(input: PfEconomyInput, events: readonly PfEconomyEvent[]): Snap {
  let [s] = initialTransition(economyMachine, input)
  for (const e of events) {
    if (!s.can(e)) throw new Error(`refused ${JSON.stringify(e)}`)
    ;[s] = transition(economyMachine, s, e)
  }
  return s
}

const exhausted = (s: Snap) => economy.exhausted({ value: s.value, context: { ...s.context } })

interface Row {
  rule: string
  input?: PfEconomyInput
  before: PfEconomyEvent[]
  then: PfEconomyEvent
  can: boolean
  /** Context fields after `then` (when accepted). */
  after?: Record<string, number>
}

// Each row cites pathfinder1e.md §3.2 (action types per turn) or §3.5 (ACTING budget).
const rows: Row[] = [
  {
    rule: '§3.2 standard then move',
    before: [std],
    then: move(6),
    can: true,
    after: { standard: 0, move: 0 }
  },
  {
    rule: '§3.2 move then standard',
    before: [move(6)],
    then: std,
    can: true,
    after: { standard: 0, move: 0 }
  },
  {
    rule: '§3.2 a second move is paid by the standard',
    before: [move(6)],
    then: move(6),
    can: true,
    after: { standard: 0, move: 0, _moved: 12 }
  },
  { rule: '§3.2 no third move', before: [move(6), move(6)], then: move(1), can: false },
  { rule: '§3.2 no standard after two moves', before: [move(6), move(6)], then: std, can: false },
  { rule: '§3.2 no second standard', before: [std], then: std, can: false },
  { rule: '§3.3 double move on a fresh turn', before: [], then: dbl(12), can: true, after: { _moved: 12 } },
  { rule: '§3.3 double move needs the standard', before: [std], then: dbl(12), can: false },
  { rule: '§3.3 double move needs the move', before: [move(0)], then: dbl(12), can: false },
  { rule: '§3.2 full-round needs the standard', before: [std], then: full(), can: false },
  { rule: '§3.2 full-round needs the move', before: [move(0)], then: full(), can: false },
  {
    rule: '§3.2 full attack after a 5-ft step',
    before: [step()],
    then: full({ attacks: 2 }),
    can: true,
    after: { standard: 0, move: 0, attacks: 2, _attacked: 1, _slots: 3 }
  },
  { rule: '§3.2 coup de grace after a 5-ft step', before: [step()], then: full(), can: true },
  { rule: '§3.2 charge: no 5-ft step that round', before: [step()], then: full({ squares: 8 }), can: false },
  {
    rule: '§3.2 charge on a fresh turn',
    before: [],
    then: full({ squares: 8, _parity: 1 }),
    can: true,
    after: { _moved: 8, step: 0, _parity: 1 }
  },
  {
    rule: '§3.2 5-ft step on a fresh turn',
    before: [],
    then: step(1),
    can: true,
    after: { step: 0, _parity: 1 }
  },
  { rule: '§3.2 no 5-ft step after moving', before: [move(3)], then: step(), can: false },
  {
    rule: '§3.2 5-ft step after a move that moves nothing (draw)',
    before: [move(0)],
    then: step(),
    can: true
  },
  { rule: '§3.2 no movement after a 5-ft step', before: [step()], then: move(2), can: false },
  { rule: '§3.2 stand up after a 5-ft step', before: [step()], then: move(0), can: true },
  { rule: '§3.2 no double move after a 5-ft step', before: [step()], then: dbl(12), can: false },
  { rule: '§3.2 no 5-ft step after a charge', before: [full({ squares: 6 })], then: step(), can: false },
  { rule: '§3.2 a 5-ft step during a full attack', before: [full({ attacks: 1 })], then: step(), can: true },
  { rule: '§3.2 one 5-ft step', before: [step()], then: step(), can: false },
  { rule: '§3.2 one swift action', before: [swift], then: swift, can: false, after: {} },
  { rule: '§3.2 a swift action', before: [], then: swift, can: true, after: { swift: 0 } },
  {
    rule: 'G-1 free actions up to the setting',
    before: [free, free],
    then: free,
    can: true,
    after: { free: 0 }
  },
  { rule: 'G-1 no fourth free action', before: [free, free, free], then: free, can: false },
  {
    rule: '§3.2 the first attack is the standard',
    before: [],
    then: attack(3),
    can: true,
    after: { standard: 0, move: 1, attacks: 0, _attacked: 1, _slots: 3 }
  },
  {
    rule: '§3.2 [SRD] a second attack turns it into a full attack, paying the move',
    before: [attack(3)],
    then: attack(3),
    can: true,
    after: { standard: 0, move: 0, attacks: 1 }
  },
  {
    rule: '§3.2 the third attack is the last iterative',
    before: [attack(3), attack(3)],
    then: attack(3),
    can: true,
    after: { attacks: 0 }
  },
  {
    rule: '§3.2 no attack beyond the slots',
    before: [attack(3), attack(3), attack(3)],
    then: attack(3),
    can: false
  },
  {
    rule: '§3.2 a single attack cannot grow without iteratives',
    before: [attack(1)],
    then: attack(1),
    can: false
  },
  { rule: '§3.2 no full attack after moving', before: [attack(2), move(2)], then: attack(2), can: false },
  {
    rule: '§3.2 no full attack after a move then an attack',
    before: [move(2), attack(2)],
    then: attack(2),
    can: false
  },
  {
    rule: '§3.2 a 5-ft step before the second attack',
    before: [attack(2), step()],
    then: attack(2),
    can: true
  },
  { rule: '§3.2 a move instead of the remaining attacks', before: [attack(3)], then: move(6), can: true },
  { rule: '§3.2 no full attack after total defense', before: [std], then: attack(2), can: false },
  {
    rule: '§3.2 full attack: later attacks consume the iteratives',
    before: [full({ attacks: 2 })],
    then: attack(3),
    can: true,
    after: { attacks: 1 }
  },
  {
    rule: 'Delay ends the turn: everything spent',
    before: [],
    then: end,
    can: true,
    after: { standard: 0, move: 0, swift: 0, step: 0, free: 0, attacks: 0 }
  },
  {
    rule: 'A2 parity from the latest movement',
    before: [move(3, 1)],
    then: move(2, 0),
    can: true,
    after: { _parity: 0 }
  },
  {
    rule: 'A2 a move that moves nothing keeps the parity',
    before: [move(3, 1)],
    then: move(0, 0),
    can: true,
    after: { _parity: 1 }
  },
  // Restricted turn (surprise round, staggered, disabled): one standard OR one move, plus swift and free.
  {
    rule: '§3.2 restricted: a standard',
    input: restricted,
    before: [],
    then: std,
    can: true,
    after: { standard: 0, move: 0 }
  },
  {
    rule: '§3.2 restricted: no move after the standard',
    input: restricted,
    before: [std],
    then: move(6),
    can: false
  },
  {
    rule: '§3.2 restricted: no standard after a move',
    input: restricted,
    before: [move(6)],
    then: std,
    can: false
  },
  { rule: '§3.2 restricted: no double move', input: restricted, before: [], then: dbl(12), can: false },
  {
    rule: '§3.2 restricted: no full attack',
    input: restricted,
    before: [],
    then: full({ attacks: 1 }),
    can: false
  },
  { rule: '§3.2 restricted: no coup de grace', input: restricted, before: [], then: full(), can: false },
  {
    rule: '§3.2 [SRD] restricted charge or withdraw as the one action',
    input: restricted,
    before: [],
    then: full({ squares: 6 }),
    can: true,
    after: { standard: 0, move: 0 }
  },
  { rule: '§3.2 restricted: a swift besides', input: restricted, before: [std], then: swift, can: true },
  { rule: '§3.2 restricted: a 5-ft step besides', input: restricted, before: [std], then: step(), can: true },
  {
    rule: '§3.2 restricted: a single attack only',
    input: restricted,
    before: [attack(3)],
    then: attack(3),
    can: false
  }
]

describe('Pathfinder economy machine (pathfinder1e.md §3.2, §3.5)', () => {
  it('opens with one of each, the free actions of G-1 and the bookkeeping hidden under _', () => {
    const [s] = initialTransition(economyMachine, { ...normal, parity: 1 })
    expect(s.value).toBe('acting')
    expect({ ...s.context }).toEqual({
      standard: 1,
      move: 1,
      swift: 1,
      step: 1,
      free: 3,
      attacks: 0,
      aoo: 1,
      _count: 15,
      _moved: 0,
      _parity: 1,
      _restricted: 0,
      _slots: 0,
      _attacked: 0,
      _stepped: 0
    })
  })

  it.each(rows)('$rule', ({ input, before, then, can, after }) => {
    const s = play(input ?? normal, before)
    expect(s.can(then)).toBe(can)
    if (!can || !after) return
    const [next] = transition(economyMachine, s, then)
    expect(next.context).toMatchObject(after)
  })
})

describe('exhausted: nothing left that acts (§3.5 ACTING)', () => {
  const cases: Array<{ rule: string; input?: PfEconomyInput; events: PfEconomyEvent[]; spent: boolean }> = [
    { rule: 'fresh turn', events: [], spent: false },
    { rule: 'standard + move that moved', events: [std, move(4)], spent: true },
    { rule: 'standard + draw: the 5-ft step is left', events: [std, move(0)], spent: false },
    { rule: 'standard + draw + 5-ft step', events: [std, move(0), step()], spent: true },
    { rule: 'full attack with iteratives left', events: [full({ attacks: 2 })], spent: false },
    {
      rule: 'full attack done, 5-ft step taken',
      events: [full({ attacks: 1 }), attack(2), step()],
      spent: true
    },
    { rule: 'charge', events: [full({ squares: 6 })], spent: true },
    { rule: 'double move', events: [dbl(12)], spent: true },
    { rule: 'a swift action alone does not hold the turn', events: [std, move(3)], spent: true },
    { rule: 'delay (end)', events: [end], spent: true },
    { rule: 'restricted standard, 5-ft step left', input: restricted, events: [std], spent: false },
    { rule: 'restricted move that moved', input: restricted, events: [move(3)], spent: true }
  ]
  it.each(cases)('$rule', ({ input, events, spent }) => {
    const s = play(input ?? normal, events)
    expect(exhausted(s)).toBe(spent)
    expect(s.value).toBe(spent ? 'done' : 'acting')
  })

  it('a done turn still takes a swift or free action and ends again harmlessly', () => {
    const s = play(normal, [std, move(4)])
    expect(s.can(swift)).toBe(true)
    expect(s.can(free)).toBe(true)
    expect(s.can(std)).toBe(false)
    expect(s.can(step())).toBe(false)
    expect(s.can(end)).toBe(true)
  })

  it('rehydrates from a saved { value, context } and keeps stepping', () => {
    const saved = play(normal, [attack(3)])
    const restored = economyMachine.resolveState({ value: 'acting', context: { ...saved.context } })
    const [next] = transition(economyMachine, restored, attack(3))
    expect(next.context.attacks).toBe(1)
  })

  it('every reachable snapshot is done exactly when exhausted (xstate/graph)', () => {
    const events = [
      std,
      move(2),
      move(0),
      dbl(8),
      full({ attacks: 1 }),
      full({ squares: 4 }),
      step(),
      attack(3),
      end
    ]
    for (const input of [normal, restricted]) {
      const paths = getShortestPaths(economyMachine, { input, events })
      expect(paths.length).toBeGreaterThan(10)
      for (const p of paths) expect(p.state.value === 'done').toBe(exhausted(p.state))
    }
  })
})

describe('economy input', () => {
  it('count from the initiative, AoOs per round (Combat Reflexes: 1 + Dex mod), free actions (G-1)', () => {
    const reflexes = pfFigure('r', {
      stats: {
        feats: ['CombatReflexes'],
        abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 }
      }
    })
    const plain = pfFigure('p', { side: 'b' })
    const state = pfState([reflexes, plain], {
      initiative: { r: 17.01, p: 12 },
      settings: { freeActionsPerTurn: 5 }
    })
    expect(aooPerRound(reflexes)).toBe(3)
    expect(economyInput(state, reflexes)).toEqual({
      restricted: false,
      count: 17.01,
      aoo: 3,
      free: 5,
      parity: 0
    })
    expect(economyInput(state, plain).aoo).toBe(1)
  })

  it('restricted: staggered (§5 nonlethal = HP), disabled (§5 0 HP), surprise round (§3.1)', () => {
    const staggered = pfFigure('s', { life: 6, lifeMax: 10, stats: { nonlethal: 6 } })
    const disabled = pfFigure('d', { life: 0, lifeMax: 10 })
    const fine = pfFigure('f', { side: 'b' })
    const state = pfState([staggered, disabled, fine])
    expect(isRestricted(state, staggered)).toBe(true)
    expect(isRestricted(state, disabled)).toBe(true)
    expect(isRestricted(state, fine)).toBe(false)
    const unaware = pfFigure('u', { side: 'b' })
    const surprise = { ...pfState([fine, unaware]), surprised: ['u'] }
    expect(isRestricted(surprise, fine)).toBe(true)
    expect(isRestricted({ ...surprise, round: 2 }, fine)).toBe(false)
    const off = pfState([fine, unaware], { settings: { surpriseRound: false } })
    expect(isRestricted({ ...off, surprised: ['u'] }, fine)).toBe(false)
    // A stat block's own `aware: false` is no surprise: only the encounter's settings say who is surprised.
    const statOnly = pfState([fine, pfFigure('u', { side: 'b', stats: { aware: false } })])
    expect(isRestricted(statOnly, fine)).toBe(false)
  })
})
