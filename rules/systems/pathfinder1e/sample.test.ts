import { describe, expect, it } from 'vitest'
import { encounterStateSchema } from '../../core/schemas'
import type { Combatant } from '../../core/types'
import { GOBLIN_AMBUSH_MAP, goblinAmbushTerrain, pathfinder1eSampleEncounter } from './sample'
import { readSettings } from './settings'
import { readStats, statsSchema } from './stats'

// "Emboscada goblin": the second sample campaign of issue 9, a surprise round (pathfinder1e.md §3.1).

const state = pathfinder1eSampleEncounter()
const key = (p: { x: number; y: number }) => `${p.x},${p.y}`
const side = (id: string) => state.combatants.filter((c) => c.side === id)

describe('the Goblin ambush sample', () => {
  it('is a valid encounter in setup, on a forest road of 24 × 18 squares', () => {
    expect(encounterStateSchema.safeParse(state).success).toBe(true)
    expect(state).toMatchObject({
      system: 'pathfinder1e',
      name: 'Emboscada goblin',
      phase: 'setup',
      round: 0
    })
    expect(state.board).toMatchObject({ width: 24, height: 18 })
    for (const row of GOBLIN_AMBUSH_MAP) expect(row).toHaveLength(24)
    expect(GOBLIN_AMBUSH_MAP).toHaveLength(18)
    expect(state.sides).toEqual([
      { id: 'heroes', name: 'Héroes' },
      { id: 'goblins', name: 'Goblins' }
    ])
  })

  it('reads its terrain through the settings: undergrowth, low walls, fog and a log, all on open ground', () => {
    const terrain = readSettings(state).terrain
    const kinds = new Set(terrain.map((t) => t.kind))
    expect([...kinds].toSorted()).toEqual(['difficult', 'fog', 'hampering', 'lowWall'])
    const blocks = new Set(state.board.blocks.map(key))
    expect(state.board.blocks.length).toBeGreaterThan(20)
    for (const t of terrain) {
      expect(blocks.has(key(t))).toBe(false)
      expect(t.x < state.board.width && t.y < state.board.height).toBe(true)
    }
    expect(goblinAmbushTerrain()).toEqual(terrain)
  })

  it('validates every figure’s stats', () => {
    for (const c of state.combatants) expect(statsSchema.safeParse(c.stats).success, c.id).toBe(true)
  })

  it('puts no figure on a block, a wall or the log, and no two in one square but a rider on its mount', () => {
    const blocked = new Set(state.board.blocks.map(key))
    const obstacles = new Set(
      readSettings(state)
        .terrain.filter((t) => t.kind === 'lowWall' || t.kind === 'hampering')
        .map(key)
    )
    const seen = new Map<string, Combatant>()
    for (const c of state.combatants) {
      expect(blocked.has(key(c.pos)), c.id).toBe(false)
      expect(obstacles.has(key(c.pos)), c.id).toBe(false)
      const other = seen.get(key(c.pos))
      const mounted = other && (readStats(c).mountId === other.id || readStats(other).mountId === c.id)
      expect(other === undefined || mounted, c.id).toBe(true)
      seen.set(key(c.pos), c)
    }
  })

  it('has four surprised human-controlled heroes and an aware AI goblin band: a surprise round (§3.1)', () => {
    const heroes = side('heroes')
    expect(heroes.map((c) => c.id)).toEqual(['valeria', 'tobi', 'anselma', 'irene'])
    // The encounter's settings list the heroes as surprised; the start marks them unaware.
    expect(state.surprised).toEqual(heroes.map((c) => c.id))
    for (const c of heroes) {
      expect(c.controller).toBe('human')
      expect(readStats(c)).toMatchObject({ flatFooted: true })
    }
    const goblins = side('goblins')
    expect(goblins.length).toBeGreaterThanOrEqual(5)
    expect(goblins.length).toBeLessThanOrEqual(7)
    for (const c of goblins) {
      expect(c.controller).toBe('ai')
      expect(readStats(c)).toMatchObject({ aware: true, flatFooted: true })
    }
  })

  it('mounts the goblin rider on its goblin dog (§4.12)', () => {
    const rider = state.combatants.find((c) => c.id === 'goblin-rider')
    const dog = state.combatants.find((c) => c.id === 'goblin-dog')
    if (!rider || !dog) throw new Error('missing rider or mount')
    expect(rider.pos).toEqual(dog.pos)
    expect(readStats(rider)).toMatchObject({ mountId: 'goblin-dog', conditions: ['mounted'] })
    expect(readStats(dog)).toMatchObject({ riderId: 'goblin-rider', combatTrained: true })
  })

  it('is the same for the same seed and differs only in its dice for another', () => {
    expect(pathfinder1eSampleEncounter()).toEqual(state)
    const other = pathfinder1eSampleEncounter(7)
    expect(other.rng).not.toEqual(state.rng)
    expect({ ...other, rng: state.rng }).toEqual(state)
  })
})
