import { describe, expect, it } from 'vitest'
import type { EncounterState, Objective } from '../rules/core/types'
import { getRuleset } from '../rules/systems'
import { makeEncounter } from '../rules/systems/minecraft/test-fixtures'
import { playOut } from './simulation'

// The AI-vs-AI simulation ends where the encounter's objectives say, not only at the last side standing.

const ruleset = getRuleset('minecraft')

function encounter(objectives?: Objective[], surprised?: string[]): EncounterState {
  const s = makeEncounter({
    width: 12,
    height: 8,
    figures: [
      { id: 'h1', side: 'heroes', at: [1, 1], creature: 'minecraft:steve' },
      { id: 'h2', side: 'heroes', at: [1, 5], creature: 'minecraft:alex' },
      { id: 'm1', side: 'monsters', at: [10, 1], creature: 'minecraft:zombie' },
      { id: 'm2', side: 'monsters', at: [10, 5], creature: 'minecraft:zombie' }
    ],
    activeId: null
  })
  return {
    ...s,
    phase: 'setup',
    round: 0,
    ...(objectives ? { objectives } : {}),
    ...(surprised ? { surprised } : {})
  }
}

const opts = { maxSteps: 3000 }

describe('playOut with objectives', () => {
  it('survive: every game ends by the end of round N, the survivors winning if they stand', () => {
    for (let seed = 1; seed <= 4; seed++) {
      const game = playOut(encounter([{ kind: 'survive', side: 'heroes', rounds: 2 }]), ruleset, seed, opts)
      expect(game.truncated).toBe(false)
      expect(game.rounds).toBeLessThanOrEqual(2)
      const heroesStand = game.perFigure.some((f) => f.side === 'heroes' && !f.out)
      expect(game.winner).toBe(heroesStand ? 'heroes' : 'monsters')
    }
  })

  it('escape: the game ends by the count or by the fight, an escaped hero not counted as downed', () => {
    for (let seed = 5; seed <= 8; seed++) {
      const game = playOut(
        encounter([{ kind: 'escape', side: 'heroes', cells: [{ x: 1, y: 1 }], count: 1 }]),
        ruleset,
        seed,
        opts
      )
      expect(game.truncated).toBe(false)
      const fled = game.perFigure.filter((f) => f.side === 'heroes' && f.out && !f.downed)
      for (const f of fled) expect(f.fate).toBe('standing')
      const monstersOut = game.perFigure.filter((f) => f.side === 'monsters').every((f) => f.out)
      expect(game.winner).toBe(fled.length >= 1 || monstersOut ? 'heroes' : 'monsters')
    }
  })

  it('protect: the game ends when the ward falls, or as defeat-all otherwise', () => {
    for (let seed = 1; seed <= 3; seed++) {
      const game = playOut(
        encounter([{ kind: 'protect', side: 'monsters', figureId: 'm1' }]),
        ruleset,
        seed,
        opts
      )
      expect(game.truncated).toBe(false)
      const m1 = game.perFigure.find((f) => f.id === 'm1')!
      if (m1.out) expect(game.winner).toBe('heroes')
      else expect(game.perFigure.filter((f) => f.side === 'heroes').every((f) => f.out)).toBe(true)
    }
  })

  it('surprise and defeat-all still play to the end, the same seed giving the same game', () => {
    const a = playOut(encounter([{ kind: 'defeatAll' }], ['h1', 'h2']), ruleset, 3, opts)
    const b = playOut(encounter([{ kind: 'defeatAll' }], ['h1', 'h2']), ruleset, 3, opts)
    expect(a.truncated).toBe(false)
    expect(a).toEqual(b)
  })
})

describe('the planner and the objectives', () => {
  it('an escaping hero heads for the far exit and leaves through it', () => {
    // The exit is the far corner from the zombies: a hero that only fights would never end there.
    const exit = [{ x: 0, y: 7 }]
    const escaping = playOut(
      encounter([{ kind: 'escape', side: 'heroes', cells: exit, count: 1 }]),
      ruleset,
      11,
      opts
    )
    expect(escaping.perFigure.some((f) => f.side === 'heroes' && f.out && !f.downed)).toBe(true)
    expect(escaping.winner).toBe('heroes')
  })

  it('the escape term rewards closing on the exit and standing on it, and is absent without objectives', async () => {
    const { objectiveTerms } = await import('./objective-terms')
    const state = encounter([{ kind: 'escape', side: 'heroes', cells: [{ x: 0, y: 7 }], count: 1 }])
    const hero = state.combatants.find((c) => c.id === 'h2')!
    const value = (x: number, y: number) =>
      objectiveTerms(state, hero, { x, y, z: 0 }).find((t) => t.key === 'escape')?.value ?? 0
    expect(value(0, 6)).toBeGreaterThan(0)
    expect(value(0, 7)).toBeGreaterThan(value(0, 6))
    expect(value(3, 3)).toBeLessThan(0)
    expect(objectiveTerms(encounter(), hero, { x: 0, y: 7, z: 0 })).toEqual([])
  })
})
