import type { AiOption, AiStep, AiTerm } from '../../../ai/types'
import type { Action } from '../../../rules/core/types'
import type { Locale } from '../i18n'
import { aiLine, type LogTranslator } from './log-lines'

/** What the trace formatter needs from the i18n layer. */
export interface TraceTranslator extends LogTranslator {
  /** A score or term value in the locale's digits; `signed` always shows its sign. */
  number(n: number, signed?: boolean): string
}

/** One signed part of an option's score, worded. */
export interface TraceTerm {
  key: string
  label: string
  value: number
  text: string
}

/** One option of a trace, worded for the panel. */
export interface TraceRow {
  /** Its index in the step's trace (what `AiControl.pick` takes). */
  index: number
  label: string
  score: string
  /** The AI's own choice (the trace's first option). */
  chosen: boolean
  /** The option that was actually played (the GM may have picked another). */
  played: boolean
  terms: TraceTerm[]
  probabilities: { key: string; label: string; text: string }[]
  /** Why it lost to the chosen option ("lost on risk by 0.31"), or null for the chosen one. */
  lostOn: string | null
}

/** A whole trace, worded: who chose (level, personality), from how many candidates, and the top options. */
export interface TraceView {
  level: string
  personality: string
  considered: number
  rows: TraceRow[]
}

/**
 * A score in the locale's digits, two decimals; `signed` shows + and − (a real minus sign). A value too small
 * for two decimals keeps two significant digits (+0,001), so a term that counts never reads as zero.
 */
export function formatScore(locale: Locale, n: number, signed = false): string {
  const tiny = n !== 0 && Math.abs(n) < 0.01
  const format = new Intl.NumberFormat(locale, {
    ...(tiny ? { maximumSignificantDigits: 2 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    signDisplay: signed ? 'exceptZero' : 'auto'
  })
  return format.format(n).replace('-', '−')
}

/** The square an action ends on, for telling apart options with the same reason (several approaches). */
function destination(action: Action | null): { x: number; y: number } | undefined {
  return action?.path?.at(-1)
}

/** An option's label: its reason as the log words it, and where it ends when it moves. */
export function optionLabel(
  option: AiOption,
  tr: TraceTranslator,
  place?: (pos: { x: number; y: number }) => string
): string {
  const text = aiLine({ at: 0, reason: option.reason }, tr).replace(/\.$/, '')
  const to = destination(option.action)
  return to && place ? `${text} → ${place(to)}` : text
}

/** Terms summed by key: a term the AI counted in parts (a second flee cost, say) reads as one line. */
function merged(terms: readonly AiTerm[]): AiTerm[] {
  const byKey = new Map<string, number>()
  for (const term of terms) byKey.set(term.key, (byKey.get(term.key) ?? 0) + term.value)
  return [...byKey].map(([key, value]) => ({ key, value }))
}

/**
 * A step's trace as the panel shows it: each option's score, its terms signed (largest first, zero terms left
 * out as noise), its exact probabilities as percentages, and for each loser the term it lost on.
 */
export function traceView(
  step: AiStep,
  played: number,
  tr: TraceTranslator,
  place?: (pos: { x: number; y: number }) => string
): TraceView {
  return {
    level: tr.code('ai.level', step.policy),
    personality: tr.code('ai.personality', step.personality),
    considered: step.considered,
    rows: step.trace.map((option, index) => ({
      index,
      label: optionLabel(option, tr, place),
      score: tr.number(option.score),
      chosen: index === 0,
      played: index === played,
      terms: merged(option.terms)
        .filter((term) => term.value !== 0)
        .sort((a, b) => Math.abs(b.value) - Math.abs(a.value))
        .map((term) => ({
          key: term.key,
          label: tr.code('ai.term', term.key),
          value: term.value,
          text: tr.number(term.value, true)
        })),
      probabilities: option.probabilities.map((p) => ({
        key: p.key,
        label: tr.code('odds', p.key),
        text: tr.percent(p.p)
      })),
      lostOn:
        index > 0 && option.lostOn
          ? tr.code('aiTrace', 'lostOn', {
              term: tr.code('ai.term', option.lostOn.key),
              by: tr.number(option.lostOn.by)
            })
          : null
    }))
  }
}
