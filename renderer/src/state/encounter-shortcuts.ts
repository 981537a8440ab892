import type { EncounterSession } from './encounter.svelte'
import type { MapPlay } from './map-play.svelte'
import type { ShortcutAction, ShortcutId } from './shortcuts'

// What the encounter view does for its keyboard shortcuts (see shortcuts.ts): the same things as its
// buttons, and only when the button would be there, so a key never does what the screen does not offer.
// Each action returns false to decline, and the key then keeps its default.

/** What the shortcuts use of the session (a narrow view, so tests can hand in a plain object). */
export type ShortcutSession = Pick<
  EncounterSession,
  'humanTurn' | 'active' | 'inches' | 'endActivation' | 'undo' | 'redo'
> & {
  state: Pick<EncounterSession['state'], 'phase'>
}

/** What the shortcuts use of the map in play. */
export type ShortcutPlay = Pick<
  MapPlay,
  'map' | 'minimap' | 'templates' | 'setMinimap' | 'setTool' | 'toggleOverlay'
>

/** The encounter's shortcut actions; `focusLog` finds its target when pressed (the log may re-render). */
export function encounterShortcuts(
  session: ShortcutSession,
  play: ShortcutPlay,
  focusLog: () => boolean
): Partial<Record<ShortcutId, ShortcutAction>> {
  /** Runs `act` when the square-grid map is there (the inches map has no toolbar). */
  const onMap = (act: () => void): boolean => {
    if (session.inches || !play.map) return false
    act()
    return true
  }
  /** An overlay for the active figure, as its toolbar button does while the fight runs. */
  const overlay = (kind: 'threat' | 'sight'): boolean => {
    const active = session.active
    if (session.state.phase !== 'running' || !active) return false
    return onMap(() => play.toggleOverlay(kind, active.id))
  }
  return {
    endActivation: () => {
      if (!session.humanTurn) return false
      session.endActivation()
    },
    // Undo and redo work whenever the fight is open (an ended fight too); declined while replaying.
    undoMove: () => session.undo() !== 'replaying',
    redo: () => session.redo() !== 'replaying',
    fit: () => onMap(() => play.map?.fit()),
    zoomIn: () => onMap(() => play.map?.zoomAt(1.25)),
    zoomOut: () => onMap(() => play.map?.zoomAt(0.8)),
    minimap: () => onMap(() => play.setMinimap(!play.minimap)),
    threat: () => overlay('threat'),
    sight: () => overlay('sight'),
    ruler: () => onMap(() => play.setTool('ruler')),
    // Only rules with area templates have the tool (Minecraft has none): no key, nothing in the help.
    ...(play.templates.length > 0 && { template: () => onMap(() => play.setTool('template')) }),
    focusLog
  }
}

/** Focuses the log's search field when it has one, else the log list itself (made focusable for this). */
export function focusLogIn(area: ParentNode | undefined): boolean {
  const search = area?.querySelector<HTMLElement>('[data-testid=log-search]')
  const target = search ?? area?.querySelector<HTMLElement>('[data-testid=combat-log]')
  if (!target) return false
  if (!search && !target.hasAttribute('tabindex')) target.tabIndex = -1
  target.focus()
  return true
}
