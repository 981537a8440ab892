import { newEncounter } from '../../core/encounter'
import type { Board, Combatant, EncounterState } from '../../core/types'
import { createBeing } from './content'

// A HeroQuest-style dungeon on a 24×15 square grid (hq2.md §2): four rooms joined by corridors, walls as
// blocks. The four heroes (one per player seat, from the BM's right) enter from the west room; an orc
// patrol, a fimir, skeletons and an orc archer hold the rest.
const MAP = [
  '########################',
  '#......#.......#.......#',
  '#......#.......#.......#',
  '#..............#.......#',
  '#......#.......#.......#',
  '#......#...............#',
  '###.#######.#######.####',
  '#......................#',
  '####.######.######.#####',
  '#.........#.....#......#',
  '#.........#.....#......#',
  '#...............#......#',
  '#.........#............#',
  '#.........#.....#......#',
  '########################'
]

/** The dungeon board: '#' squares are walls. */
export function dungeonBoard(map: readonly string[] = MAP): Board {
  const blocks: Board['blocks'] = []
  map.forEach((row, y) => [...row].forEach((ch, x) => ch === '#' && blocks.push({ x, y })))
  return { width: map[0]?.length ?? 0, height: map.length, blocks }
}

const heroes: ReadonlyArray<[string, string, number, [number, number], number]> = [
  ['hq2:barbarian', 'barbarian', 1, [3, 2], 0xdc2626],
  ['hq2:dwarf', 'dwarf', 2, [2, 4], 0xf59e0b],
  ['hq2:elf', 'elf', 3, [4, 4], 0x22c55e],
  ['hq2:wizard', 'wizard', 4, [2, 2], 0x3b82f6]
]

const monsters: ReadonlyArray<[string, string, string, [number, number], number]> = [
  ['hq2:orc', 'orc-1', 'Orco 1', [11, 2], 0x4d7c0f],
  ['hq2:orc', 'orc-2', 'Orco 2', [12, 4], 0x65a30d],
  ['hq2:goblin', 'goblin', 'Trasgo', [10, 7], 0x84cc16],
  ['hq2:orc-archer', 'orc-archer', 'Orco arquero', [20, 3], 0x3f6212],
  ['hq2:fimir', 'fimir', 'Fimir', [13, 11], 0x7c3aed],
  ['hq2:skeleton', 'skeleton-1', 'Esqueleto 1', [5, 11], 0xe5e7eb],
  ['hq2:skeleton', 'skeleton-2', 'Esqueleto 2', [19, 11], 0xd1d5db]
]

/** The bundled HQ2 sample: 4 heroes (human players, seats 1–4) against 7 BM beings, not started yet. */
export function hq2SampleEncounter(): EncounterState {
  const combatants: Combatant[] = [
    ...heroes.map(([creature, id, seat, [x, y], color]) =>
      createBeing(creature, {
        id,
        side: 'heroes',
        seat,
        controller: 'human',
        facing: 2,
        pos: { x, y, z: 0 },
        color
      })
    ),
    ...monsters.map(([creature, id, name, [x, y], color]) =>
      createBeing(creature, {
        id,
        name,
        side: 'monsters',
        seat: 0,
        controller: 'ai',
        facing: 6,
        pos: { x, y, z: 0 },
        color
      })
    )
  ]
  return newEncounter({
    id: 'hq2-dungeon',
    name: 'La guarida del Fimir',
    system: 'hq2',
    board: dungeonBoard(),
    sides: [
      { id: 'heroes', name: 'Héroes' },
      { id: 'monsters', name: 'Monstruos del BM' }
    ],
    combatants,
    seed: 1
  })
}
