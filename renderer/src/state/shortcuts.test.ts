import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en'
import { es } from '../i18n/es'
import {
  SHORTCUT_GROUPS,
  SHORTCUTS,
  ShortcutBoard,
  comboParts,
  groupShortcuts,
  isTypingTarget,
  matchShortcut,
  parseCombo,
  shortcutsIn,
  type KeyEventLike,
  type ShortcutScope
} from './shortcuts'

const press = (key: string, extra: Partial<KeyEventLike> = {}): KeyEventLike => ({ key, ...extra })
const idOf = (event: KeyEventLike, scope: ShortcutScope): string | null =>
  matchShortcut(event, SHORTCUTS, scope)?.id ?? null
const element = (tagName: string, extra: Record<string, unknown> = {}) => ({
  tagName,
  closest: () => null,
  ...extra
})

describe('parseCombo and comboParts', () => {
  it('takes modifiers apart from the key', () => {
    expect(parseCombo('Ctrl+Shift+Z')).toEqual({ ctrl: true, alt: false, shift: true, key: 'Z' })
    expect(parseCombo('Alt+L')).toEqual({ ctrl: false, alt: true, shift: false, key: 'L' })
    expect(parseCombo('Escape')).toEqual({ ctrl: false, alt: false, shift: false, key: 'Escape' })
  })

  it('reads a trailing plus as the plus key', () => {
    expect(parseCombo('+').key).toBe('+')
    expect(parseCombo('Ctrl++')).toEqual({ ctrl: true, alt: false, shift: false, key: '+' })
  })

  it('shows letters as capitals after their modifiers', () => {
    expect(comboParts('Ctrl+Shift+z')).toEqual(['Ctrl', 'Shift', 'Z'])
    expect(comboParts('?')).toEqual(['?'])
  })
})

describe('matchShortcut', () => {
  it('matches the shifted ? on any page, whatever Shift says', () => {
    for (const scope of ['global', 'encounter', 'mapEditor'] as const) {
      expect(idOf(press('?', { shiftKey: true }), scope)).toBe('help')
    }
    expect(idOf(press('?'), 'global')).toBe('help')
    expect(idOf(press('/', { shiftKey: false }), 'global')).toBeNull()
  })

  it('answers a page’s keys only on that page', () => {
    expect(idOf(press('e'), 'encounter')).toBe('endActivation')
    expect(idOf(press('e'), 'global')).toBeNull()
    expect(idOf(press('e'), 'mapEditor')).toBeNull()
  })

  it('tells letters with and without modifiers apart', () => {
    expect(idOf(press('E', { shiftKey: true }), 'encounter')).toBeNull()
    expect(idOf(press('e', { ctrlKey: true }), 'encounter')).toBeNull()
    expect(idOf(press('e', { altKey: true }), 'encounter')).toBeNull()
    // Caps Lock types a capital without Shift: still the same key
    expect(idOf(press('E'), 'encounter')).toBe('endActivation')
    expect(idOf(press('l'), 'encounter')).toBe('focusLog')
    expect(idOf(press('l', { altKey: true, code: 'KeyL' }), 'encounter')).toBe('language')
  })

  it('finds Alt+L by the physical key when Alt types a symbol, and letters on non-Latin layouts', () => {
    expect(idOf(press('¬', { altKey: true, code: 'KeyL' }), 'global')).toBe('language')
    expect(idOf(press('у', { code: 'KeyE' }), 'encounter')).toBe('endActivation')
    // AZERTY: the key at QWERTY's Q types an 'a', and the 'a' is what counts
    expect(idOf(press('a', { code: 'KeyQ' }), 'encounter')).toBe('template')
    expect(idOf(press('q', { code: 'KeyA' }), 'encounter')).toBeNull()
  })

  it('takes Cmd for Ctrl and tells undo from redo', () => {
    expect(idOf(press('z', { ctrlKey: true }), 'encounter')).toBe('undoMove')
    expect(idOf(press('z', { metaKey: true }), 'encounter')).toBe('undoMove')
    expect(idOf(press('z'), 'encounter')).toBeNull()
    expect(idOf(press('Z', { ctrlKey: true, shiftKey: true }), 'encounter')).toBe('redo')
    expect(idOf(press('y', { ctrlKey: true }), 'encounter')).toBe('redo')
    expect(idOf(press('Z', { ctrlKey: true, shiftKey: true }), 'mapEditor')).toBe('editorRedo')
    expect(idOf(press('y', { ctrlKey: true }), 'mapEditor')).toBe('editorRedo')
    expect(idOf(press('z', { ctrlKey: true }), 'mapEditor')).toBe('editorUndo')
  })

  it('puts the page’s own meaning of a key before the global one', () => {
    expect(idOf(press('Escape'), 'encounter')).toBe('cancel')
    expect(idOf(press('Escape'), 'mapEditor')).toBe('editorCancel')
    expect(idOf(press('Escape'), 'global')).toBe('dismiss')
    expect(idOf(press('Escape', { shiftKey: true }), 'global')).toBeNull()
  })

  it('matches the zoom keys with or without Shift, and named keys', () => {
    expect(idOf(press('+', { shiftKey: true }), 'encounter')).toBe('zoomIn')
    expect(idOf(press('='), 'encounter')).toBe('zoomIn')
    expect(idOf(press('-'), 'encounter')).toBe('zoomOut')
    expect(idOf(press('0'), 'encounter')).toBe('fit')
    expect(idOf(press('+', { ctrlKey: true }), 'encounter')).toBeNull()
    expect(idOf(press(' '), 'mapEditor')).toBe('editorApply')
  })

  it('ignores a held key unless the shortcut repeats', () => {
    expect(idOf(press('e', { repeat: true }), 'encounter')).toBeNull()
    expect(idOf(press('m', { repeat: true }), 'encounter')).toBeNull()
    expect(idOf(press('+', { repeat: true }), 'encounter')).toBe('zoomIn')
  })

  it('ignores keys typed into fields and editable content', () => {
    const typed = [
      element('INPUT'),
      element('INPUT', { type: 'search' }),
      element('input', { type: 'number' }),
      element('TEXTAREA'),
      element('SELECT'),
      element('DIV', { isContentEditable: true })
    ]
    for (const target of typed) {
      expect(isTypingTarget(target), JSON.stringify(target)).toBe(true)
      expect(idOf(press('e', { target }), 'encounter')).toBeNull()
      expect(idOf(press('?', { target }), 'global')).toBeNull()
    }
  })

  it('still answers keys pressed on buttons, checkboxes and the page itself', () => {
    for (const target of [element('BUTTON'), element('INPUT', { type: 'checkbox' }), element('BODY'), null]) {
      expect(isTypingTarget(target)).toBe(false)
      expect(idOf(press('e', { target }), 'encounter')).toBe('endActivation')
    }
  })

  it('leaves keys pressed inside a dialog to the dialog', () => {
    const asked: string[] = []
    const inDialog = element('BUTTON', {
      closest: (selector: string) => {
        asked.push(selector)
        return selector.includes('dialog') ? {} : null
      }
    })
    expect(idOf(press('e', { target: inDialog }), 'encounter')).toBeNull()
    expect(idOf(press('?', { target: inDialog }), 'global')).toBeNull()
    expect(asked.length).toBeGreaterThan(0)
  })
})

