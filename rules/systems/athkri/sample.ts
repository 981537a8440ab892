import { newEncounter } from '../../core/encounter'
import type { Combatant, EncounterState } from '../../core/types'
import { createFigure, type Placement } from './content'
import type { AthkriSettings } from './settings'
import { statsSchema } from './stats'

// "Emboscada en el vado": four heroes cross a ford guarded by a goblin archer, a dozing ogre, a skeleton
// archer in a trench and a goblin riding a warg. It shows the Athkri geometry: 2 × 2 footprints, a mounted
// rider, trees (light cover), a carriage (medium), a trench (large) and a
// longbow that spans every Cobertura band on a 44 m × 32 m field.

const MAP = [
  '......................',
  '............#.........',
  '............##........',
  '......T........T......',
  '......................',
  '..................=...',
  '..................=...',
  '........C.........=...',
  '........C.........=...',
  '..................=...',
  '..................=...',
  '......................',
  '.......T..............',
  '...........T..........',
  '.....##...............',
  '......................'
]

function cells(ch: string): Array<{ x: number; y: number }> {
  return MAP.flatMap((row, y) => [...row].flatMap((c, x) => (c === ch ? [{ x, y }] : [])))
}

/** The sample's cover squares: trees (T) light, the carriage (C) medium, the trench (=) large and passable. */
export function sampleObstacles(): AthkriSettings['coverObstacles'] {
  return [
    ...cells('T').map((p) => ({ ...p, cover: 'light' as const, passable: false })),
    ...cells('C').map((p) => ({ ...p, cover: 'medium' as const, passable: false })),
    ...cells('=').map((p) => ({ ...p, cover: 'large' as const, passable: true }))
  ]
}

function place(creature: string, at: Omit<Placement, 'pos'> & { x: number; y: number }): Combatant {
  const { x, y, ...rest } = at
  return createFigure(creature, { ...rest, pos: { x, y, z: 0 } })
}

function withStats(c: Combatant, patch: Record<string, unknown>): Combatant {
  return { ...c, stats: statsSchema.parse({ ...c.stats, ...patch }) }
}

/** The Athkri sample encounter, ready to start (phase 'setup'). */
export function athkriSampleEncounter(): EncounterState {
  const heroes = { side: 'heroes', controller: 'human' as const, facing: 2 }
  const monsters = { side: 'monsters', controller: 'ai' as const, facing: 6 }
  const combatants: Combatant[] = [
    place('athkri:guerrera', { id: 'ileana', ...heroes, x: 3, y: 6, color: 0x3b82f6 }),
    place('athkri:arquero', { id: 'tavo', ...heroes, x: 1, y: 8, color: 0x06b6d4 }),
    withStats(place('athkri:picara', { id: 'nerea', ...heroes, x: 3, y: 10, color: 0x8b5cf6 }), {
      conditions: ['hidden']
    }),
    place('athkri:maga', { id: 'sabela', ...heroes, x: 1, y: 4, color: 0xf59e0b }),
    withStats(
      place('athkri:ogro', { id: 'ogro', name: 'Ogro dormilón', ...monsters, x: 11, y: 8, color: 0x65a30d }),
      {
        conditions: ['unaware']
      }
    ),
    place('athkri:goblin-arquero', { id: 'goblin', ...monsters, x: 16, y: 3, color: 0x84cc16 }),
    place('athkri:esqueleto-arquero', { id: 'esqueleto', ...monsters, x: 18, y: 7, color: 0xd4d4d8 }),
    place('athkri:huargo', { id: 'huargo', ...monsters, x: 14, y: 10, color: 0x57534e }),
    withStats(place('athkri:jinete-goblin', { id: 'jinete', ...monsters, x: 14, y: 10, color: 0xa3e635 }), {
      mountId: 'huargo'
    })
  ]
  return newEncounter({
    id: 'athkri-vado',
    name: 'Emboscada en el vado',
    system: 'athkri',
    settings: { coverObstacles: sampleObstacles() },
    board: { width: MAP[0]?.length ?? 22, height: MAP.length, blocks: cells('#') },
    sides: [
      { id: 'heroes', name: 'Héroes' },
      { id: 'monsters', name: 'Monstruos' }
    ],
    combatants,
    seed: 2024
  })
}
