import { describe, expect, it } from 'vitest'
import type { Action } from '../../../rules/core/types'
import { formatPercent, translate, translateCode } from '../i18n'
import { play, ruleset, started } from './fixtures'
import { escapeMarkdown, exportFileName, logAsMarkdown, logAsText, type LogMeta } from './log-export'
import { logLines, type LogLine, type LogTranslator } from './log-lines'

const es: LogTranslator = {
  t: (key, params) => translate('es', key, params),
  code: (prefix, code, params) => translateCode('es', prefix, code, params),
  percent: (p) => formatPercent('es', p)
}

const meta: LogMeta = {
  campaign: 'Minecraft: la mina abandonada',
  encounter: 'La mina abandonada',
  system: 'Minecraft',
  date: '30/11/2026, 17:00:00',
  words: {
    title: translate('es', 'log.export.title'),
    campaign: translate('es', 'log.export.campaign'),
    encounter: translate('es', 'log.export.encounter'),
    system: translate('es', 'log.export.system'),
    date: translate('es', 'log.export.date'),
    ai: translate('es', 'log.export.ai')
  }
}

/** A real log: Alex shoots, the AI explains a step, then the next round starts. */
function fight(): LogLine[] {
  let state = play(started(), { type: 'activation.select', actorId: 'alex' })
  const shot = ruleset.legalActions(state, 'alex').find((a: Action) => a.kind === 'ranged')
  if (!shot) throw new Error('Alex cannot shoot in the sample')
  state = play(state, { type: 'action.declare', action: shot })
  const note = { at: state.log.length, reason: { key: 'endTurn', params: { actor: 'Alex' } } }
  return logLines(play(state, { type: 'turn.end' }), [note], es)
}

describe('logAsText', () => {
  it('has a header naming the campaign, encounter, system and date', () => {
    const text = logAsText(fight(), meta)
    const head = text.split('\n').slice(0, 6)
    expect(head[0]).toBe('Registro de combate: La mina abandonada')
    expect(head[1]).toMatch(/^=+$/)
    expect(head.slice(2)).toEqual([
      'Campaña: Minecraft: la mina abandonada',
      'Encuentro: La mina abandonada',
      'Sistema: Minecraft',
      'Fecha: 30/11/2026, 17:00:00'
    ])
  })

  it('keeps every line of the whole log, rolls with their breakdown, AI reasons marked', () => {
    const lines = fight()
    const out = logAsText(lines, meta).split('\n')
    for (const line of lines) expect(out.some((l) => l.endsWith(line.text))).toBe(true)
    const roll = lines.find((l) => l.kind === 'dice')
    expect(out).toContain(roll?.text)
    expect(roll?.text).toMatch(/d10 = \d \(necesita ≤ \d+\) → /)
    const ai = lines.find((l) => l.kind === 'ai')
    expect(out).toContain(`[IA] ${ai?.text}`)
  })

  it('underlines each round as a title after a blank line', () => {
    const out = logAsText(fight(), meta).split('\n')
    const at = out.indexOf('Ronda 1')
    expect(at).toBeGreaterThan(0)
    expect(out[at - 1]).toBe('')
    expect(out[at + 1]).toBe('-'.repeat('Ronda 1'.length))
  })
})

describe('logAsMarkdown', () => {
  it('titles the document and lists the header', () => {
    const md = logAsMarkdown(fight(), meta)
    expect(md.startsWith('# Registro de combate: La mina abandonada\n\n')).toBe(true)
    expect(md).toContain('- **Campaña:** Minecraft: la mina abandonada\n')
    expect(md).toContain('- **Sistema:** Minecraft\n')
    expect(md).toContain('- **Fecha:** 30/11/2026, 17:00:00\n')
  })

  it('makes each round a level-2 heading set apart by blank lines', () => {
    const lines = fight()
    const md = logAsMarkdown(lines, meta)
    const rounds = lines.filter((l) => l.kind === 'round').map((l) => l.text)
    expect(rounds).toContain('Ronda 1')
    for (const round of rounds) expect(md).toContain(`\n\n## ${round}\n\n`)
    expect(md.match(/^## /gm)?.length).toBe(rounds.length)
  })

  it('lists rolls whole and the AI reasons in italics under their mark', () => {
    const lines = fight()
    const md = logAsMarkdown(lines, meta).split('\n')
    for (const roll of lines.filter((l) => l.kind === 'dice')) expect(md).toContain(`- ${roll.text}`)
    const ai = lines.find((l) => l.kind === 'ai')
    expect(md).toContain(`- *IA: ${ai?.text}*`)
  })

  it('exports the whole log it is given: one list item per non-round line', () => {
    const lines = fight()
    const items = logAsMarkdown(lines, meta)
      .split('\n')
      .filter((l) => l.startsWith('- ') && !l.startsWith('- **'))
    expect(items.length).toBe(lines.filter((l) => l.kind !== 'round' && l.kind !== 'end').length)
  })

  it('escapes text that would turn into Markdown', () => {
    const md = logAsMarkdown([{ id: '0', kind: 'other', text: 'a *b* _c_ [d](e) #f <g>' }], meta)
    expect(md).toContain('- a \\*b\\* \\_c\\_ \\[d\\](e) \\#f \\<g\\>')
    expect(escapeMarkdown('plain → 4 (≤ 7)')).toBe('plain → 4 (≤ 7)')
  })
})

describe('exportFileName', () => {
  it('slugs the encounter name without accents', () => {
    expect(exportFileName('La emboscada del Ñandú', 'md')).toBe('la-emboscada-del-nandu-log.md')
    expect(exportFileName('¡¡!!', 'txt')).toBe('combat-log.txt')
  })
})
