import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { stateHash } from '../../../rules/core/hash'
import { campaignSchema, type Campaign } from '../../../rules/core/schemas'
import type { EncounterState } from '../../../rules/core/types'
import { getRuleset } from '../../../rules/systems'
import { applyCommand } from '../../../rules/flow/engine'
import {
  applySetup,
  defaultObjective,
  duplicateVersion,
  freeEncounterId,
  newEncounterRecord,
  setupOf,
  setupProblems,
  versionName,
  withEncounter,
  withSetup
} from './builder'
import { compareRows } from './builder-compare'
import { parseRoute, routeHash } from './route'
import type { SimReport } from '../../../ai/sim-report'

const sample = (id: string): Campaign =>
  campaignSchema.parse(JSON.parse(readFileSync(`resources/campaigns/${id}-sample.json`, 'utf8')))
const pf = sample('pathfinder1e')
const sides = [
  { id: 'heroes', name: 'Heroes' },
  { id: 'monsters', name: 'Monsters' }
]

describe('new encounters', () => {
  it('a blank map of W × H in setup, no figures, a record the schema and the replay accept', () => {
    const record = newEncounterRecord(
      pf,
      { name: 'Puente roto', map: { kind: 'blank', width: 12, height: 9 } },
      sides
    )
    const state = record.initial as EncounterState
    expect(record).toMatchObject({ id: 'puente-roto', name: 'Puente roto', commands: [] })
    expect(state).toMatchObject({ phase: 'setup', system: 'pathfinder1e', combatants: [], sides })
    expect(state.board).toEqual({ width: 12, height: 9, blocks: [] })
    expect(record.stateHash).toBe(stateHash(state))
    expect(() => campaignSchema.parse(withEncounter(pf, record))).not.toThrow()
  })

  it('a copy of another map keeps its board, settings and sides, not its figures', () => {
    const source = pf.encounters[0]!
    const record = newEncounterRecord(
      pf,
      { name: 'Otra', map: { kind: 'copy', encounterId: source.id } },
      sides
    )
    const state = record.initial as EncounterState
    expect(state.board).toEqual(source.initial.board)
    expect(state.settings).toEqual(source.initial.settings)
    expect(state.sides).toEqual(source.initial.sides)
    expect(state.combatants).toEqual([])
  })

  it('names become free slugs and bad sizes are refused', () => {
    expect(freeEncounterId(pf, pf.encounters[0]!.id)).toBe(`${pf.encounters[0]!.id}-2`)
    expect(freeEncounterId(pf, 'Ñandú  Élfico!')).toBe('nandu-elfico')
    expect(() =>
      newEncounterRecord(pf, { name: 'x', map: { kind: 'blank', width: 0, height: 5 } }, sides)
    ).toThrow()
    expect(() =>
      newEncounterRecord(pf, { name: '  ', map: { kind: 'blank', width: 5, height: 5 } }, sides)
    ).toThrow()
  })
})

describe('versions', () => {
  it('a version is a copy from the start, right after its original, named v2 then v3', () => {
    const first = duplicateVersion(pf, pf.encounters[0]!.id)
    const copy = first.campaign.encounters[1]!
    expect(copy.id).toBe(first.id)
    expect(copy.name).toBe(`${pf.encounters[0]!.name} (v2)`)
    expect(copy.initial.combatants).toEqual(pf.encounters[0]!.initial.combatants)
    expect(copy.commands).toEqual([])
    expect(versionName(first.campaign, copy.name)).toBe(`${pf.encounters[0]!.name} (v3)`)
    expect(() => campaignSchema.parse(first.campaign)).not.toThrow()
  })
})

