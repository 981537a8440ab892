import { untrack } from 'svelte'
import type { BattlemapView, Cell, FogView, MapEffect, MapOverlay, MapPointer } from '../../battlemap/view'
import { strikerOf } from '../../../ai/threat'
import { edgeKey } from '../../../rules/core/edges'
import { footprintContains } from '../../../rules/core/footprint'
import { templateCells, templateOrigin } from '../../../rules/core/templates'
import type { AreaTemplate } from '../../../rules/core/ruleset'
import type { Action, EncounterState, Violation } from '../../../rules/core/types'
import { tokenAt } from './battlemap-view'
import type { EncounterSession } from './encounter.svelte'
import { changesSight, hiddenFigures, nextFog, sideVisible, type ViewAs } from './map-fog'
import { stepEffects } from './map-effects'
import { flankSquares, rulerOverlay, sightOverlay, templateOverlay, threatSquares } from './map-overlays'
import { attackOptions } from './options'
import type { PlayWords } from './map-play-words'
import { planThrough, toggleWaypoint, type WaypointPlan } from './waypoints'

// Playing on the square-grid map, beside the session: fog for the side the map is drawn for, overlays
// asked for from a token or the toolbar, doors clicked open, waypoints and drag-to-move, the token HUD,
// and the animations of every accepted command (the AI's included). The session stays the only one that
// sends commands; this class only decides which. Undo is the session's (history bar, Ctrl+Z).

/** What the map offers besides the session: the camera and the animations (a `Battlemap`). */
export interface MapHandle {
  play(effects: readonly MapEffect[]): Promise<void>
  fit(): void
  zoomAt(factor: number): void
  /** Shows or hides the minimap, where the map engine has one. */
  setMinimap?(on: boolean): void
}

/** The overlays a person may turn on for a token. */
export type OverlayKind = 'threat' | 'sight' | 'flank'

/** A toolbar tool that takes the left button. */
export type MapTool = 'none' | 'ruler' | 'template'

const PREF_PREFIX = 'emboscada:map.'

function readPref(name: string, fallback: boolean): boolean {
  try {
    const saved = globalThis.localStorage?.getItem(PREF_PREFIX + name)
    return saved === null || saved === undefined ? fallback : saved === 'on'
  } catch {
    return fallback
  }
}

function writePref(name: string, on: boolean): void {
  try {
    globalThis.localStorage?.setItem(PREF_PREFIX + name, on ? 'on' : 'off')
  } catch {
    // Storage may be unavailable (private mode); the switch still applies to this session.
  }
}

/** The map in play for one open encounter. */
export class MapPlay {
  readonly #session: EncounterSession
  readonly #words: PlayWords
  /** The map, once it is ready (not reactive: it only receives). */
  map: MapHandle | null = null
  animations = $state(readPref('animations', true))
  minimap = $state(readPref('minimap', true))
  /** Who the map is drawn for: the GM sees everything (the default, see map-fog.ts). */
  viewAs = $state.raw<ViewAs>('gm')
  fog = $state.raw<FogView | null>(null)
  /** The token the overlays are drawn for, and which of them are on. */
  overlayFor = $state.raw<string | null>(null)
  shown = $state<Record<OverlayKind, boolean>>({ threat: false, sight: false, flank: false })
  tool = $state<MapTool>('none')
  rulerPoints = $state.raw<Cell[]>([])
  templateId = $state<string | null>(null)
  template = $state.raw<{ origin: Cell; aim: { x: number; y: number }; fixed: boolean } | null>(null)
  waypoints = $state.raw<Cell[]>([])
  /** The token HUD: which figure, where on the map host (CSS px). */
  hud = $state.raw<{ id: string; screen: { x: number; y: number } } | null>(null)
  #shift = false
  #dragging = false
  #suppress = false
  #seenCommands = -1
  /** The state after the last command seen: the start of the next one, for its move animations. */
  #lastState: EncounterState | null = null

  constructor(session: EncounterSession, words: PlayWords) {
    this.#session = session
    this.#words = words
  }

  /** How many squares the viewer's side sees now (null for the GM's view): shown to tests and screen readers. */
  readonly fogVisible: number | null = $derived.by(() =>
    this.fog ? this.fog.visible.reduce((n, v) => n + v, 0) : null
  )

