import type { MessageKey } from '../i18n'

// The keyboard shortcuts: one registry that the help overlay lists and the app's one keydown handler
// matches against. Keys follow what a Foundry VTT / Fantasy Grounds user reaches for (Esc cancels, `+`/`-`
// zoom, `r` ruler, Ctrl+Z undo) plus single letters for the frequent actions of a turn. Some keys are
// answered by their component's own handler (the map's Esc, the map editor's keys): they are
// listed here with `own` so the help is complete, and never dispatched twice.

/** Where a shortcut works: everywhere, in a running encounter, or in the map editor. */
export type ShortcutScope = 'global' | 'encounter' | 'mapEditor'

/** The help overlay's sections, in the order they are shown. */
export const SHORTCUT_GROUPS = ['general', 'turn', 'map', 'panels', 'editor'] as const

/** A section of the help overlay. */
export type ShortcutGroup = (typeof SHORTCUT_GROUPS)[number]

/** Every shortcut's id. */
export type ShortcutId =
  | 'help'
  | 'language'
  | 'dismiss'
  | 'endActivation'
  | 'undoMove'
  | 'redo'
  | 'acceptSuggestion'
  | 'cancel'
  | 'focusLog'
  | 'fit'
  | 'zoomIn'
  | 'zoomOut'
  | 'minimap'
  | 'threat'
  | 'sight'
  | 'ruler'
  | 'template'
  | 'editorUndo'
  | 'editorRedo'
  | 'editorCursor'
  | 'editorApply'
  | 'editorRemove'
  | 'editorCancel'

/** One shortcut: its keys (`'e'`, `'?'`, `'Ctrl+Shift+Z'`, `'Escape'`, any one of them works). */
export interface Shortcut {
  readonly id: ShortcutId
  readonly keys: readonly string[]
  readonly scope: ShortcutScope
  readonly group: ShortcutGroup
  readonly label: MessageKey
  /** Answered by its component's own key handler: listed in the help, never dispatched by the app. */
  readonly own?: boolean
  /** Acts again while the key is held (zoom); toggles would flicker, so the rest ignore auto-repeat. */
  readonly repeat?: boolean
}

/** The app's shortcuts. */
export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'help', keys: ['?'], scope: 'global', group: 'general', label: 'keys.help' },
  { id: 'language', keys: ['Alt+L'], scope: 'global', group: 'general', label: 'keys.language' },
  { id: 'dismiss', keys: ['Escape'], scope: 'global', group: 'general', label: 'keys.dismiss', own: true },
  { id: 'endActivation', keys: ['e'], scope: 'encounter', group: 'turn', label: 'keys.endActivation' },
  // One undo of any step (history.ts); the id stays `undoMove` so the help's test ids do not change.
  { id: 'undoMove', keys: ['Ctrl+Z'], scope: 'encounter', group: 'turn', label: 'history.keys.undo' },
  {
    id: 'redo',
    keys: ['Ctrl+Shift+Z', 'Ctrl+Y'],
    scope: 'encounter',
    group: 'turn',
    label: 'history.keys.redo'
  },
  // GM mode, "AI suggests" (or "confirm each plan"): the automation panel's own handler plays the plan.
  {
    id: 'acceptSuggestion',
    keys: ['y'],
    scope: 'encounter',
    group: 'turn',
    label: 'keys.acceptSuggestion',
    own: true
  },
  { id: 'cancel', keys: ['Escape'], scope: 'encounter', group: 'turn', label: 'keys.cancel', own: true },
  { id: 'fit', keys: ['f', '0'], scope: 'encounter', group: 'map', label: 'keys.fit' },
  { id: 'zoomIn', keys: ['+', '='], scope: 'encounter', group: 'map', label: 'keys.zoomIn', repeat: true },
  { id: 'zoomOut', keys: ['-'], scope: 'encounter', group: 'map', label: 'keys.zoomOut', repeat: true },
  { id: 'minimap', keys: ['m'], scope: 'encounter', group: 'map', label: 'keys.minimap' },
  { id: 'threat', keys: ['t'], scope: 'encounter', group: 'map', label: 'keys.threat' },
  { id: 'sight', keys: ['v'], scope: 'encounter', group: 'map', label: 'keys.sight' },
  { id: 'ruler', keys: ['r'], scope: 'encounter', group: 'map', label: 'keys.ruler' },
  { id: 'template', keys: ['a'], scope: 'encounter', group: 'map', label: 'keys.template' },
  { id: 'focusLog', keys: ['l'], scope: 'encounter', group: 'panels', label: 'keys.focusLog' },
  {
    id: 'editorUndo',
    keys: ['Ctrl+Z'],
    scope: 'mapEditor',
    group: 'editor',
    label: 'keys.editorUndo',
    own: true
  },
  {
    id: 'editorRedo',
    keys: ['Ctrl+Y', 'Ctrl+Shift+Z'],
    scope: 'mapEditor',
    group: 'editor',
    label: 'keys.editorRedo',
    own: true
  },
  {
    id: 'editorCursor',
    keys: ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'],
    scope: 'mapEditor',
    group: 'editor',
    label: 'keys.editorCursor',
    own: true
  },
  {
    id: 'editorApply',
    keys: ['Enter', 'Space'],
    scope: 'mapEditor',
    group: 'editor',
    label: 'keys.editorApply',
    own: true
  },
  {
    id: 'editorRemove',
    keys: ['Delete', 'Backspace'],
    scope: 'mapEditor',
    group: 'editor',
    label: 'keys.editorRemove',
    own: true
  },
  {
    id: 'editorCancel',
    keys: ['Escape'],
    scope: 'mapEditor',
    group: 'editor',
    label: 'keys.editorCancel',
    own: true
  }
]

