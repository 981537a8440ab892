import { describe, expect, it } from 'vitest'
import type { Action } from '../../../rules/core/types'
import { formatPercent, translate, translateCode } from '../i18n'
import { play, ruleset, started } from './fixtures'
import { allOn, filterKindOf, filterLog, FILTER_KINDS, fold, toggleKind, type FilterKind } from './log-filter'
import { logLines, type LogLine, type LogTranslator } from './log-lines'

const es: LogTranslator = {
  t: (key, params) => translate('es', key, params),
  code: (prefix, code, params) => translateCode('es', prefix, code, params),
  percent: (p) => formatPercent('es', p)
}

/** A real log: Alex shoots a zombie and steps, the AI's note before the shot. */
function fight(): LogLine[] {
  let state = play(started(), { type: 'activation.select', actorId: 'alex' })
  const shot = ruleset.legalActions(state, 'alex').find((a: Action) => a.kind === 'ranged')
  if (!shot) throw new Error('Alex cannot shoot in the sample')
  const note = { at: state.log.length, reason: { key: 'endTurn', params: { actor: 'Alex' } } }
  state = play(
    state,
    { type: 'action.declare', action: shot },
    { type: 'action.declare', action: { kind: 'move', actorId: 'alex', path: [{ x: 3, y: 7, z: 0 }] } }
  )
  return logLines(state, [note], es)
}

const only = (kind: FilterKind): Set<FilterKind> => new Set([kind])

describe('filterKindOf', () => {
  it('puts every line of a real fight under one chip, rolls under dice and steps under movement', () => {
    const lines = fight()
    for (const line of lines) expect(FILTER_KINDS).toContain(filterKindOf(line))
    const dice = lines.filter((l) => filterKindOf(l) === 'dice')
    expect(dice.length).toBeGreaterThan(0)
    for (const line of dice) expect(line.text).toMatch(/tirada .*d10 = \d/)
    expect(lines.filter((l) => filterKindOf(l) === 'move').map((l) => l.text)).toContain(
      'Alex se mueve a D8 (1 casillas).'
    )
  })

  it('keeps an attack with its hits and damage, and rounds with turns', () => {
    expect(filterKindOf({ kind: 'effect' })).toBe(filterKindOf({ kind: 'attack' }))
    expect(filterKindOf({ kind: 'round' })).toBe('turn')
    expect(filterKindOf({ kind: 'end' })).toBe('turn')
    expect(filterKindOf({ kind: 'ai' })).toBe('ai')
  })
})

describe('fold', () => {
  it('ignores case and accents but keeps the letters', () => {
    expect(fold('Ángel PIERDE Daño')).toBe('angel pierde dano')
    expect(fold('Zombi 1')).not.toBe(fold('Zombi 2'))
  })
})

describe('filterLog', () => {
  it('shows everything, unchanged, with every chip on and no search', () => {
    const lines = fight()
    expect(filterLog(lines, allOn())).toEqual({ lines, matches: null })
  })

  it('with only the dice chip on, shows only roll lines, in order', () => {
    const lines = fight()
    const shown = filterLog(lines, { kinds: only('dice'), query: '' }).lines
    expect(shown.length).toBeGreaterThan(1)
    expect(shown.every((l) => l.kind === 'dice')).toBe(true)
    expect(shown).toEqual(lines.filter((l) => l.kind === 'dice'))
  })

  it('searches case- and accent-insensitively and counts the matches', () => {
    const lines = fight()
    const result = filterLog(lines, { kinds: allOn().kinds, query: '  zómbi 1 ' })
    const expected = lines.filter((l) => l.text.includes('Zombi 1'))
    expect(expected.length).toBeGreaterThan(1)
    expect(result.lines).toEqual(expected)
    expect(result.matches).toBe(expected.length)
  })

  it('combines the search with the chips', () => {
    const lines = fight()
    const result = filterLog(lines, { kinds: only('dice'), query: 'HERIR' })
    expect(result.lines.map((l) => l.text)).toEqual(
      lines.filter((l) => l.kind === 'dice' && l.text.includes('herir')).map((l) => l.text)
    )
    expect(result.matches).toBe(1)
  })

  it('hides the AI notes when their chip is off, and only them', () => {
    const lines = fight()
    const off = toggleKind(allOn().kinds, 'ai')
    const shown = filterLog(lines, { kinds: off, query: '' }).lines
    expect(shown).toEqual(lines.filter((l) => l.kind !== 'ai'))
    expect(shown.length).toBe(lines.length - 1)
  })

  it('never changes the lines it is given', () => {
    const lines = fight()
    const copy = structuredClone(lines)
    filterLog(lines, { kinds: only('move'), query: 'alex' })
    expect(lines).toEqual(copy)
  })
})

describe('toggleKind', () => {
  it('switches one chip and leaves the set it was given alone', () => {
    const kinds = allOn().kinds
    const off = toggleKind(kinds, 'move')
    expect(off.has('move')).toBe(false)
    expect(off.size).toBe(FILTER_KINDS.length - 1)
    expect(kinds.has('move')).toBe(true)
    expect(toggleKind(off, 'move')).toEqual(new Set(FILTER_KINDS))
  })
})
