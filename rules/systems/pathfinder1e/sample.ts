import { newEncounter } from '../../core/encounter'
import type { Combatant, EncounterState } from '../../core/types'
import { createFigure, type Placement } from './content'
import type { PfSettings } from './settings'
import { statsSchema } from './stats'

// "Emboscada goblin" (Goblin ambush): four level-1 heroes walk a forest road, unaware, while a goblin
// band waits in the trees — a surprise round (pathfinder1e.md §3.1). It shows trees as walls, undergrowth
// (difficult terrain, §2), two low stone walls (cover within 30 ft, §4.6), a fog patch (concealment, §4.5),
// a log across the road (a hampering obstacle, §2) and a goblin riding a goblin dog (§4.12). The band is
// about 1,140 XP (four goblins 135 each, the dog 400, the hobgoblin 200): CR 3, a hard fight for APL 1.

const MAP = [
  '#.,#,,.#..,,#.,,.#,,..#.',
  '.,,,.#.,,.,,,.#,,.,#,,.#',
  '#.,..,,#.,#...,,.o.,,,..',
  ',.#,,..,,..,#.,,,..#,.,#',
  '.,,.o.,..,,.,...,,..,,..',
  '..,.....,....,...,,..,..',
  '......====....====......',
  '........................',
  '...............L........',
  '...............L........',
  '........................',
  '....===.........,,......',
  '..,,.,..,.~~~.,.,,,..,..',
  '.#,,.,,.#.~~~~,,o.,,#.,.',
  ',,.o.,,,,..~~.,#.,,.,,#,',
  '#.,,#.,.,,#.,,.,.#,..,..',
  '.,#.,,.#.,,.,#.,,.,#,,.#',
  '#.,,.#,,..#.,,#..,,.,#..'
]

/** The sample map's rows: `#` tree and `o` rock (blocks), `,` undergrowth, `=` low wall, `~` fog, `L` log. */
export const GOBLIN_AMBUSH_MAP: readonly string[] = MAP

function cells(chars: string): Array<{ x: number; y: number }> {
  return MAP.flatMap((row, y) => [...row].flatMap((c, x) => (chars.includes(c) ? [{ x, y }] : [])))
}

const TERRAIN = { ',': 'difficult', '=': 'lowWall', '~': 'fog', L: 'hampering' } as const

/** The terrain the rules read (§2, §4.5, §4.6), from the map. */
export function goblinAmbushTerrain(): PfSettings['terrain'] {
  return Object.entries(TERRAIN).flatMap(([ch, kind]) => cells(ch).map((p) => ({ ...p, kind })))
}

function place(creature: string, at: Omit<Placement, 'pos'> & { x: number; y: number }): Combatant {
  const { x, y, ...rest } = at
  return createFigure(creature, { ...rest, pos: { x, y, z: 0 } })
}

function withStats(c: Combatant, patch: Record<string, unknown>): Combatant {
  return { ...c, stats: statsSchema.parse({ ...c.stats, ...patch }) }
}

// Who stands where: creature, figure id, name (blank = the creature's Spanish name), square, token colour.
const HEROES: Array<[string, string, string, number, number, number]> = [
  ['human-fighter', 'valeria', 'Valeria', 9, 8, 0x3b82f6],
  ['halfling-rogue', 'tobi', 'Tobi', 8, 9, 0x8b5cf6],
  ['human-cleric', 'anselma', 'Anselma', 7, 8, 0xf59e0b],
  ['human-wizard', 'irene', 'Irene', 6, 9, 0x06b6d4]
]
const GOBLINS: Array<[string, string, string, number, number, number]> = [
  ['goblin', 'goblin-1', 'Goblin 1', 8, 5, 0x84cc16],
  ['goblin', 'goblin-2', 'Goblin 2', 12, 12, 0x65a30d],
  ['goblin-archer', 'goblin-archer', '', 16, 5, 0xa3e635],
  ['goblin-dog', 'goblin-dog', '', 19, 12, 0x78716c],
  ['goblin', 'goblin-rider', 'Jinete goblin', 19, 12, 0x4d7c0f],
  ['hobgoblin', 'hobgoblin', 'Jefe hobgoblin', 20, 5, 0x991b1b]
]

/** The "Goblin ambush" sample encounter, ready to start (phase 'setup'); `seed` seeds its dice. */
export function pathfinder1eSampleEncounter(seed = 1009): EncounterState {
  // The heroes walk east along the road, not expecting anything (§3.1: unaware, so surprised: the
  // encounter lists them, and the start marks them unaware); the goblins watch from the trees beside it.
  const heroes = { side: 'heroes', controller: 'human' as const, facing: 2 }
  const goblins = { side: 'goblins', controller: 'ai' as const, facing: 6 }
  const figures = [
    ...HEROES.map((row) => [row, heroes] as const),
    ...GOBLINS.map((row) => [row, goblins] as const)
  ].map(([[creature, id, name, x, y, color], who]) =>
    place(`pathfinder1e:${creature}`, { id, ...(name ? { name } : {}), ...who, x, y, color })
  )
  // §4.12: the rider shares its goblin dog's square; each names the other.
  const combatants = figures.map((c) =>
    c.id === 'goblin-dog'
      ? withStats(c, { riderId: 'goblin-rider' })
      : c.id === 'goblin-rider'
        ? withStats(c, { mountId: 'goblin-dog', conditions: ['mounted'] })
        : c
  )
  const encounter = newEncounter({
    id: 'pathfinder1e-goblin-ambush',
    name: 'Emboscada goblin',
    system: 'pathfinder1e',
    settings: { terrain: goblinAmbushTerrain() },
    board: { width: MAP[0]?.length ?? 24, height: MAP.length, blocks: cells('#o') },
    sides: [
      { id: 'heroes', name: 'Héroes' },
      { id: 'goblins', name: 'Goblins' }
    ],
    combatants,
    seed
  })
  return { ...encounter, surprised: HEROES.map(([, id]) => id) }
}
