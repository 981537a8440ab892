import { newEncounter } from '../../core/encounter'
import type { Board, Combatant, EncounterState } from '../../core/types'
import { createFigure } from './content'

// A 16×12 skirmish over heights (minecraft.md §2 voxel grid): a 4-block hill whose west face is a cliff
// (a push off it is a fall, G-4) and whose south side is a staircase of 1-block steps, a small mound, a
// 2-block rock that blocks sight, and a ruined wall. Digits are ground heights; '#' is a wall block.
const MAP = [
  '0000000000000000',
  '0000000000222200',
  '000##00000444410',
  '0000#00000444410',
  '0000002000444410',
  '0000000000444410',
  '0000000000003000',
  '0001100000002000',
  '0001100#00001000',
  '0000000#00000000',
  '0000000000000000',
  '0000000000000000'
]

/** The heights board: wall blocks and row-major ground heights from the map above. */
export function heightsBoard(map: readonly string[] = MAP): Board {
  const width = map[0]?.length ?? 0
  const blocks: Board['blocks'] = []
  const elevation: number[] = []
  map.forEach((row, y) =>
    [...row].forEach((ch, x) => {
      if (ch === '#') blocks.push({ x, y })
      elevation.push(ch === '#' ? 0 : Number(ch))
    })
  )
  return { width, height: map.length, blocks, elevation }
}

function place(
  board: Board,
  creature: string,
  id: string,
  name: string,
  side: 'heroes' | 'monsters',
  at: readonly [number, number],
  color: number
): Combatant {
  const [x, y] = at
  // Figures stand on the ground of their square.
  const z = board.elevation?.[y * board.width + x] ?? 0
  const controller = side === 'heroes' ? 'human' : 'ai'
  const facing = side === 'heroes' ? 2 : 6
  return { ...createFigure(creature, { id, name, side, controller, facing, pos: { x, y, z } }), color }
}

/** The heights sample (phase 'setup'): Steve and Alex against zombies and skeletons holding a hill. */
export function minecraftHeightsSampleEncounter(seed = 20261227): EncounterState {
  const board = heightsBoard()
  return newEncounter({
    id: 'minecraft-heights',
    name: 'La colina de los esqueletos',
    system: 'minecraft',
    board,
    sides: [
      { id: 'heroes', name: 'Héroes' },
      { id: 'monsters', name: 'Monstruos' }
    ],
    combatants: [
      place(board, 'minecraft:steve', 'steve', 'Steve', 'heroes', [2, 5], 0x3b82f6),
      place(board, 'minecraft:alex', 'alex', 'Alex', 'heroes', [3, 7], 0x06b6d4),
      place(board, 'minecraft:zombie', 'zombie-1', 'Zombi 1', 'monsters', [8, 4], 0x16a34a),
      place(board, 'minecraft:zombie', 'zombie-2', 'Zombi 2', 'monsters', [9, 9], 0x22c55e),
      place(board, 'minecraft:skeleton', 'skeleton-1', 'Esqueleto 1', 'monsters', [11, 3], 0xd4d4d8),
      place(board, 'minecraft:skeleton', 'skeleton-2', 'Esqueleto 2', 'monsters', [12, 7], 0xa1a1aa)
    ],
    seed
  })
}
