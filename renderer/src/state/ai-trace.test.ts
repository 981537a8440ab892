import { describe, expect, it } from 'vitest'
import { chooseStep } from '../../../ai'
import type { AiStep } from '../../../ai/types'
import { formatPercent, translate, translateCode, type Locale } from '../i18n'
import { parseAiStep } from '../worker/protocol'
import { formatScore, traceView, type TraceTranslator } from './ai-trace'
import { play, ruleset, started } from './fixtures'

const tr = (locale: Locale): TraceTranslator => ({
  t: (key, params) => translate(locale, key, params),
  code: (prefix, code, params) => translateCode(locale, prefix, code, params),
  percent: (p) => formatPercent(locale, p),
  number: (n, signed) => formatScore(locale, n, signed)
})

/** A step as the AI writes one: an attack chosen over an approach that lost on damage. */
const step: AiStep = {
  command: { type: 'action.declare', action: { kind: 'attack', actorId: 'zombie', targetId: 'steve' } },
  reason: {
    key: 'attack',
    params: { actor: 'Zombi', target: 'Steve', mode: 'attack', pWound: '42%', why: 'finish' }
  },
  trace: [
    {
      action: { kind: 'attack', actorId: 'zombie', targetId: 'steve' },
      score: 0.655,
      reason: {
        key: 'attack',
        params: { actor: 'Zombi', target: 'Steve', mode: 'attack', pWound: '42%', why: 'finish' }
      },
      terms: [
        { key: 'damage', value: 0.42 },
        { key: 'kill', value: 0.25 },
        { key: 'provoked', value: -0.01 },
        { key: 'moveCost', value: 0 },
        { key: 'provoked', value: -0.005 }
      ],
      probabilities: [
        { key: 'wound', p: 0.42 },
        { key: 'kill', p: 0.125 }
      ]
    },
    {
      action: { kind: 'move', actorId: 'zombie', path: [{ x: 3, y: 4, z: 0 }] },
      score: 0.1,
      reason: { key: 'approach', params: { actor: 'Zombi', target: 'Alex', steps: 2 } },
      terms: [{ key: 'approach', value: 0.1 }],
      probabilities: [],
      lostOn: { key: 'damage', by: 0.42 }
    }
  ],
  considered: 9,
  policy: 'hard',
  personality: 'brute'
}

describe('formatScore', () => {
  it('keeps a tiny term visible and signs what it is asked to', () => {
    expect(formatScore('en', 0.001, true)).toBe('+0.001')
    expect(formatScore('es', -0.0042, true)).toBe('−0,0042')
    expect(formatScore('en', 0, true)).toBe('0.00')
    expect(formatScore('en', 1.5)).toBe('1.50')
  })
})

describe('traceView', () => {
  it('words the chooser, the scores, the signed terms and the exact probabilities', () => {
    const view = traceView(step, 0, tr('en'), (pos) => `${pos.x}/${pos.y}`)
    expect(view).toMatchObject({ level: 'Hard', personality: 'Brute', considered: 9 })
    const [chosen, loser] = view.rows
    expect(chosen).toMatchObject({ chosen: true, played: true, score: '0.66', lostOn: null })
    // Largest contribution first; parts of one term summed; a zero term is noise and left out; costs keep
    // their minus sign.
    expect(chosen!.terms.map((t) => `${t.label} ${t.text}`)).toEqual([
      'damage +0.42',
      'take out +0.25',
      'provoked attacks −0.02'
    ])
    expect(chosen!.probabilities.map((p) => `${p.label} ${p.text}`)).toEqual([
      'P(wound) 42%',
      'P(take out) 12.5%'
    ])
    expect(loser).toMatchObject({ chosen: false, played: false, lostOn: 'lost on damage by 0.42' })
    expect(loser!.label).toBe('Zombi closes in on Alex (2 squares left) → 3/4')
  })

  it('reads in Spanish, with Spanish digits', () => {
    const view = traceView(step, 1, tr('es'))
    expect(view.level).toBe('Difícil')
    expect(view.rows[0]!.terms[0]!.text).toBe('+0,42')
    expect(view.rows[1]!.lostOn).toBe('pierde en daño por 0,42')
    expect(view.rows[1]!.played).toBe(true)
    expect(view.rows[0]!.probabilities[1]!.text.replace(/\s/g, ' ')).toBe('12,5 %')
  })

  it('words a real AI step without a raw code left', () => {
    const monsters = play(started(), { type: 'turn.end' }, { type: 'turn.end' })
    const real = chooseStep(monsters, ruleset, monsters.turn!.activeId!)
    const view = traceView(real, 0, tr('es'))
    expect(view.rows.length).toBeGreaterThan(0)
    // translateCode shows an unknown code raw, so a worded label differs from its code.
    view.rows.forEach((row, i) => {
      const option = real.trace[i]!
      expect(row.label).not.toContain(option.reason.key)
      for (const term of row.terms) expect(term.label).not.toBe(term.key)
      for (const p of row.probabilities) expect(p.label).not.toBe(p.key)
    })
    expect(view.level).not.toBe(real.policy)
    expect(view.personality).not.toBe(real.personality)
  })
})

describe('parseAiStep', () => {
  it('accepts a step as the AI writes it, through a structured clone', () => {
    expect(parseAiStep(structuredClone(step))).toEqual(step)
  })

  it('refuses a malformed step rather than showing half of it', () => {
    expect(parseAiStep({ ...step, trace: [{ ...step.trace[0], score: 'high' }] })).toBeNull()
    expect(parseAiStep({ ...step, command: { type: 'cheat' } })).toBeNull()
    expect(parseAiStep({ command: step.command, reason: step.reason })).toBeNull()
    const p = { ...step.trace[0]!, probabilities: [{ key: 'wound', p: 1.5 }] }
    expect(parseAiStep({ ...step, trace: [p] })).toBeNull()
  })
})
