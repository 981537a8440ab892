import { describe, expect, it } from 'vitest'
import { loadNotes, notesKey, saveNotes } from './notes'

describe('AI notes storage', () => {
  it('round-trips notes under a per-encounter key', () => {
    const items = new Map<string, string>()
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v)
    }
    const key = notesKey('camp', 'enc')
    const notes = [
      { at: 3, reason: { key: 'approach', params: { actor: 'Zombi 1', target: 'Steve', steps: 4 } } }
    ]
    saveNotes(storage, key, notes)
    expect(loadNotes(storage, key)).toEqual(notes)
    expect(loadNotes(storage, notesKey('camp', 'other'))).toEqual([])
  })

  it('reads garbage as no notes and survives a failing storage', () => {
    expect(loadNotes({ getItem: () => '{oops' }, 'k')).toEqual([])
    expect(loadNotes({ getItem: () => JSON.stringify([{ at: 'x' }, 5]) }, 'k')).toEqual([])
    const failing = {
      setItem: () => {
        throw new Error('full')
      }
    }
    expect(() => saveNotes(failing, 'k', [])).not.toThrow()
  })
})
