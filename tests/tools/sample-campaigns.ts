import { newEncounter } from '../../rules/core/encounter'
import { stateHash } from '../../rules/core/hash'
import type { Campaign } from '../../rules/core/schemas'
import type { EncounterState } from '../../rules/core/types'
import { athkriSampleEncounter } from '../../rules/systems/athkri'
import { carnevaleSampleEncounter } from '../../rules/systems/carnevale/sample'
import { hq2SampleEncounter } from '../../rules/systems/hq2'
import { createFigure } from '../../rules/systems/minecraft/content'
import { pathfinder1eSampleEncounter } from '../../rules/systems/pathfinder1e/sample'
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

type Team = 'heroes' | 'monsters'
const teams = {
  heroes: { side: 'heroes', controller: 'human' as const, facing: 2 },
  monsters: { side: 'monsters', controller: 'ai' as const, facing: 6 }
}

/** A Minecraft figure from its creature document, placed for a team, with its token colour. */
function place(
  creature: string,
  team: Team,
  id: string,
  name: string,
  [x, y]: [number, number],
  color: number
) {
  return {
    ...createFigure(`minecraft:${creature}`, { id, name, ...teams[team], pos: { x, y, z: 0 } }),
    color
  }
}

/** A campaign of ready encounters built by a system's own sample builders. */
function campaignOf(id: string, name: string, encounters: EncounterState[]): Campaign {
  const system = encounters[0]!.system
  return {
    schemaVersion: 1,
    id,
    name,
    system,
    encounters: encounters.map((e) => ({
      id: e.id,
      name: e.name,
      initial: e,
      commands: [],
      stateHash: stateHash(e)
    }))
  }
}

function minecraftSample(): Campaign {
  const initial = newEncounter({
    id: 'abandoned-mine',
    name: 'La mina abandonada',
    system: 'minecraft',
    board: { width: 16, height: 12, blocks: blocks(MAP) },
    sides: [
      { id: 'heroes', name: 'Héroes' },
      { id: 'monsters', name: 'Monstruos' }
    ],
    combatants: [
      place('steve', 'heroes', 'steve', 'Steve', [2, 5], 0x3b82f6),
      place('alex', 'heroes', 'alex', 'Alex', [2, 7], 0x06b6d4),
      place('zombie', 'monsters', 'zombie-1', 'Zombi 1', [8, 4], 0x16a34a),
      place('zombie', 'monsters', 'zombie-2', 'Zombi 2', [11, 7], 0x22c55e),
      place('zombie', 'monsters', 'zombie-3', 'Zombi 3', [8, 9], 0x15803d),
      place('skeleton', 'monsters', 'skeleton', 'Esqueleto', [14, 5], 0xd4d4d8)
    ],
    seed: 20261130
  })
  return campaignOf('minecraft-sample', 'Minecraft: la mina abandonada', [
    initial,
    minecraftHeightsSampleEncounter()
  ])
}

/** The sample campaigns bundled in resources/campaigns, one per implemented system. */
export function buildSampleCampaigns(): Campaign[] {
  return [
    minecraftSample(),
    campaignOf('hq2-sample', 'HeroQuest 2: la guarida del Fimir', [hq2SampleEncounter()]),
    campaignOf('athkri-sample', 'Athkri: emboscada en el vado', [athkriSampleEncounter()]),
    campaignOf('pathfinder1e-sample', 'Pathfinder: emboscada goblin', [pathfinder1eSampleEncounter()]),
    campaignOf('carnevale-sample', 'Canal fight', [carnevaleSampleEncounter()])
  ]
}
