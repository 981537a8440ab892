import type { BaseView, BoardPoint, InchesText, InchesView } from '../../battlemap/inches/view'
import { distinctInitials } from '../../battlemap/initials'
import { baseRadius, inWater } from '../../../rules/core/inches'
import type { EncounterState, Vec3 } from '../../../rules/core/types'
import { SIDE_COLORS } from './battlemap-view'
import type { MovePreview } from './inches-move'

/** What the inches map shows besides the table: the active figure, its options, the drag and its verdict. */
export interface InchesViewInput {
  state: EncounterState
  /** The figure whose turn it is, or null between turns and after the end. */
  activeId: string | null
  /** Sampled ends of the moves the rules offer now, by band (empty on the AI's turn). */
  reach: ReadonlyArray<{ pos: Vec3; band: number }>
  /** Figures the active figure may attack now. */
  targets: readonly string[]
  /** The move being dragged, or null. */
  preview: MovePreview | null
  /** The preview's refusal, already translated (null when it is legal or there is none). */
  reason: string | null
  /** A released move the rules refused, at its goal, with the reason already translated. */
  refused: (BoardPoint & { reason: string }) | null
  grid: boolean
  text: InchesText
}

function tokens(state: EncounterState, activeId: string | null): BaseView[] {
  const sideIndex = new Map(state.sides.map((s, i) => [s.id, i]))
  const initials = distinctInitials(state.combatants.map((c) => c.name))
  return state.combatants.map((c, i) => ({
    id: c.id,
    name: c.name,
    initials: initials[i] ?? '?',
    side: c.side,
    x: c.pos.x,
    y: c.pos.y,
    z: c.pos.z,
    radius: baseRadius(state.board, c),
    color: c.color ?? SIDE_COLORS[(sideIndex.get(c.side) ?? 0) % SIDE_COLORS.length] ?? 0x8c8c8c,
    life: c.life,
    lifeMax: c.lifeMax,
    out: c.out,
    active: c.id === activeId,
    swimming: !c.out && inWater(state.board, c.pos)
  }))
}

/** The plan length of a polyline in inches. */
function planLength(path: readonly Vec3[], unitsPerInch: number): number {
  let total = 0
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as Vec3
    const b = path[i] as Vec3
    total += Math.hypot(b.x - a.x, b.y - a.y)
  }
  return total / unitsPerInch
}

/** The inches map's view of a snapshot plus the drag: pure, so the map never reads rules state. */
export function deriveInchesView(input: InchesViewInput): InchesView {
  const { state, preview } = input
  const inches = state.board.inches
  if (!inches) throw new RangeError('not an inches board')
  const u = inches.unitsPerInch
  const mover = preview ? state.combatants.find((c) => c.id === input.activeId) : undefined
  return {
    width: state.board.width,
    height: state.board.height,
    unitsPerInch: u,
    pieces: inches.pieces.map((p) => ({ ...p })),
    tokens: tokens(state, input.activeId),
    grid: input.grid,
    reach: input.reach.map(({ pos, band }) => ({ x: pos.x, y: pos.y, z: pos.z, band })),
    path:
      preview && mover
        ? {
            points: preview.path.map(({ x, y, z }) => ({ x, y, z })),
            length: preview.measure?.horizontal ?? planLength(preview.path, u),
            cost: preview.info?.cost ?? preview.measure?.inches ?? null,
            legal: preview.violation === null,
            reason: preview.violation ? input.reason : null,
            charge: preview.contacts.some((c) => c.enemy),
            provokes: preview.info ? new Set(preview.info.provokes).size : 0,
            radius: baseRadius(state.board, mover)
          }
        : null,
    contacts: preview ? preview.contacts.map(({ id, enemy }) => ({ id, enemy })) : [],
    targets: [...input.targets],
    refused: input.refused,
    text: input.text
  }
}
