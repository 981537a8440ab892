import { stateHash } from '../../rules/core/hash'
import { seedRng } from '../../rules/core/rng'
import type { Campaign } from '../../rules/core/schemas'
import type { EncounterState } from '../../rules/core/types'
import { createFigure } from '../../rules/systems/minecraft/content'
import { minecraftHeightsSampleEncounter } from '../../rules/systems/minecraft/sample'

// A 16×12 Minecraft skirmish: two heroes by a ruined wall, three zombies and a skeleton archer.
const MAP = [
  '................',
  '................',
  '....##..........',
  '....#.......##..',
  '............#...',
  '................',
  '.........#......',
  '.........#......',
  '.....##.........',
  '................',
  '..........##....',
  '................'
]

function blocks(map: string[]) {
  return map.flatMap((row, y) => [...row].flatMap((ch, x) => (ch === '#' ? [{ x, y }] : [])))
}

function minecraftSample(): Campaign {
  const heroes = { side: 'heroes', controller: 'human' as const, facing: 2 }
  const monsters = { side: 'monsters', controller: 'ai' as const, facing: 6 }
  const initial: EncounterState = {
    schemaVersion: 1,
    id: 'abandoned-mine',
    name: 'La mina abandonada',
    system: 'minecraft',
    settings: {},
    board: { width: 16, height: 12, blocks: blocks(MAP) },
    sides: [
      { id: 'heroes', name: 'Héroes' },
      { id: 'monsters', name: 'Monstruos' }
    ],
    combatants: [
      {
        ...createFigure('minecraft:steve', { id: 'steve', ...heroes, pos: { x: 2, y: 5, z: 0 } }),
        color: 0x3b82f6
      },
      {
        ...createFigure('minecraft:alex', { id: 'alex', ...heroes, pos: { x: 2, y: 7, z: 0 } }),
        color: 0x06b6d4
      },
      {
        ...createFigure('minecraft:zombie', {
          id: 'zombie-1',
          name: 'Zombi 1',
          ...monsters,
          pos: { x: 8, y: 4, z: 0 }
        }),
        color: 0x16a34a
      },
      {
        ...createFigure('minecraft:zombie', {
          id: 'zombie-2',
          name: 'Zombi 2',
          ...monsters,
          pos: { x: 11, y: 7, z: 0 }
        }),
        color: 0x22c55e
      },
      {
        ...createFigure('minecraft:zombie', {
          id: 'zombie-3',
          name: 'Zombi 3',
          ...monsters,
          pos: { x: 8, y: 9, z: 0 }
        }),
        color: 0x15803d
      },
      {
        ...createFigure('minecraft:skeleton', {
          id: 'skeleton',
          name: 'Esqueleto',
          ...monsters,
          pos: { x: 14, y: 5, z: 0 }
        }),
        color: 0xd4d4d8
      }
    ],
    rng: seedRng(20261130),
    phase: 'setup',
    round: 0,
    turn: null,
    initiative: {},
    pending: null,
    winner: null,
    log: []
  }
  return {
    schemaVersion: 1,
    id: 'minecraft-sample',
    name: 'Minecraft: la mina abandonada',
    system: 'minecraft',
    encounters: [initial, minecraftHeightsSampleEncounter()].map((encounter) => ({
      id: encounter.id,
      name: encounter.name,
      initial: encounter,
      commands: [],
      stateHash: stateHash(encounter)
    }))
  }
}

/** The sample campaigns bundled in resources/campaigns, one per implemented system. */
export function buildSampleCampaigns(): Campaign[] {
  return [minecraftSample()]
}