describe('the registry', () => {
  it('has a label in both catalogues for every shortcut and every key cap word', () => {
    for (const s of SHORTCUTS) {
      expect(es[s.label], s.id).toBeTruthy()
      expect(en[s.label], s.id).toBeTruthy()
      for (const part of s.keys.flatMap(comboParts).filter((p) => p.length > 1)) {
        expect(`keys.key.${part}` in es, part).toBe(true)
      }
    }
  })

  it('never gives one key two meanings on the same page, except a page’s own over a listed global', () => {
    for (const scope of ['global', 'encounter', 'mapEditor'] as const) {
      const seen = new Map<string, string>()
      for (const s of shortcutsIn(SHORTCUTS, scope)) {
        for (const key of s.keys) {
          const combo = JSON.stringify(parseCombo(key.length === 1 ? key.toLowerCase() : key))
          const before = SHORTCUTS.find((o) => o.id === seen.get(combo))
          if (before) expect(before.scope === 'global' && before.own, `${scope}: ${key}`).toBe(true)
          seen.set(combo, s.id)
        }
      }
    }
  })

  it('groups a page’s shortcuts in the help’s order, leaving empty groups out', () => {
    const groups = groupShortcuts(shortcutsIn(SHORTCUTS, 'encounter'))
    expect(groups.map((g) => g.group)).toEqual(['general', 'turn', 'map', 'panels'])
    expect(groups.flatMap((g) => g.shortcuts).length).toBe(shortcutsIn(SHORTCUTS, 'encounter').length)
    const order = groups.map((g) => SHORTCUT_GROUPS.indexOf(g.group))
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(groupShortcuts(shortcutsIn(SHORTCUTS, 'global')).map((g) => g.group)).toEqual(['general'])
  })
})

describe('ShortcutBoard', () => {
  it('runs the newest provided action until it is withdrawn', () => {
    const board = new ShortcutBoard()
    const ran: string[] = []
    board.provide({ fit: () => void ran.push('first') })
    const withdraw = board.provide({ fit: () => void ran.push('second') })
    expect(board.run('fit')).toBe(true)
    withdraw()
    expect(board.run('fit')).toBe(true)
    expect(ran).toEqual(['second', 'first'])
  })

  it('offers only what some page provides, until it is withdrawn', () => {
    const board = new ShortcutBoard()
    const withdraw = board.provide({ ruler: () => undefined })
    expect(board.offers('ruler')).toBe(true)
    expect(board.offers('template')).toBe(false)
    withdraw()
    expect(board.offers('ruler')).toBe(false)
  })

  it('reports nothing run when no page provides the action or the action declines', () => {
    const board = new ShortcutBoard()
    expect(board.run('endActivation')).toBe(false)
    board.provide({ endActivation: () => false })
    expect(board.run('endActivation')).toBe(false)
  })
})