describe('encounter settings', () => {
  const state = pf.encounters[0]!.initial as EncounterState
  const hero = state.combatants.find((c) => c.side === 'heroes')!
  const goblin = state.combatants.find((c) => c.side !== 'heroes')!

  it('objectives, surprise and controllers are saved into the start and read back', () => {
    const setup = setupOf(state)
    setup.objectives.push({ kind: 'survive', side: 'heroes', rounds: 3 })
    setup.surprised = [goblin.id]
    setup.controls[hero.id] = { controller: 'ai', ai: { personality: 'coward', level: 'hard' } }
    const saved = withSetup(pf, pf.encounters[0]!.id, setup)
    const initial = saved.encounters[0]!.initial as EncounterState
    expect(initial.objectives).toEqual([{ kind: 'survive', side: 'heroes', rounds: 3 }])
    expect(initial.surprised).toEqual([goblin.id])
    expect(initial.combatants.find((c) => c.id === hero.id)).toMatchObject({
      controller: 'ai',
      ai: { personality: 'coward', level: 'hard' }
    })
    expect(saved.encounters[0]!.stateHash).toBe(stateHash(initial))
    expect(setupOf(initial)).toEqual(setup)
    // The saved start plays: the engine starts it with the objective in force.
    const started = applyCommand(initial, { type: 'encounter.start' }, getRuleset('pathfinder1e'))
    expect(started.ok).toBe(true)
  })

  it('an empty setup leaves the start exactly as it was (same hash)', () => {
    expect(stateHash(applySetup(state, setupOf(state)))).toBe(stateHash(state))
  })

  it('a figure called like an Object.prototype member keeps its controller when the setup leaves it out', () => {
    const named = {
      ...state,
      combatants: state.combatants.map((c, i) => (i === 0 ? { ...c, id: 'toString' } : c))
    }
    const setup = { ...setupOf(named), controls: {} }
    expect(applySetup(named, setup).combatants[0]).toEqual(named.combatants[0])
  })

  it('a started encounter and invalid settings are refused', () => {
    const started = {
      ...pf,
      encounters: [{ ...pf.encounters[0]!, commands: [{ type: 'encounter.start' as const }] }]
    }
    expect(() => withSetup(started, pf.encounters[0]!.id, setupOf(state))).toThrow(/started/)
    const bad = setupOf(state)
    bad.objectives = [
      { kind: 'protect', side: 'heroes', figureId: goblin.id },
      { kind: 'escape', side: 'heroes', cells: [], count: 99 },
      { kind: 'survive', side: 'nobody', rounds: 0 }
    ]
    expect(setupProblems(state, bad).sort()).toEqual(['count', 'exit', 'rounds', 'side', 'ward'])
    expect(() => withSetup(pf, pf.encounters[0]!.id, bad)).toThrow(/invalid/)
  })

  it('default objectives fit the encounter', () => {
    for (const kind of ['defeatAll', 'survive', 'escape', 'protect'] as const) {
      const o = defaultObjective(kind, state)
      const problems = setupProblems(state, { ...setupOf(state), objectives: [o] })
      // An escape needs its exit drawn unless the map has another side's start zone to use.
      const needsExit = kind === 'escape' && !state.board.startZones?.some((z) => z.sideId !== 'heroes')
      expect(problems).toEqual(needsExit ? ['exit'] : [])
    }
  })
})

describe('comparison rows', () => {
  const p = (count: number, n = 10) => ({ count, rate: count / n, ci: [0, 1] as [number, number] })
  const report = (heroWins: number, mean: number): SimReport => ({
    runs: 10,
    wins: [
      { side: 'heroes', ...p(heroWins) },
      { side: 'goblins', ...p(10 - heroWins) }
    ],
    draws: p(0),
    truncated: p(0),
    rounds: { mean, histogram: [] },
    figures: []
  })
  it('puts each measure of A next to the same measure of B', () => {
    const state = pf.encounters[0]!.initial as EncounterState
    const rows = compareRows({ report: report(7, 4), state }, { report: report(3, 6), state })
    const win = rows.find((r) => r.id === 'win:heroes')!
    expect(win.a).toMatchObject({ kind: 'rate', p: { count: 7 } })
    expect(win.b).toMatchObject({ kind: 'rate', p: { count: 3 } })
    expect(rows.find((r) => r.id === 'rounds')).toMatchObject({ a: { value: 4 }, b: { value: 6 } })
    const humans = state.combatants.filter((c) => c.controller !== 'ai').length
    expect(rows.filter((r) => r.id.startsWith('down:'))).toHaveLength(humans)
  })

  it('takes the first side as the heroes when the AI plays every figure', () => {
    const base = pf.encounters[0]!.initial as EncounterState
    const state = { ...base, combatants: base.combatants.map((c) => ({ ...c, controller: 'ai' as const })) }
    const rows = compareRows({ report: report(7, 4), state }, { report: report(3, 6), state })
    const first = state.combatants.filter((c) => c.side === state.sides[0]!.id).map((c) => `dead:${c.id}`)
    expect(rows.filter((r) => r.id.startsWith('dead:')).map((r) => r.id)).toEqual(first)
  })
})

describe('the settings route', () => {
  it('round-trips', () => {
    const route = { name: 'settings', campaignId: 'c', encounterId: 'e' } as const
    expect(routeHash(route)).toBe('#/c/c/e/settings')
    expect(parseRoute(routeHash(route))).toEqual(route)
  })
})
