import { makeStyles, shade, type Styles } from '../style'

/** Colours of the inches table; tokens, paths and refusals share the grid map's palette. */
export const tablePalette = {
  table: 0x3a3833,
  tableEdge: 0x8a94a3,
  grid: 0xd8d2c4,
  water: 0x1d4b6b,
  waterDeep: 0x163a55,
  waterWave: 0x7fb6d9,
  bank: 0x5d564a,
  deck: 0x8b6a47,
  deckPlank: 0x5e4630,
  deckRail: 0x3b2b1c,
  ramp: 0xa88660,
  building: 0x8a5d4b,
  roofEdge: 0xe8dcc4,
  wall: 0x9a8f7f,
  wallTop: 0xc9bda8,
  shadow: 0x000000,
  heightText: 0xf4efe4,
  charge: 0xff8a1f,
  friend: 0x38c6d9,
  ripple: 0x9fd3f5,
  scalePlate: 0x0b0d10
} as const

/**
 * A building's roof colour by height: terracotta, lighter the taller the roof, as if lit from above, so the
 * table reads at a glance (each inch lightens it, up to a limit).
 */
export function roofColor(topInches: number): number {
  return shade(tablePalette.building, Math.min(1.6, 0.6 + 0.15 * topInches))
}

/** Text styles for a table drawn at `pxPerInch`: the grid map's styles at the nearest equivalent square. */
export function inchesStyles(pxPerInch: number): Styles {
  // A 30 mm base is about 1.2″ across: size the text as for a square that size, within the usual limits.
  return makeStyles(Math.round(Math.min(72, Math.max(28, pxPerInch * 1.6))))
}
