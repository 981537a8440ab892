import { canonicalJson, hashString } from '../rules/core/hash'
import type { AiOption, AiStep } from './types'

/** How many options a trace keeps (ai.md G9: at most 5 reason lines). */
export const TRACE_SIZE = 5

const termOf = (o: AiOption, key: string): number => o.terms.find((t) => t.key === key)?.value ?? 0

/**
 * The term that cost a losing option most against the chosen one (the chosen option's value of it minus
 * the loser's); null when no term favours the chosen (a tie kept by order).
 */
export function lostOn(chosen: AiOption, other: AiOption): { key: string; by: number } | null {
  const keys = new Set([...chosen.terms.map((t) => t.key), ...other.terms.map((t) => t.key)])
  let best: { key: string; by: number } | null = null
  for (const key of [...keys].sort()) {
    const by = termOf(chosen, key) - termOf(other, key)
    if (by > 0 && (!best || by > best.by)) best = { key, by: Math.round(by * 1000) / 1000 }
  }
  return best
}

/** The trace: the chosen option first, then the best others by score, each loser with its `lostOn`. */
export function traceOf(chosen: AiOption, options: readonly AiOption[]): AiOption[] {
  const others = options.filter((o) => o !== chosen).sort((a, b) => b.score - a.score)
  return [
    chosen,
    ...others.slice(0, TRACE_SIZE - 1).map((o) => {
      const lost = lostOn(chosen, o)
      return lost ? { ...o, lostOn: lost } : o
    })
  ]
}

/** A fingerprint of a step and its trace (ai.md G10: same seed + state + policy gives the same hash). */
export function traceHash(step: AiStep): string {
  return hashString(canonicalJson({ command: step.command, reason: step.reason, trace: step.trace }))
}
