import type { RosterCondition } from './roster'

/** Looks a rules code up under its prefix (`locale.code`). */
type CodeText = (prefix: string, code: string, params?: Record<string, string | number>) => string
/** Looks an app catalogue key up (`locale.t`); only the two duration sentences are asked for. */
type Translate = (
  key: 'panel.roundsLeft' | 'panel.untilTurnOf',
  params?: Record<string, string | number>
) => string

/**
 * A condition's name from its terms key: the rulesets give `condition.<id>` and `effect.<id>` (PF's timed
 * effects), so the key's own prefix picks the terms namespace.
 */
export function conditionName(code: CodeText, key: string): string {
  const dot = key.indexOf('.')
  return dot < 0 ? code('condition', key) : code(key.slice(0, dot), key.slice(dot + 1))
}

/**
 * How long it lasts, as the turn panel words it: "3 rounds", "until Pícara's turn", or '' when the rules
 * give no duration. One round left is the same as "until that figure's next turn".
 */
export function conditionDuration(t: Translate, condition: RosterCondition): string {
  if (condition.rounds !== undefined && condition.rounds > 1)
    return t('panel.roundsLeft', { count: condition.rounds })
  return condition.untilName ? t('panel.untilTurnOf', { name: condition.untilName }) : ''
}
