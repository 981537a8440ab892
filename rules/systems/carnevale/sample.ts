import { newEncounter } from '../../core/encounter'
import type { Board, Combatant, EncounterState, TerrainPiece } from '../../core/types'
import { createCharacter } from './content'

// A Venice-like 36" × 36" table in tenths of an inch (carnevale.md §3): a canal across the middle with a
// bridge over it, two buildings whose roofs stand 4" and 5" high (and a 3" tower), and three low walls.
// The Compagnia della Bauta (people, played at the table) holds the south bank; the Figli della Laguna
// (mostly Water Creatures, played by the AI) come from the north bank and the water.

const UNITS = 10

const piece = (
  id: string,
  kind: TerrainPiece['kind'],
  name: string,
  [x, y, w, h]: [number, number, number, number],
  top: number
): TerrainPiece => ({ id, kind, x, y, w, h, top, name })

/** The pieces of the sample table (board units: tenths of an inch). */
export const canalPieces: readonly TerrainPiece[] = [
  piece('rio', 'water', 'Rio de la Bauta', [0, 150, 360, 60], 0),
  // Runs north–south across the canal (its long side), ramps at both ends on the banks.
  piece('ponte', 'bridge', 'Ponte dei Sospiri Piccolo', [150, 120, 50, 120], 10),
  piece('palazzo', 'building', 'Palazzo Grigio', [30, 30, 90, 70], 40),
  piece('casa', 'building', 'Casa del Tintore', [240, 250, 80, 70], 50),
  piece('torretta', 'building', 'Torretta', [270, 30, 50, 50], 30),
  piece('murello-nord', 'wall', 'Murete', [220, 100, 60, 5], 8),
  piece('murello-sud', 'wall', 'Murete', [60, 250, 5, 50], 10),
  piece('cassoni', 'wall', 'Cajas', [110, 300, 30, 20], 10)
]

/** The 36" × 36" canal board. */
export function canalBoard(): Board {
  return { width: 36, height: 36, blocks: [], inches: { unitsPerInch: UNITS, pieces: [...canalPieces] } }
}

type Gang = 'bauta' | 'laguna'
const gangs = {
  bauta: { side: 'bauta', controller: 'human' as const },
  laguna: { side: 'laguna', controller: 'ai' as const }
}

function place(
  character: string,
  gang: Gang,
  id: string,
  [x, y]: [number, number],
  color: number,
  name?: string
): Combatant {
  const at = { id, ...gangs[gang], pos: { x, y, z: 0 }, color, ...(name ? { name } : {}) }
  return createCharacter(`carnevale:${character}`, at)
}

/** The Carnevale sample (phase 'setup'): five of the Bauta against five of the Laguna across the canal. */
export function carnevaleSampleEncounter(seed = 20270115): EncounterState {
  return newEncounter({
    id: 'canal-fight',
    name: 'Pelea en el canal',
    system: 'carnevale',
    board: canalBoard(),
    sides: [
      { id: 'bauta', name: 'Compagnia della Bauta' },
      { id: 'laguna', name: 'Figli della Laguna' }
    ],
    combatants: [
      place('capitana-della-bauta', 'bauta', 'capitana', [100, 290], 0x1d4ed8),
      place('spadaccina', 'bauta', 'spadaccina', [150, 260], 0x2563eb),
      // On the canal's edge, not at the back: from (200, 330) its arquebus won 90% AI vs AI (npm run sim).
      place('archibugiere', 'bauta', 'archibugiere', [230, 225], 0x3b82f6),
      place('gondoliere', 'bauta', 'gondoliere', [110, 230], 0x0ea5e9),
      place('borsaiolo', 'bauta', 'borsaiolo', [30, 320], 0x60a5fa),
      place('madre-salmastra', 'laguna', 'madre', [230, 80], 0x047857),
      place('pescatore-d-ombra', 'laguna', 'pescatore-1', [90, 130], 0x059669, 'Pescador de Sombra 1'),
      place('pescatore-d-ombra', 'laguna', 'pescatore-2', [300, 130], 0x10b981, 'Pescador de Sombra 2'),
      place('annegatore', 'laguna', 'annegatore', [250, 170], 0x34d399),
      place('contrabbandiere', 'laguna', 'contrabbandiere', [160, 40], 0x65a30d)
    ],
    seed
  })
}
