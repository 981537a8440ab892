import { describe, expect, it } from 'vitest'
import { encounterShortcuts, type ShortcutPlay, type ShortcutSession } from './encounter-shortcuts'
import { ShortcutBoard } from './shortcuts'

/** A session and a map in play that record what the shortcuts asked of them. */
function setup(over: { session?: Partial<ShortcutSession>; play?: Partial<ShortcutPlay> } = {}) {
  const calls: string[] = []
  const session = {
    humanTurn: true,
    active: { id: 'steve' },
    inches: null,
    state: { phase: 'running' },
    endActivation: () => void calls.push('end'),
    undo: () => (calls.push('undo'), null),
    redo: () => (calls.push('redo'), null),
    ...over.session
  } as ShortcutSession
  const play = {
    map: { fit: () => void calls.push('fit'), zoomAt: (f: number) => void calls.push(`zoom ${f}`) },
    minimap: true,
    templates: [],
    setMinimap: (on: boolean) => void calls.push(`minimap ${on}`),
    setTool: (tool: string) => void calls.push(`tool ${tool}`),
    toggleOverlay: (kind: string, id?: string | null) => void calls.push(`${kind} ${id}`),
    ...over.play
  } as unknown as ShortcutPlay
  const board = new ShortcutBoard()
  board.provide(encounterShortcuts(session, play, () => (calls.push('log'), true)))
  return { board, calls }
}

describe('encounterShortcuts', () => {
  it('does what the buttons do while they are offered', () => {
    const { board, calls } = setup()
    for (const id of [
      'endActivation',
      'fit',
      'zoomIn',
      'zoomOut',
      'minimap',
      'threat',
      'sight',
      'ruler',
      'focusLog'
    ] as const) {
      expect(board.run(id), id).toBe(true)
    }
    expect(calls).toEqual([
      'end',
      'fit',
      'zoom 1.25',
      'zoom 0.8',
      'minimap false',
      'threat steve',
      'sight steve',
      'tool ruler',
      'log'
    ])
  })

  it('does not end an activation a person does not hold (AI turn, pending decision)', () => {
    const { board, calls } = setup({ session: { humanTurn: false } })
    expect(board.run('endActivation')).toBe(false)
    expect(calls).toEqual([])
  })

  it('has no overlays before the fight runs or without an active figure', () => {
    for (const session of [{ state: { phase: 'setup' as const } }, { active: null }]) {
      const { board, calls } = setup({ session })
      expect(board.run('threat')).toBe(false)
      expect(board.run('sight')).toBe(false)
      expect(calls).toEqual([])
    }
  })

  it('leaves the map keys alone on the inches map and before the map is ready', () => {
    const inches = { inches: {} } as Partial<ShortcutSession>
    for (const over of [{ session: inches }, { play: { map: null } }]) {
      const { board, calls } = setup(over)
      for (const id of ['fit', 'zoomIn', 'minimap', 'ruler', 'threat'] as const)
        expect(board.run(id), id).toBe(false)
      expect(calls).toEqual([])
    }
  })

  it('offers the template tool only to rules that have area templates', () => {
    expect(setup().board.offers('template')).toBe(false)
    const { board, calls } = setup({
      play: { templates: [{ id: 'template.cone' }] } as unknown as Partial<ShortcutPlay>
    })
    expect(board.offers('template')).toBe(true)
    expect(board.run('template')).toBe(true)
    expect(calls).toEqual(['tool template'])
  })

  it('undoes and redoes through the session, and lets the key go while the fight is replayed', () => {
    const { board, calls } = setup()
    expect(board.run('undoMove')).toBe(true)
    expect(board.run('redo')).toBe(true)
    expect(calls).toEqual(['undo', 'redo'])
    const replaying = setup({ session: { undo: () => 'replaying', redo: () => 'replaying' } })
    expect(replaying.board.run('undoMove')).toBe(false)
    expect(replaying.board.run('redo')).toBe(false)
  })
})
