import type { InchesPointer } from '../../battlemap/inches/inches-map'
import type { BoardPoint, InchesText, InchesView } from '../../battlemap/inches/view'
import { baseRadius, edgeDistance } from '../../../rules/core/inches'
import type { Ruleset } from '../../../rules/core/ruleset'
import type { Action, Combatant, EncounterState, TerrainPiece, Violation } from '../../../rules/core/types'
import type { MoveOption } from './battlemap-view'
import { previewMove, type MovePreview } from './inches-move'
import { aimAt, aimedAction, aimView, startAim, type PushAim } from './inches-push'
import { deriveInchesView } from './inches-view'

/** What the inches board needs of the encounter session (an `EncounterSession` is one). */
export interface InchesHost {
  readonly state: EncounterState
  readonly ruleset: Pick<Ruleset, 'validate' | 'moveInfo'>
  /** True when a person decides for the active figure now. */
  readonly humanTurn: boolean
  readonly active: Combatant | null
  readonly legal: readonly Action[]
  /** The moves the rules offer, for the reach samples. */
  readonly moves: readonly MoveOption[]
  readonly targets: readonly string[]
  /** The figure chosen as the target of an attack (the target panel opens for it). */
  targetId: string | null
  /** A refusal as text. */
  describe(violation: Violation): string
  /** Declares an action of the active figure through the session. */
  act(action: Action): void
}

/** What the pointer is over when nothing is dragged: a figure (and how far it is), or a piece of terrain. */
export type InchesHover =
  | { kind: 'figure'; figure: Combatant; from: Combatant | null; inches: number | null }
  | { kind: 'piece'; piece: TerrainPiece }

/**
 * The inches board's side of an encounter session: dragging the active figure previews the move (`findPath`
 * to the pointer, its measure, the rules' verdict) and releasing declares it; clicking a figure the active
 * one can attack selects it as the target, as on the square grid.
 */
export class InchesControl {
  /** The move being dragged (or, after a refused release, null with `refused` set). */
  preview = $state.raw<MovePreview | null>(null)
  /** A press on the active figure is being dragged. */
  dragging = $state(false)
  /** Where the pointer is (board units), null off the map. */
  hover = $state.raw<BoardPoint | null>(null)
  /** A released move the rules refused: shown at its goal until the next press. */
  refused = $state.raw<{ at: BoardPoint; violation: Violation } | null>(null)
  /** A Grapple being aimed (D-5): a click on the map moves its push point, until confirmed or cancelled. */
  push = $state.raw<PushAim | null>(null)
  #host: InchesHost
  #goalKey = ''
  #dragged = false

  constructor(host: InchesHost) {
    this.#host = host
  }

