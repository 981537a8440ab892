import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../rules/core/events'
import { formatPercent, translate, translateCode, type Locale } from '../i18n'
import { systemTerms } from '../i18n/system-terms'
import { aiLine, eventLine, type LogTranslator } from './log-lines'

// The log's side of automation: dice typed by hand say so with their face, and the answers automation
// gives read like the AI's.

const tr = (locale: Locale): LogTranslator => ({
  t: (key, params) => translate(locale, key, params),
  code: (prefix, code, params) => translateCode(locale, prefix, code, params, systemTerms.pathfinder1e),
  percent: (p) => formatPercent(locale, p)
})
const name = (id: string): string => ({ hero: 'Valeria', orc: 'Orco' })[id] ?? id
const roll: GameEvent = {
  type: 'dice.rolled',
  actorId: 'hero',
  purpose: 'hit',
  sides: 20,
  result: 23,
  target: 15,
  atLeast: true,
  success: true
}

describe('log lines of manual dice and automatic answers', () => {
  it('a die entered by hand shows its face, in either language; a rolled one does not', () => {
    const typed = { ...roll, entered: 17 } as GameEvent
    expect(eventLine(typed, name, name, tr('es'))?.text).toMatch(/\(a mano: 17\)$/)
    expect(eventLine(typed, name, name, tr('en'))?.text).toMatch(/\(by hand: 17\)$/)
    expect(eventLine(roll, name, name, tr('es'))?.text).not.toMatch(/a mano/)
  })

  it('an answer declined by automation names the decision and the choice as the rules word them', () => {
    const note = {
      at: 3,
      reason: { key: 'autoDeclined', params: { actor: 'Valeria', decision: 'pf1.aoo', choice: 'pass' } }
    }
    const text = aiLine(note, tr('es'), { reactor: 'Valeria', actor: 'Orco' })
    expect(text).toContain('Valeria no reacciona')
    expect(text).not.toContain('pf1.aoo')
    expect(text).not.toMatch(/→ pass/)
  })
})