  /** Takes the map once it is ready (null when it is gone) and gives it the minimap preference. */
  attach(map: MapHandle | null): void {
    this.map = map
    map?.setMinimap?.(this.minimap)
  }

  /** The area templates the ruleset offers (none when its rules have no areas). */
  get templates(): readonly AreaTemplate[] {
    return this.#session.ruleset.areaTemplates ?? []
  }

  /** The overlays to draw now. */
  readonly overlay: MapOverlay | null = $derived.by(() => {
    const { state, ruleset } = this.#session
    const out: MapOverlay = {}
    const figure = state.combatants.find((c) => c.id === this.overlayFor && !c.out)
    if (figure && !state.board.inches) {
      if (this.shown.threat)
        out.threat = threatSquares(state, figure, strikerOf(state, ruleset, figure).reach)
      if (this.shown.flank) out.flank = flankSquares(state, figure)
      if (this.shown.sight) out.sight = sightOverlay(state, ruleset, figure)
    }
    if (this.rulerPoints.length > 0)
      out.ruler = rulerOverlay(state, ruleset, this.rulerPoints, (m) => this.#words.measure(m))
    const chosen = this.templates.find((t) => t.id === this.templateId)
    if (chosen && this.template) {
      const { origin, aim } = this.template
      out.template = templateOverlay(state, chosen, origin, aim, templateCells, this.#words.template(chosen))
    }
    return Object.keys(out).length ? out : null
  })

  /** The move through the waypoints to the hovered square, validated by the rules; null without waypoints. */
  readonly plan: WaypointPlan | null = $derived.by(() => {
    const { hover, active, humanTurn } = this.#session
    if (!this.waypoints.length || !hover || !active || !humanTurn) return null
    return this.#planTo(hover)
  })

  #planTo(goal: Cell): WaypointPlan | null {
    const { state, ruleset, active, moves } = this.#session
    if (!active) return null
    const template = moves.find((m) => m.action.kind === 'move')?.action
    const firstLeg = (to: Cell) => moves.find((m) => m.cell.x === to.x && m.cell.y === to.y)?.path
    const bare: Action | undefined = template && { kind: template.kind, actorId: active.id }
    return planThrough(state, ruleset, active.id, this.waypoints, goal, bare, firstLeg)
  }

  /** The session's view with the fog, the overlays and the waypoint plan added. */
  decorate(view: BattlemapView): BattlemapView {
    const { state, active } = this.#session
    const out: BattlemapView = { ...view, overlay: this.overlay, fog: null }
    // A tool in hand (ruler, template) is not a move being planned: no path, no refusal under the pointer.
    if (this.tool !== 'none') Object.assign(out, { path: [], pathCost: null, pathLabel: null, refused: null })
    if (this.fog && this.viewAs !== 'gm') {
      const hidden = hiddenFigures(state, this.viewAs.sideId, this.fog)
      out.fog = this.fog
      out.tokens = view.tokens.filter((t) => !hidden.has(t.id))
      out.targets = view.targets.filter((id) => !hidden.has(id))
    }
    if (this.waypoints.length && active) {
      out.waypoints = this.waypoints
      const plan = this.plan
      out.path = plan
        ? [{ x: active.pos.x, y: active.pos.y }, ...plan.path.map(({ x, y }) => ({ x, y }))]
        : []
      const legal = plan && !plan.violation ? plan : null
      const info = legal ? this.#session.ruleset.moveInfo?.(state, legal.action) : undefined
      out.pathCost = legal ? (info?.cost ?? legal.path.length) : null
      out.pathLabel = legal ? this.#words.cost(this.#session.moveCost(legal.action)) : null
      out.pathProvokes = info?.provokes.length ?? 0
      // The session's refusal is about the direct move; through waypoints only the plan's own counts.
      const hover = this.#session.hover
      out.refused =
        plan?.violation && hover ? { ...hover, reason: this.#session.describe(plan.violation) } : null
    }
    return out
  }

  /** Follows the session: after each accepted command, fog (when sight may have changed) and animations. */
  observe(): void {
    const { commands, lastEvents, state } = this.#session.snapshot.context
    untrack(() => {
      const count = commands.length
      const before = this.#seenCommands
      this.#seenCommands = count
      if (count !== before + 1) this.#lastState = state
      if (before < 0) return this.#refreshFog(false)
      // Any change of the fight drops the waypoints of a move not made.
      this.waypoints = []
      // Fewer commands: an undo, a restart (none left: what was seen is forgotten) or a profile replay.
      if (count <= before) return this.#refreshFog(count === 0)
      // Several commands at once (steps batched in one tick): only the last one's events are known.
      if (count > before + 1 || changesSight(lastEvents)) this.#refreshFog(false)
      const previous = this.#lastState
      this.#lastState = state
      // one command: its start state is the one seen last; a batch has no single start, so no `from`
      const start = count === before + 1 ? previous : undefined
      if (this.animations && this.map) void this.map.play(stepEffects(state, lastEvents, start ?? undefined))
    })
  }

  #refreshFog(forget: boolean): void {
    if (this.viewAs === 'gm') {
      this.fog = null
      return
    }
    const { state, ruleset } = this.#session
    this.fog = nextFog(forget ? null : this.fog, sideVisible(state, ruleset, this.viewAs.sideId))
  }

  /** Draws the map for the GM or a side (what that side has seen starts afresh). */
  setViewAs(viewAs: ViewAs): void {
    this.viewAs = viewAs
    this.fog = null
    this.#refreshFog(true)
  }

  setAnimations(on: boolean): void {
    this.animations = on
    writePref('animations', on)
  }

  setMinimap(on: boolean): void {
    this.minimap = on
    writePref('minimap', on)
    this.map?.setMinimap?.(on)
  }

  /** Turns an overlay on or off for a token (another token takes the overlays over). */
  toggleOverlay(
    kind: OverlayKind,
    tokenId: string | null = this.overlayFor ?? this.#session.active?.id ?? null
  ): void {
    if (tokenId !== this.overlayFor) {
      this.overlayFor = tokenId
      this.shown = { threat: false, sight: false, flank: false, [kind]: true }
      return
    }
    this.shown[kind] = !this.shown[kind]
  }

  /** Chooses a tool (the same one again puts it down); a new tool starts with nothing placed. */
  setTool(tool: MapTool): void {
    this.tool = this.tool === tool ? 'none' : tool
    this.rulerPoints = []
    this.template = null
    if (this.tool === 'template' && !this.templateId) this.templateId = this.templates[0]?.id ?? null
  }

  /** Every pointer event of the map: HUD, doors, drags, ruler and template. */
  pointer(e: MapPointer): void {
    const s = this.#session
    if (e.kind === 'context') {
      const token = e.cell ? tokenAt(s.state, e.cell) : undefined
      this.hud = token ? { id: token.id, screen: e.screen } : null
      return
    }
    if (e.kind === 'down') {
      this.#shift = e.shift
      this.#suppress = false
    }
    if (this.tool === 'template' && this.templateId) return this.#aimTemplate(e)
    if (e.button !== 0) return
    if (e.kind === 'down') {
      if (this.tool === 'ruler') {
        if (e.cell) this.rulerPoints = [...this.rulerPoints, e.cell]
        return this.#suppressClick()
      }
      if (e.edge && this.#toggleDoor(e.edge)) return this.#suppressClick()
      const active = s.active
      if (s.humanTurn && active && e.cell && footprintContains(active.pos, active.size, e.cell))
        this.#dragging = true
      return
    }
    if (e.kind === 'move' && this.#dragging) return s.hoverAt(e.cell)
    if (e.kind === 'up' && this.#dragging) {
      this.#dragging = false
      const active = s.active
      if (!e.cell || !active || (e.cell.x === active.pos.x && e.cell.y === active.pos.y)) return
      this.#suppressClick()
      this.#declareTo(e.cell)
    }
  }

  #aimTemplate(e: MapPointer): void {
    const t = this.template
    if (e.kind === 'down' && e.button === 0) {
      this.template =
        !t || t.fixed
          ? { origin: templateOrigin(e.point, this.#session.state.board), aim: e.point, fixed: false }
          : { ...t, fixed: true }
      this.#suppressClick()
    } else if (e.kind === 'move' && t && !t.fixed) this.template = { ...t, aim: e.point }
  }

  #suppressClick(): void {
    // The map's click follows the pointer's up of the same press: a press already handled is not a click
    // too. The next press clears it (a drag that moved fires no click, so nothing else would).
    this.#suppress = true
  }

  /** Opens or closes the door on `edge` if there is one and the fight runs; true when one was there. */
  #toggleDoor(edge: { x: number; y: number; side: 'n' | 'w' }): boolean {
    const { state } = this.#session
    const door = state.board.doors?.find((d) => edgeKey(d) === edgeKey(edge))
    if (!door || state.phase !== 'running') return false
    this.#session.send({ type: 'door.set', x: door.x, y: door.y, side: door.side, open: !door.open })
    return true
  }

  /** Declares the move to `cell`: through the waypoints when there are any, else the rules' own path. */
  #declareTo(cell: Cell): boolean {
    const s = this.#session
    if (this.waypoints.length) {
      const plan = this.#planTo(cell)
      if (!plan || plan.violation) {
        s.refused = plan?.violation ?? ({ code: 'noWaypointPath', params: { ...cell } } satisfies Violation)
        return true
      }
      this.waypoints = []
      s.act(plan.action)
      return true
    }
    if (!s.moves.some((m) => m.cell.x === cell.x && m.cell.y === cell.y)) return false
    s.click(cell)
    return true
  }

  /** A click on a square: true when play handled it (a waypoint, a move through waypoints, a ruler point). */
  click(cell: Cell): boolean {
    if (this.#suppress) {
      this.#suppress = false
      return true
    }
    const s = this.#session
    if (this.tool === 'ruler' || (this.tool === 'template' && this.templateId)) return true
    if (!s.humanTurn || !s.active) return false
    if (this.#shift) {
      const reachable = this.waypoints.length
        ? !!this.#planTo(cell) && !this.#planTo(cell)!.violation
        : s.moves.some((m) => m.cell.x === cell.x && m.cell.y === cell.y)
      if (reachable) this.waypoints = toggleWaypoint(this.waypoints, cell)
      return true
    }
    return this.waypoints.length ? this.#declareTo(cell) : false
  }

  /** Keys the map in play answers; true when the key was used. Escape: HUD, then waypoints, then tools. */
  key(event: KeyboardEvent): boolean {
    if (event.key === 'Shift') this.#shift = event.type === 'keydown'
    // Ctrl+Z and redo are the shortcuts registry's (shortcuts.ts): one undo, of any step (history.ts)
    if (event.type !== 'keydown' || event.key !== 'Escape') return false
    if (this.hud) this.hud = null
    else if (this.waypoints.length) this.waypoints = []
    else if (this.tool !== 'none') this.setTool(this.tool)
    else return false
    return true
  }

  /**
   * What the HUD offers for a figure now: the active figure's own actions and its attacks when it is the
   * one clicked; the legal attacks on it when another figure was clicked (as the target panel lists them).
   */
  hudActions(id: string): Action[] {
    const s = this.#session
    const active = s.active
    if (!s.humanTurn || !active) return []
    if (id === active.id) {
      const aimed = s.legal.filter((a) => a.targetId !== undefined && a.targetId !== id && !a.path)
      return [...s.ownActions, ...aimed]
    }
    if (!s.targets.includes(id)) return []
    return attackOptions(s.ruleset, s.state, active.id, id, s.legal, s.declared)
      .filter((o) => !o.violation)
      .map((o) => o.action)
  }

  /** The figure's conditions as terms keys (`ruleset.conditions`; none when the rules do not say). */
  conditions(id: string): string[] {
    const { state, ruleset } = this.#session
    const figure = state.combatants.find((c) => c.id === id)
    return figure ? (ruleset.conditions?.(state, figure) ?? []) : []
  }

  /** Sets a figure's life (the GM, from the HUD). */
  setLife(id: string, life: number): boolean {
    return this.#session.send({ type: 'life.set', id, life: Math.round(life) })
  }
}
