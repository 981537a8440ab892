import { describe, expect, it } from 'vitest'
import { goldenGame } from '../../../tests/golden/golden-suite'
import { newEncounter } from '../../core/encounter'
import { encounterStateSchema } from '../../core/schemas'
import type { Command, EncounterState } from '../../core/types'
import { applyCommand } from '../../flow/engine'
import { getRuleset } from '..'
import { createFigure } from './content'
import { pathfinder1eSampleEncounter } from './sample'
import { readStats } from './stats'

// Golden game (house style tests/golden, issue 9 "a seeded AI-vs-AI PF1 encounter replays to the same
// hash"): a small crossroads skirmish played AI vs AI by the generic AI (no Pathfinder code in ai/),
// replayed from its command log to the same state hash. Small so three games stay quick in CI; the full
// "Goblin ambush" sample plays to its result in the browser e2e suite.

const ruleset = getRuleset('pathfinder1e')

function crossroads(): EncounterState {
  const at = (x: number, y: number) => ({ x, y, z: 0 })
  return newEncounter({
    id: 'crossroads',
    name: 'Crossroads',
    system: 'pathfinder1e',
    settings: {
      gmPrompts: 'auto',
      terrain: [
        { x: 6, y: 4, kind: 'difficult' },
        { x: 6, y: 5, kind: 'difficult' }
      ]
    },
    board: {
      width: 12,
      height: 10,
      blocks: [
        { x: 5, y: 2 },
        { x: 5, y: 7 }
      ]
    },
    sides: [
      { id: 'heroes', name: 'Heroes' },
      { id: 'goblins', name: 'Goblins' }
    ],
    combatants: [
      createFigure('pathfinder1e:human-fighter', {
        id: 'fighter',
        side: 'heroes',
        pos: at(2, 4),
        controller: 'ai'
      }),
      createFigure('pathfinder1e:human-cleric', {
        id: 'cleric',
        side: 'heroes',
        pos: at(1, 5),
        controller: 'ai'
      }),
      createFigure('pathfinder1e:goblin', { id: 'goblin-1', side: 'goblins', pos: at(9, 3) }),
      createFigure('pathfinder1e:goblin', { id: 'goblin-2', side: 'goblins', pos: at(9, 6) }),
      createFigure('pathfinder1e:goblin-archer', { id: 'archer', side: 'goblins', pos: at(11, 5) })
    ],
    seed: 20261130
  })
}

describe('the Goblin ambush sample', () => {
  it('opens with a surprise round (§3.1): only the aware goblins act, the heroes stay flat-footed', () => {
    const initial = pathfinder1eSampleEncounter()
    expect(encounterStateSchema.parse(initial)).toEqual(initial)
    expect(initial).toMatchObject({ phase: 'setup', pending: null, turn: null, log: [] })
    let state = initial
    const send = (command: Command) => {
      const r = applyCommand(state, command, ruleset)
      if (!r.ok) throw new Error(r.violation.code)
      state = r.state
    }
    send({ type: 'encounter.start' })
    const opened: string[] = []
    while (state.round === 1 && state.phase === 'running') {
      opened.push(state.turn!.activeId)
      send({ type: 'turn.end' })
    }
    const side = (id: string) => initial.combatants.find((c) => c.id === id)?.side
    expect(opened.length).toBeGreaterThan(0)
    expect(opened.every((id) => side(id) === 'goblins')).toBe(true)
    // Round 2 has just opened its first turn, which ends that figure's flat-footedness (§3.1).
    for (const hero of state.combatants.filter((c) => c.side === 'heroes' && c.id !== state.turn?.activeId))
      expect(readStats(hero).flatFooted, hero.id).toBe(true)
    // Round 2: everyone acts, and a hero's first turn ends its flat-footedness.
    const roundTwo = new Set<string>()
    while (state.round === 2 && state.phase === 'running') {
      roundTwo.add(state.turn!.activeId)
      send({ type: 'turn.end' })
    }
    expect([...roundTwo].some((id) => side(id) === 'heroes')).toBe(true)
  })
})

describe('golden: a Pathfinder skirmish played AI vs AI', () => {
  const game = goldenGame(crossroads(), ruleset)

  it('plays the Pathfinder turn: initiative rolled, attacks with d20 against AC, damage applied', () => {
    const purposes = new Set(game.state.log.flatMap((e) => (e.type === 'dice.rolled' ? [e.purpose] : [])))
    expect(purposes).toContain('pf1.initiative')
    expect(purposes).toContain('pf1.attack')
    expect(purposes).toContain('pf1.damage')
    expect(game.state.log.some((e) => e.type === 'damaged')).toBe(true)
  })
})
