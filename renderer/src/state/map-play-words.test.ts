import { describe, expect, it } from 'vitest'
import { playWords } from './map-play-words'

describe('play words', () => {
  it('words a distance by its unit key and a template by its id, in the locale', () => {
    const asked: string[] = []
    const words = playWords({
      current: 'es',
      code: (prefix, code, params) => {
        asked.push(`${prefix}.${code}`)
        return `${prefix}.${code}:${params?.n}`
      }
    })
    expect(words.measure({ value: 7.5, unit: 'unit.feet' })).toBe('7,5 unit.feet:undefined')
    expect(words.template({ id: 'template.burst20', shape: 'burst', size: 4 })).toBe('template.burst20:4')
    expect(asked).toEqual(['unit.feet', 'template.burst20'])
  })
})