/** What the matcher reads of a DOM element (so it is testable without a DOM). */
export interface TargetLike {
  tagName?: string
  type?: string
  isContentEditable?: boolean
  closest?: (selector: string) => unknown
}

/** What the matcher reads of a `KeyboardEvent`. */
export interface KeyEventLike {
  key: string
  code?: string
  ctrlKey?: boolean
  metaKey?: boolean
  altKey?: boolean
  shiftKey?: boolean
  repeat?: boolean
  target?: unknown
}

/** A key combination taken apart: the modifiers and the key itself (`'Space'` for the space bar). */
export interface KeyCombo {
  ctrl: boolean
  alt: boolean
  shift: boolean
  key: string
}

/** Takes `'Ctrl+Shift+Z'` apart; a combination ending in `+` means the plus key itself (`'+'`, `'Ctrl++'`). */
export function parseCombo(combo: string): KeyCombo {
  const plus = combo.endsWith('+')
  const parts = (plus ? combo.slice(0, -1) : combo).split('+').filter((p) => p !== '')
  const key = plus ? '+' : (parts.pop() ?? '')
  return { ctrl: parts.includes('Ctrl'), alt: parts.includes('Alt'), shift: parts.includes('Shift'), key }
}

/** The parts of a combination as shown on key caps, in order: `'Ctrl+Shift+Z'` → Ctrl, Shift, Z. */
export function comboParts(combo: string): string[] {
  const { ctrl, alt, shift, key } = parseCombo(combo)
  const cap = key.length === 1 ? key.toUpperCase() : key
  return [...(ctrl ? ['Ctrl'] : []), ...(alt ? ['Alt'] : []), ...(shift ? ['Shift'] : []), cap]
}

// Input types that take no typed text: a letter pressed on a checkbox or a button is still a shortcut.
const UNTYPED_INPUTS = new Set([
  'button',
  'checkbox',
  'radio',
  'submit',
  'reset',
  'image',
  'file',
  'color',
  'range'
])

/** True when keys pressed on `target` are typed text (text fields, text areas, selects, editable content). */
export function isTypingTarget(target: unknown): boolean {
  if (typeof target !== 'object' || target === null) return false
  const el = target as TargetLike
  if (el.isContentEditable) return true
  const tag = el.tagName?.toUpperCase()
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  return tag === 'INPUT' && !UNTYPED_INPUTS.has((el.type ?? 'text').toLowerCase())
}

