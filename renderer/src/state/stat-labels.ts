import { humanize, type FieldIssue } from './stat-form'

// How the stat-block form names things: the ruleset's own terms first (through `locale.code`, which reads
// the open system's terms before the app catalogue), then the catalogue, then the key made into words.

/** `locale.code`: the text of `<prefix>.<code>`, or the raw code when nothing names it. */
export type CodeText = (prefix: string, code: string, params?: Record<string, string | number>) => string

/** A stat field's label: `stat.<system>.<key>`, then `stat.<key>`, then the key as words. */
export function fieldLabel(code: CodeText, system: string, key: string): string {
  for (const prefix of [`stat.${system}`, 'stat']) {
    const text = code(prefix, key)
    if (text !== key) return text
  }
  return humanize(key)
}

// Where the rulesets' terms name the values of a field (conditions, skills, elements, size classes).
const OPTION_PREFIX: Readonly<Record<string, string>> = {
  conditions: 'condition',
  skills: 'skill',
  sizeClass: 'size',
  weaknesses: 'element',
  resistances: 'element',
  element: 'element',
  defenseFace: 'face',
  face: 'face'
}

/**
 * The label of a field's value (an enum option or a record key): the system's terms where they name it, then
 * the catalogue's `statOption.<value>` (kinds, shapes, materials...), then the value as words.
 */
export function optionLabel(code: CodeText, fieldKey: string, value: string | number): string {
  const text = String(value)
  const prefix = OPTION_PREFIX[fieldKey]
  const named = prefix ? code(prefix, text) : text
  if (named !== text) return named
  const common = code('statOption', text)
  return common !== text ? common : text.length > 2 ? humanize(text) : text
}

/** A schema problem in words: the catalogue's `roster.issue.<code>[.<origin>]` with its parameters. */
export function issueText(code: CodeText, issue: FieldIssue): string {
  const params: Record<string, string | number> = { ...issue.params, message: issue.message }
  if (typeof issue.params.expected === 'string')
    params.expected = code('roster.expected', issue.params.expected)
  const origin = issue.params.origin
  if (typeof origin === 'string') {
    const specific = code('roster.issue', `${issue.code}.${origin}`, params)
    if (!specific.startsWith(`${issue.code}.${origin}`)) return specific
  }
  const general = code('roster.issue', issue.code, params)
  return general.startsWith(issue.code) ? code('roster.issue', 'other', params) : general
}