  /** Sampled ends of the moves the rules offer, by band. */
  readonly reach = $derived.by(() =>
    this.#host.moves.flatMap((m) => {
      const end = m.action.path?.[m.action.path.length - 1]
      return end ? [{ pos: end, band: m.band }] : []
    })
  )

  /** The drag's refusal as text. */
  readonly reason = $derived.by(() =>
    this.preview?.violation ? this.#host.describe(this.preview.violation) : null
  )

  /** What the pointer is over, for the status line. */
  readonly hovered: InchesHover | null = $derived.by(() => this.#hovered())

  /** The map's view, in the words of the UI language, with or without the 1″ grid. */
  view(text: InchesText, grid: boolean): InchesView {
    const host = this.#host
    const refused = this.refused
    const aim = this.push ? aimView(host.state, this.push) : null
    if (aim && this.push) {
      // while aiming, the map shows the push, not the moves: the circle it can reach and where it lands
      const base = deriveInchesView({
        state: host.state,
        activeId: host.active?.id ?? null,
        reach: [],
        targets: [this.push.targetId],
        preview: null,
        reason: null,
        refused: null,
        grid,
        text
      })
      return { ...base, reach: aim.reach, path: aim.path }
    }
    return deriveInchesView({
      state: host.state,
      activeId: host.active?.id ?? null,
      reach: host.humanTurn ? this.reach : [],
      targets: host.targets,
      preview: this.preview,
      reason: this.reason,
      refused: refused ? { ...refused.at, reason: host.describe(refused.violation) } : null,
      grid,
      text
    })
  }

  /** Starts aiming a Grapple (the rules' default push point first); false when it cannot be aimed. */
  aim(action: Action): boolean {
    this.cancel()
    this.push = startAim(this.#host.state, action)
    return this.push !== null
  }

  /** Declares the Grapple being aimed, toward its push point. */
  confirmPush(): void {
    const aim = this.push
    this.push = null
    if (aim) this.#host.act(aimedAction(aim))
  }

  /** Pointer input from the map, in board units. */
  pointer(e: InchesPointer): void {
    if (this.push) {
      // aiming a push: a click places the point; nothing is dragged
      if (e.type === 'tap') this.push = aimAt(this.#host.state, this.push, e)
      else if (e.type === 'move') this.hover = e.onTable ? { x: e.x, y: e.y } : null
      return
    }
    if (e.type === 'down') this.#down(e)
    else if (e.type === 'move') this.#move(e)
    else if (e.type === 'up') this.#up(e)
    else if (e.type === 'tap') this.#tap(e)
    else this.hover = null
  }

  /** Drops the drag, the push being aimed and any refusal shown (Escape, a new selection). */
  cancel(): void {
    this.push = null
    this.dragging = false
    this.preview = null
    this.refused = null
    this.#goalKey = ''
  }

  #activeUnder(p: BoardPoint): Combatant | null {
    const { active, humanTurn, state } = this.#host
    if (!humanTurn || !active || active.out) return null
    const r = baseRadius(state.board, active)
    return Math.hypot(active.pos.x - p.x, active.pos.y - p.y) <= r ? active : null
  }

  #down(p: BoardPoint): void {
    this.cancel()
    this.#dragged = false
    this.dragging = this.#activeUnder(p) !== null
  }

  #move(p: InchesPointer): void {
    this.hover = p.onTable ? { x: p.x, y: p.y } : null
    if (!this.dragging) return
    this.#dragged = true
    this.#preview(p)
  }

  #preview(p: BoardPoint): void {
    const active = this.#host.active
    if (!active) return
    // the goal is whole units: a pointer moving within one unit changes nothing, and costs no search
    const key = `${Math.round(p.x)},${Math.round(p.y)}`
    if (key === this.#goalKey) return
    this.#goalKey = key
    const { state, ruleset, legal } = this.#host
    this.preview = previewMove(state, ruleset, legal, active.id, p)
  }

  #up(p: BoardPoint): void {
    if (!this.dragging) return
    this.dragging = false
    this.#preview(p)
    const preview = this.preview
    this.preview = null
    this.#goalKey = ''
    if (!preview) return
    if (preview.action && !preview.violation) {
      this.#host.targetId = null
      this.#host.act(preview.action)
    } else if (preview.violation) {
      this.refused = { at: { x: preview.goal.x, y: preview.goal.y }, violation: preview.violation }
    }
  }

  #tap(p: BoardPoint): void {
    // the tap that ends a drag is the drag's, not a click
    if (this.#dragged) return
    const { state, targets } = this.#host
    const hit = state.combatants.find(
      (c) =>
        !c.out &&
        targets.includes(c.id) &&
        Math.hypot(c.pos.x - p.x, c.pos.y - p.y) <= baseRadius(state.board, c)
    )
    if (hit) this.#host.targetId = hit.id
  }

  #hovered(): InchesHover | null {
    const p = this.hover
    if (!p || this.dragging) return null
    const { state, active } = this.#host
    const figure = state.combatants.find(
      (c) => !c.out && Math.hypot(c.pos.x - p.x, c.pos.y - p.y) <= baseRadius(state.board, c)
    )
    if (figure) {
      const from = active && active.id !== figure.id ? active : null
      return { kind: 'figure', figure, from, inches: from ? edgeDistance(state.board, from, figure) : null }
    }
    // the topmost piece under the pointer: a bridge over the water, a roof over the table
    const pieces = (state.board.inches?.pieces ?? []).filter(
      (q) => p.x >= q.x && p.x <= q.x + q.w && p.y >= q.y && p.y <= q.y + q.h
    )
    const piece = pieces.sort((a, b) => b.top - a.top || (a.kind === 'water' ? 1 : -1))[0]
    return piece ? { kind: 'piece', piece } : null
  }
}