/** True when `target` is inside a dialog, which owns its keys (the page's shortcuts must not act behind it). */
export function isInDialog(target: unknown): boolean {
  if (typeof target !== 'object' || target === null) return false
  const closest = (target as TargetLike).closest
  if (typeof closest !== 'function') return false
  return !!closest.call(target, 'dialog, [role="dialog"], [role="alertdialog"], [aria-modal="true"]')
}

const isLatinLetter = (key: string): boolean => /^[a-z]$/i.test(key)

/** True when the event is the combination. */
export function matchesCombo(event: KeyEventLike, combo: KeyCombo): boolean {
  if (combo.ctrl !== !!(event.ctrlKey || event.metaKey)) return false // Cmd on a Mac is Ctrl
  if (combo.alt !== !!event.altKey) return false
  if (isLatinLetter(combo.key)) {
    if (combo.shift !== !!event.shiftKey) return false
    if (event.key.toLowerCase() === combo.key.toLowerCase()) return true
    // Alt+letter on a Mac types a symbol (Alt+L is '¬') and non-Latin layouts type their own letters:
    // then the physical key decides. A Latin letter elsewhere (AZERTY's A) is taken as typed.
    return !isLatinLetter(event.key) && event.code === `Key${combo.key.toUpperCase()}`
  }
  if (combo.key.length === 1) return event.key === combo.key // '?', '+': Shift is part of typing them
  if (combo.shift !== !!event.shiftKey) return false
  return event.key === (combo.key === 'Space' ? ' ' : combo.key)
}

/** The shortcuts that work on a page of `scope`: the global ones and the page's own. */
export function shortcutsIn(registry: readonly Shortcut[], scope: ShortcutScope): Shortcut[] {
  return registry.filter((s) => s.scope === 'global' || s.scope === scope)
}

/**
 * The shortcut a key press asks for on a page of `scope`, or null: none while typing in a field or inside a
 * dialog, none for a held key unless the shortcut repeats. The page's own shortcuts come before the global
 * ones with the same key (Esc cancels in an encounter rather than closing a dialog that is not there).
 */
export function matchShortcut(
  event: KeyEventLike,
  registry: readonly Shortcut[],
  scope: ShortcutScope
): Shortcut | null {
  if (isTypingTarget(event.target) || isInDialog(event.target)) return null
  const found = shortcutsIn(registry, scope)
    .filter((s) => s.keys.some((k) => matchesCombo(event, parseCombo(k))))
    .sort((a, b) => Number(a.scope === 'global') - Number(b.scope === 'global'))[0]
  if (!found || (event.repeat && !found.repeat)) return null
  return found
}

/** The shortcuts of a page grouped for the help overlay, in `SHORTCUT_GROUPS` order (empty groups left out). */
export function groupShortcuts(
  shortcuts: readonly Shortcut[]
): { group: ShortcutGroup; shortcuts: Shortcut[] }[] {
  return SHORTCUT_GROUPS.map((group) => ({
    group,
    shortcuts: shortcuts.filter((s) => s.group === group)
  })).filter((g) => g.shortcuts.length > 0)
}

/** What a page does for a shortcut; `false` when it cannot now (the key then keeps its default). */
export type ShortcutAction = () => boolean | void

/** The actions the open page provides, by shortcut id (the encounter view provides its turn and map keys). */
export class ShortcutBoard {
  #layers: Partial<Record<ShortcutId, ShortcutAction>>[] = []

  /** Provides actions until the returned function is called (use it as an `$effect`'s cleanup). */
  provide(actions: Partial<Record<ShortcutId, ShortcutAction>>): () => void {
    this.#layers.push(actions)
    return () => {
      this.#layers = this.#layers.filter((l) => l !== actions)
    }
  }

  /** Whether the open page provides `id` at all (the help lists only what the page has). */
  offers(id: ShortcutId): boolean {
    return this.#layers.some((l) => l[id])
  }

  /** Runs the newest provided action for `id`; true when one ran and did not decline. */
  run(id: ShortcutId): boolean {
    const action = this.#layers.findLast((l) => l[id])?.[id]
    return action ? action() !== false : false
  }
}

/** The app's one board: pages provide to it, the app's keydown handler runs from it. */
export const pageShortcuts = new ShortcutBoard()
