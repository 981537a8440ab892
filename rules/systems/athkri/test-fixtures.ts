import { openEconomy } from '../../core/economy'
import type { GameEvent } from '../../core/events'
import { defaultSides, figure, testEncounter } from '../../core/test-fixtures'
import type { Combatant, EncounterState, Side } from '../../core/types'
import { createFigure } from './content'
import { economy } from './economy.machine'
import type { AthkriSettings } from './settings'
import { SIZE_TABLE, statsSchema, type AthkriStats, type AthkriWeapon } from './stats'

// Builders for tests (and anyone who needs a small Athkri encounter): figures on a board, one active.

/** The combatant with this id (shared), kept importable from here. */
export { figure }

/** A plain melee weapon (1d6, Físico + Combate cuerpo a cuerpo). */
export const sword: AthkriWeapon = {
  id: 'athkri:test-sword',
  kind: 'melee',
  light: false,
  damage: '1d6',
  attackAttribute: 'fisico',
  attackSkill: 'combateCuerpoACuerpo'
}

/** The longbow of athkri-combate.txt L28: Alcance 25/50/100, Agilidad + Combate a distancia. */
export const longbow: AthkriWeapon = {
  id: 'athkri:arco-largo',
  kind: 'ranged',
  light: false,
  damage: '1d8',
  attackAttribute: 'agilidad',
  attackSkill: 'combateADistancia',
  range: { short: 25, medium: 50, long: 100 }
}

/** A neutral PC profile: attributes 3, no skills, Defensa 12, a 1d6 sword, Normal size, 10 m Movimiento. */
export const baseStats: AthkriStats = {
  isNpc: false,
  sizeClass: 'normal',
  attributes: { fisico: 3, agilidad: 3, mente: 3 },
  skills: {},
  iniciativa: 0,
  defensa: 12,
  atencion: 0,
  movimiento: 10,
  weaknesses: [],
  resistances: [],
  traits: [],
  conditions: [],
  weapons: [sword]
}

/** One figure: a square `at`; stats from a creature document and/or overrides. */
export interface FigureSpec {
  id: string
  /** Side id (default 'a'). */
  side?: string
  at: readonly [number, number]
  facing?: number
  /** A content id such as 'athkri:ogro': its stats and life are the starting point. */
  creature?: string
  stats?: Partial<AthkriStats>
  life?: number
  lifeMax?: number
  out?: boolean
}

/** A board with figures; `activeId` (default: the first figure, null = nobody) starts its activation. */
export interface EncounterSpec {
  figures: readonly FigureSpec[]
  width?: number
  height?: number
  blocks?: ReadonlyArray<readonly [number, number]>
  settings?: Partial<AthkriSettings>
  activeId?: string | null
  /** Initiative totals by id. */
  initiative?: Record<string, number>
  /** Events already in the log (e.g. a fall, a move in the target's last turn). */
  log?: GameEvent[]
  sides?: Side[]
}

/** An Athkri combatant from a spec. */
export function athkriFigure(spec: FigureSpec): Combatant {
  const [x, y] = spec.at
  const pos = { x, y, z: 0 }
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
        life: 20,
        lifeMax: 20,
        out: false,
        stats: baseStats
      }
  const stats = statsSchema.parse({ ...base.stats, ...spec.stats })
  const lifeMax = spec.lifeMax ?? Math.max(base.lifeMax, spec.life ?? 0)
  return {
    ...base,
    facing: spec.facing ?? 0,
    lifeMax,
    life: spec.life ?? spec.lifeMax ?? base.life,
    out: spec.out ?? false,
    stats,
    size: SIZE_TABLE[stats.sizeClass].space
  }
}

/** A running Athkri encounter in round 1 with the given figures on a width × height board. */
export function makeEncounter(spec: EncounterSpec): EncounterState {
  const combatants = spec.figures.map(athkriFigure)
  const state: EncounterState = {
    ...testEncounter(
      'athkri',
      { ...spec.settings },
      {
        width: spec.width ?? 30,
        height: spec.height ?? 30,
        blocks: (spec.blocks ?? []).map(([bx, by]) => ({ x: bx, y: by }))
      },
      spec.sides ?? defaultSides(combatants),
      combatants
    ),
    initiative: { ...spec.initiative },
    log: [...(spec.log ?? [])]
  }
  const activeId = spec.activeId === undefined ? combatants[0]?.id : spec.activeId
  return activeId ? withActive(state, activeId) : state
}

/** The state with `actorId` opening its activation (a fresh budget from the economy machine). */
export function withActive(state: EncounterState, actorId: string): EncounterState {
  const actor = figure(state, actorId)
  return {
    ...state,
    turn: {
      sideId: actor.side,
      activeId: actor.id,
      activated: [actor.id],
      economy: openEconomy(economy, state, actor),
      actions: 0
    }
  }
}

/** Log events of a figure's past activation in which it walked (athkri.md §9 A11 "moving"). */
export function movedLastTurn(id: string, to: { x: number; y: number }): GameEvent[] {
  return [
    { type: 'turn.started', sideId: 'x', actorId: id, economy: { value: 'acting', context: {} } },
    { type: 'moved', id, path: [{ ...to, z: 0 }], facing: 0 },
    { type: 'turn.ended', actorId: id }
  ]
}
