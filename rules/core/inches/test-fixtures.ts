import { bareFigure, defaultSides, testEncounter } from '../test-fixtures'
import type { Combatant, EncounterState, TerrainPiece } from '../types'

// Small literal inches boards for the geometry tests: positions and pieces in board units (tenths of an
// inch unless a test says otherwise), figures with no system stats.

/** A terrain piece (board units). */
export function piece(
  id: string,
  kind: TerrainPiece['kind'],
  x: number,
  y: number,
  w: number,
  h: number,
  top: number
): TerrainPiece {
  return { id, kind, x, y, w, h, top }
}

/** A figure at (x, y, z) board units with a base of `baseMm` (absent = the 30 mm default). */
export function base(id: string, side: string, x: number, y: number, z = 0, baseMm?: number): Combatant {
  const c: Combatant = { ...bareFigure(id, side), pos: { x, y, z } }
  if (baseMm !== undefined) c.baseMm = baseMm
  return c
}

/** What an inches test board holds. */
export interface InchesSetup {
  /** Table size in inches. Default 24 × 24. */
  width?: number
  height?: number
  /** Default 10 (tenths of an inch). */
  unitsPerInch?: number
  pieces?: TerrainPiece[]
  figures?: Combatant[]
}

/** A running Carnevale encounter on an inches board with these pieces and figures. */
export function inchesState(setup: InchesSetup = {}): EncounterState {
  const figures = setup.figures ?? []
  return testEncounter(
    'carnevale',
    {},
    {
      width: setup.width ?? 24,
      height: setup.height ?? 24,
      blocks: [],
      inches: { unitsPerInch: setup.unitsPerInch ?? 10, pieces: setup.pieces ?? [] }
    },
    defaultSides(figures),
    figures
  )
}
