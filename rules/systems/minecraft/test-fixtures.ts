import { defaultSides, figure, testEncounter } from '../../core/test-fixtures'
import type { Combatant, EncounterState, Side } from '../../core/types'
import { createFigure } from './content'
import { apPerTurn } from './economy.machine'
import type { McSettings } from './settings'
import type { McStats } from './stats'

// Builders for tests (and for anyone who needs a small Minecraft encounter): figures on a board, one active.

/** The combatant with this id (shared), kept importable from here. */
export { figure }

/** A neutral profile: every skill 0, unarmed, no armor. */
export const baseStats: McStats = { hc: 0, hcRanged: 0, weaponSkill: {}, f: 0, r: 0 }

/** One figure: a square `at` ([x, y] or [x, y, z]); stats from a creature document and/or overrides. */
export interface FigureSpec {
  id: string
  /** Side id (default 'a'). */
  side?: string
  at: readonly [number, number] | readonly [number, number, number]
  facing?: number
  /** A content id such as 'minecraft:zombie': its stats and life are the starting point. */
  creature?: string
  stats?: Partial<McStats>
  life?: number
  lifeMax?: number
  out?: boolean
}

/** A board with figures; `activeId` (default: the first figure, null = nobody) starts its activation. */
export interface EncounterSpec {
  figures: readonly FigureSpec[]
  width?: number
  height?: number
  /** Block squares as [x, y]. */
  blocks?: ReadonlyArray<readonly [number, number]>
  /**
   * Ground heights as rows of digits (row y, column x), setting the board size unless width/height are
   * given; figures placed with [x, y] stand on their square's ground.
   */
  elevation?: readonly string[]
  settings?: Partial<McSettings>
  activeId?: string | null
  /** AP left for the active figure (default: its AP per turn). */
  ap?: number
  /** Sides in turn order (default: in order of first appearance, padded to two). */
  sides?: Side[]
}

/** A Minecraft combatant from a spec. */
export function mcFigure(spec: FigureSpec): Combatant {
  const [x, y, z = 0] = spec.at
  const pos = { x, y, z }
  const side = spec.side ?? 'a'
  const base = spec.creature
    ? createFigure(spec.creature, { id: spec.id, side, pos })
    : {
        id: spec.id,
        name: spec.id,
        side,
        controller: 'ai' as const,
        pos,
        facing: 0,
        life: 3,
        lifeMax: 3,
        out: false,
        stats: baseStats
      }
  const lifeMax = spec.lifeMax ?? Math.max(base.lifeMax, spec.life ?? 0)
  return {
    ...base,
    facing: spec.facing ?? 0,
    lifeMax,
    life: spec.life ?? spec.lifeMax ?? base.life,
    out: spec.out ?? false,
    stats: { ...base.stats, ...spec.stats }
  }
}

/** A running Minecraft encounter in round 1 with the given figures on a width × height board. */
export function makeEncounter(spec: EncounterSpec): EncounterState {
  const width = spec.width ?? spec.elevation?.[0]?.length ?? 12
  const height = spec.height ?? spec.elevation?.length ?? 12
  const elevation = spec.elevation ? elevationArray(spec.elevation, width, height) : undefined
  const ground = ([x, y]: readonly [number, number]) => elevation?.[y * width + x] ?? 0
  const combatants = spec.figures.map((f) =>
    mcFigure(f.at.length === 2 && elevation ? { ...f, at: [f.at[0], f.at[1], ground(f.at)] } : f)
  )
  const sides = spec.sides ?? defaultSides(combatants)
  const state = testEncounter(
    'minecraft',
    { ...spec.settings },
    {
      width,
      height,
      blocks: (spec.blocks ?? []).map(([bx, by]) => ({ x: bx, y: by })),
      ...(elevation ? { elevation } : {})
    },
    sides,
    combatants
  )
  const activeId = spec.activeId === undefined ? combatants[0]?.id : spec.activeId
  return activeId ? withActive(state, activeId, spec.ap) : state
}

/** The state with `actorId` starting (or continuing) its activation with `ap` AP (default: a full turn). */
export function withActive(state: EncounterState, actorId: string, ap?: number): EncounterState {
  const actor = figure(state, actorId)
  const left = ap ?? apPerTurn(state, actor)
  return {
    ...state,
    turn: {
      sideId: actor.side,
      activeId: actor.id,
      activated: [actor.id],
      economy: { value: left > 0 ? 'acting' : 'spent', context: { ap: left } },
      actions: 0
    }
  }
}

// Digit rows to a row-major height array (missing cells are 0).
function elevationArray(rows: readonly string[], width: number, height: number): number[] {
  const out: number[] = []
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) out.push(Number(rows[y]?.[x] ?? '0'))
  }
  return out
}
