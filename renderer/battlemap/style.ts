import { TextStyle, type TextStyleOptions } from 'pixi.js'

/** Colours shared by the layers; tokens bring their own side colour. */
export const palette = {
  background: 0x14171c,
  floor: [0x2a2f37, 0x2d323a, 0x30353e] as const,
  gridLine: 0x59626f,
  boardEdge: 0x8a94a3,
  coord: 0x8c96a4,
  blockFace: 0x747984,
  // raised ground (grass-lit) and ground below level 0 (pits)
  raised: 0x9ccf6a,
  // rules terrain marks: foliage (light cover), crates (medium), trenches (large), anything else hatched
  foliage: 0x2f6b34,
  foliageLight: 0x4f9a4f,
  crate: 0x7a5232,
  crateDark: 0x4a2f1b,
  trench: 0x2a2118,
  hatch: 0xb8b08a,
  sunken: 0x1b2636,
  blockLight: 0xa3a8b2,
  blockSide: 0x8f949e,
  blockDark: 0x464a52,
  blockMortar: 0x62666f,
  blockShadow: 0x000000,
  reachable: 0x38c6d9,
  reachableText: 0xa9eef7,
  // farther movement bands (a double move, a run): distinct hues, drawn fainter than one move
  reachableDouble: 0x9b82f0,
  reachableRun: 0x9aa3b0,
  // a move that provokes (attacks of opportunity): a warning triangle in the square's corner
  provokes: 0xff8a1f,
  provokesMark: 0x2a1400,
  path: 0xffd54f,
  refused: 0xff4d4d,
  refusedPill: 0xb3261e,
  target: 0xff5a4a,
  active: 0xffe066,
  text: 0xf4f6f8,
  textShadow: 0x0b0d10,
  barBack: 0x0b0d10,
  lifeHigh: 0x5cc46a,
  lifeMid: 0xf2b234,
  lifeLow: 0xe5484d,
  // board features (issue 6): painted ground, edge walls and doors, lights, the editor's preview
  water: 0x2f6fb3,
  waterLine: 0x8fc3f0,
  impassable: 0x07080a,
  wall: 0xd8cfbd,
  wallEdge: 0x1a1612,
  door: 0x9a6433,
  doorDark: 0x3e240f,
  light: 0xffe4a0,
  darkness: 0x000000,
  previewAdd: 0x4ade80,
  previewRemove: 0xff4d4d,
  fog: 0x000000,
  minimapFrame: 0xffffff
} as const

const fontFamily = ['Inter', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'DejaVu Sans', 'Arial', 'sans-serif']

/** Text styles sized for one square size, shared by every label of a kind. */
export interface Styles {
  name: TextStyle
  life: TextStyle
  initials: TextStyle
  initialsDark: TextStyle
  badge: TextStyle
  cost: TextStyle
  pill: TextStyle
  pillDark: TextStyle
  coord: TextStyle
}

/** Pixel geometry of the board in world space (world origin = board top-left). */
export interface Layout {
  cell: number
  /** device pixels per CSS pixel that baked textures were drawn at */
  resolution: number
  /** the canvas area in world coordinates, for keeping labels on screen */
  visible: { x: number; y: number; width: number; height: number }
  styles: Styles
  key: string
}

/** Space around the board for coordinates and labels that spill over the edge. */
export const GUTTER = 26
/** Smallest square the map will draw, even if the board then overflows the host. */
export const MIN_CELL = 16

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v))

function style(options: TextStyleOptions): TextStyle {
  return new TextStyle({ fontFamily, fill: palette.text, ...options })
}

/** Builds the text styles for a square size; fonts never go below ~9px so labels stay legible. */
export function makeStyles(cell: number): Styles {
  const outline = (width: number) => ({ color: palette.textShadow, width, join: 'round' as const })
  const pillSize = clamp(Math.round(cell * 0.2), 11, 15)
  return {
    name: style({ fontSize: clamp(Math.round(cell * 0.18), 10, 14), fontWeight: '600', stroke: outline(3) }),
    life: style({ fontSize: clamp(Math.round(cell * 0.15), 9, 12), fontWeight: '700', stroke: outline(2.5) }),
    initials: style({
      fontSize: clamp(Math.round(cell * 0.2), 9, 16),
      fontWeight: '800',
      stroke: outline(2)
    }),
    initialsDark: style({
      fontSize: clamp(Math.round(cell * 0.2), 9, 16),
      fontWeight: '800',
      fill: 0x15181d
    }),
    badge: style({
      fontSize: clamp(Math.round(cell * 0.14), 9, 11),
      fontWeight: '700',
      stroke: outline(2.5)
    }),
    cost: style({
      fontSize: clamp(Math.round(cell * 0.15), 9, 12),
      fontWeight: '600',
      fill: palette.reachableText
    }),
    pill: style({ fontSize: pillSize, fontWeight: '700' }),
    pillDark: style({ fontSize: pillSize, fontWeight: '800', fill: 0x1a1400 }),
    coord: style({ fontSize: clamp(Math.round(cell * 0.17), 9, 12), fontWeight: '600', fill: palette.coord })
  }
}

/** How each movement band tints its squares: band 0 (one move), 1 (double move), 2 and beyond (run). */
export const BAND_TINTS = [
  { color: palette.reachable, fill: 0.13, line: 2, lineAlpha: 0.7 },
  { color: palette.reachableDouble, fill: 0.07, line: 1.5, lineAlpha: 0.5 },
  { color: palette.reachableRun, fill: 0.045, line: 1, lineAlpha: 0.4 }
] as const

/** The tint of a movement band (bands past the last tint share it). */
export function bandTint(band: number | undefined): (typeof BAND_TINTS)[number] {
  return BAND_TINTS[Math.min(BAND_TINTS.length - 1, Math.max(0, band ?? 0))]!
}

/** Life bar colour: green, then amber below half, red below a quarter. */
export function lifeColor(life: number, lifeMax: number): number {
  const ratio = lifeMax > 0 ? life / lifeMax : 0
  return ratio > 0.5 ? palette.lifeHigh : ratio > 0.25 ? palette.lifeMid : palette.lifeLow
}

/** Multiplies each channel, for outlines drawn in a darker shade of the token colour. */
export function shade(color: number, factor: number): number {
  const ch = (shift: number) => Math.min(255, Math.round(((color >> shift) & 0xff) * factor)) << shift
  return ch(16) | ch(8) | ch(0)
}

/** Relative luminance (0..1), to pick dark or light text on a token. */
export function luminance(color: number): number {
  return (0.2126 * ((color >> 16) & 0xff) + 0.7152 * ((color >> 8) & 0xff) + 0.0722 * (color & 0xff)) / 255
}

/** Spreadsheet-style column name: A..Z, AA.. */
export function columnName(x: number): string {
  let n = x + 1
  let s = ''
  while (n > 0) {
    const r = (n - 1) % 26
    s = String.fromCharCode(65 + r) + s
    n = Math.floor((n - 1) / 26)
  }
  return s
}
