import { describe, expect, it } from 'vitest'
import { stateHash } from '../core/hash'
import { encounterStateSchema } from '../core/schemas'
import type { Command, EncounterState, Objective } from '../core/types'
import { getRuleset } from '../systems'
import { makeEncounter } from '../systems/minecraft/test-fixtures'
import { pfFigure, pfState } from '../systems/pathfinder1e/test-fixtures'
import { applyCommand, replay } from './engine'

// Objectives are generic (objectives.ts): the same table runs on Minecraft (side turns, AP) and on
// Pathfinder (initiative, one figure a turn), driven by turn ends and the GM's life edits so no dice decide.

type Build = (objectives?: Objective[]) => EncounterState

const setup = (s: EncounterState): EncounterState => ({ ...s, phase: 'setup', round: 0, turn: null })

const minecraft: Build = (objectives) =>
  setup({
    ...makeEncounter({
      width: 10,
      height: 6,
      figures: [
        { id: 'h1', side: 'heroes', at: [1, 1], creature: 'minecraft:steve' },
        { id: 'h2', side: 'heroes', at: [1, 3], creature: 'minecraft:alex' },
        { id: 'm1', side: 'monsters', at: [8, 1], creature: 'minecraft:zombie' },
        { id: 'm2', side: 'monsters', at: [8, 4], creature: 'minecraft:zombie' }
      ],
      activeId: null
    }),
    ...(objectives ? { objectives } : {})
  })

const pathfinder: Build = (objectives) =>
  setup({
    ...pfState(
      [
        pfFigure('h1', { side: 'heroes', pos: { x: 1, y: 1 } }),
        pfFigure('h2', { side: 'heroes', pos: { x: 1, y: 3 } }),
        pfFigure('m1', { side: 'monsters', pos: { x: 8, y: 1 } }),
        pfFigure('m2', { side: 'monsters', pos: { x: 8, y: 4 } })
      ],
      { width: 10, height: 6 }
    ),
    ...(objectives ? { objectives } : {})
  })

const systems: Array<[string, Build]> = [
  ['minecraft', minecraft],
  ['pathfinder1e', pathfinder]
]

function play(state: EncounterState, commands: Command[]): EncounterState {
  const ruleset = getRuleset(state.system)
  return commands.reduce((s, c) => {
    if (s.phase === 'ended') return s
    const r = applyCommand(s, c, ruleset)
    if (!r.ok) throw new Error(`refused ${c.type}: ${r.violation.code}`)
    return r.state
  }, state)
}

const start: Command = { type: 'encounter.start' }
const endTurns = (n: number): Command[] => Array.from({ length: n }, () => ({ type: 'turn.end' }) as const)
const knockOut = (id: string): Command => ({ type: 'life.set', id, life: -100 })
const events = (s: EncounterState, type: string) => s.log.filter((e) => e.type === type)

describe.each(systems)('objectives on %s', (_system, build) => {
  it('defeat all, written or absent, ends when the last foe falls and not before', () => {
    for (const objectives of [undefined, [{ kind: 'defeatAll' } as const]]) {
      const one = play(build(objectives), [start, knockOut('m1')])
      expect(one.phase).toBe('running')
      const both = play(one, [knockOut('m2')])
      expect(both).toMatchObject({ phase: 'ended', winner: 'heroes' })
    }
  })

  it('survive: the side that holds out to the end of round N wins, never reaching round N + 1', () => {
    const s = play(build([{ kind: 'survive', side: 'heroes', rounds: 3 }]), [start, ...endTurns(40)])
    expect(s).toMatchObject({ phase: 'ended', winner: 'heroes', round: 3 })
    expect(events(s, 'round.started').map((e) => (e as { round: number }).round)).toEqual([1, 2, 3])
  })

  it('survive: the attackers win by defeating the side first', () => {
    const s = play(build([{ kind: 'survive', side: 'heroes', rounds: 3 }]), [
      start,
      ...endTurns(3),
      knockOut('h1'),
      knockOut('h2')
    ])
    expect(s).toMatchObject({ phase: 'ended', winner: 'monsters' })
    expect(s.round).toBeLessThan(3)
  })

  it('escape: a figure ending its turn on an exit leaves; the count reached wins', () => {
    // h1 already stands on the exit: its first turn end takes it off the board.
    const s = play(build([{ kind: 'escape', side: 'heroes', cells: [{ x: 1, y: 1 }], count: 1 }]), [
      start,
      ...endTurns(8)
    ])
    expect(events(s, 'escaped')).toEqual([{ type: 'escaped', id: 'h1' }])
    expect(s.combatants.find((c) => c.id === 'h1')).toMatchObject({ out: true, escaped: true })
    expect(s).toMatchObject({ phase: 'ended', winner: 'heroes' })
  })

  it('escape: the side loses once it can no longer reach the count', () => {
    const s0 = build([{ kind: 'escape', side: 'heroes', cells: [{ x: 1, y: 1 }], count: 2 }])
    const s = play(s0, [start, ...endTurns(8)])
    // One escaped, one still on the board: undecided.
    expect(s.phase).toBe('running')
    expect(events(s, 'escaped')).toHaveLength(1)
    const lost = play(s, [knockOut('h2')])
    expect(lost).toMatchObject({ phase: 'ended', winner: 'monsters' })
  })

  it('escape through a start zone: the zone of the named side is the exit', () => {
    const base = build([{ kind: 'escape', side: 'heroes', zone: 'exit', count: 1 }])
    const zoned = {
      ...base,
      board: { ...base.board, startZones: [{ sideId: 'exit', cells: [{ x: 1, y: 3 }] }] }
    }
    const s = play(zoned, [start, ...endTurns(8)])
    expect(events(s, 'escaped')).toEqual([{ type: 'escaped', id: 'h2' }])
    expect(s.winner).toBe('heroes')
  })

  it('protect: the side loses when its ward goes out, though others still stand', () => {
    const s = play(build([{ kind: 'protect', side: 'heroes', figureId: 'h2' }]), [start, knockOut('h2')])
    expect(s).toMatchObject({ phase: 'ended', winner: 'monsters' })
    expect(s.combatants.find((c) => c.id === 'h1')?.out).toBe(false)
    const other = play(build([{ kind: 'protect', side: 'heroes', figureId: 'h2' }]), [start, knockOut('h1')])
    expect(other.phase).toBe('running')
  })

  it('replays a fight with objectives to the same hash, and round-trips through the schema', () => {
    const initial = build([
      { kind: 'protect', side: 'monsters', figureId: 'm1' },
      { kind: 'survive', side: 'heroes', rounds: 2 }
    ])
    const commands: Command[] = [start, ...endTurns(3)]
    const a = replay(initial, commands, getRuleset(initial.system))
    const b = replay(initial, commands, getRuleset(initial.system))
    expect(stateHash(a)).toBe(stateHash(b))
    expect(encounterStateSchema.parse(initial)).toEqual(initial)
    expect(encounterStateSchema.parse(a)).toEqual(a)
  })

  it('a state without objectives carries no new fields once played', () => {
    const s = play(build(), [start, ...endTurns(3)])
    expect('objectives' in s).toBe(false)
    expect(s.combatants.some((c) => 'escaped' in c)).toBe(false)
  })
})
