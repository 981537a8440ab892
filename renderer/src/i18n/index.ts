import { en } from './en'
import { es, type MessageKey } from './es'

export type { MessageKey } from './es'

/** The UI languages, Spanish first. */
export const LOCALES = ['es', 'en'] as const

/** A UI language. */
export type Locale = (typeof LOCALES)[number]

/** Values interpolated into `{name}` placeholders. */
export type Params = Record<string, string | number>

/** Translates a key; what a translator sees as `(key, params) → text`. */
export type Translate = (key: MessageKey, params?: Params) => string

/** A rule system's own terms by locale (violations, rolls, odds, decisions...), e.g. Minecraft's `terms`. */
export type Terms = Readonly<Record<Locale, Readonly<Record<string, string>>>>

/** The catalogues by locale. */
export const catalogues: Record<Locale, Record<MessageKey, string>> = { es, en }

/** True for a supported locale code. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

function interpolate(template: string, params: Params | undefined): string {
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name]
    return value === undefined ? whole : String(value)
  })
}

function describeParams(params: Params | undefined): string {
  const entries = Object.entries(params ?? {})
  return entries.length ? ` (${entries.map(([k, v]) => `${k}=${v}`).join(', ')})` : ''
}

/** The text of `key` in `locale`; a key no catalogue knows falls back to the raw key and its params. */
export function translate(locale: Locale, key: string, params?: Params): string {
  const template = (catalogues[locale] as Record<string, string>)[key]
  return template === undefined ? `${key}${describeParams(params)}` : interpolate(template, params)
}

/**
 * The text of a code from the rules or the AI (`violation.<code>`, `roll.<purpose>`, `odds.<key>`,
 * `ai.<key>`...): the rule system's own terms first, then the app catalogue; an unknown code shows itself
 * raw, so a missing key is visible, never blank.
 */
export function translateCode(
  locale: Locale,
  prefix: string,
  code: string,
  params?: Params,
  terms?: Terms
): string {
  const key = `${prefix}.${code}`
  const own = terms?.[locale][key]
  if (own !== undefined) return interpolate(own, params)
  if (key in catalogues[locale]) return translate(locale, key, params)
  return `${code}${describeParams(params)}`
}

/** A probability as a locale percentage with at most one decimal ("70 %" in Spanish, "70%" in English). */
export function formatPercent(locale: Locale, p: number): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(p)
}
