import type { Action } from '../../../rules/core/types'
import type { Locale } from '../i18n'
import type { LogTranslator } from './log-lines'
import { actsAfter } from './options'

// Buttons name an action by its kind in the rule system's words plus what tells it apart from its
// siblings (which weapon, which spell, which trigger), so four ready triggers read as four choices.

/** What action labels need from the i18n layer: the log's translator and the current language. */
export interface LabelTranslator extends LogTranslator {
  current: Locale
}

type Localized = { es: string; en: string }

const isLocalized = (v: unknown): v is Localized =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Localized).es === 'string' &&
  typeof (v as Localized).en === 'string'

// Every system ships its content as JSON documents with an id and a name in both languages (core
// `contentFields`); the rulesets bundle them already, so indexing their names here costs nothing extra.
const documents = import.meta.glob<{ id?: unknown; name?: unknown }>(
  '../../../rules/systems/*/content/*.json',
  {
    eager: true,
    import: 'default'
  }
)

/** Content names by id (`pathfinder1e:longsword` → Espada larga / Longsword). */
export const contentNames: ReadonlyMap<string, Localized> = new Map(
  Object.values(documents).flatMap((doc) =>
    typeof doc.id === 'string' && isLocalized(doc.name) ? [[doc.id, doc.name] as const] : []
  )
)

/** "pathfinder1e:heavy-mace" → "heavy mace": the slug after the namespace, spelt out. */
export function prettifyId(id: string): string {
  const slug = id.slice(id.lastIndexOf(':') + 1)
  return (
    slug
      .replace(/([a-z\d])([A-Z])/g, '$1 $2')
      .replace(/[_.-]+/g, ' ')
      .trim()
      .toLowerCase() || id
  )
}

/**
 * A content id as a person reads it: the rule system's own term (`source.<id>`, e.g. a spell's name),
 * else the content's name in the UI language, else its slug spelt out.
 */
export function contentName(tr: LabelTranslator, id: string): string {
  const term = tr.code('source', id)
  if (term !== id) return term
  return contentNames.get(id)?.[tr.current] ?? prettifyId(id)
}

/** The name of an actor's weapon at an index (Carnevale's `options.weapon`), or undefined. */
export type WeaponOf = (actorId: string, index: number) => string | undefined

/** Options that only aim an action (a grapple's push point) and tell nobody which choice it is. */
const AIMING = new Set(['defensive', 'pushX', 'pushY', 'pushInches'])

/** One option of an action in words: a trigger, a grapple option, a weapon or spell by name... */
function optionText(
  tr: LabelTranslator,
  key: string,
  value: string | number,
  weapon: (index: number) => string | undefined
): string | null {
  if (AIMING.has(key)) return null
  if (key === 'weapon' && typeof value === 'number') return weapon(value) ?? tr.code(key, String(value))
  if (key === 'trigger') return tr.code('trigger', String(value))
  if (key === 'option') return tr.code('grappleOption', String(value))
  if (typeof value === 'string' && value.includes(':')) return contentName(tr, value)
  // An option nobody words yet reads as the rules' code under its own name, or its bare value.
  return tr.code(key, String(value))
}

/** An action in words: its whole label, and the parts a group of its siblings shows. */
export interface ActionWords {
  /** The whole label: "preparar una acción: si ataca", "retrasar hasta después de Goblin 2". */
  label: string
  /** What its siblings of the same kind share: "preparar una acción", "retrasar hasta después de…". */
  heading: string
  /** What sets it apart from them ("si ataca", "Goblin 2", "Espada larga"), or null when nothing does. */
  detail: string | null
}

/**
 * An action in words: `action.<kind>` in the rule system's words, then what sets it apart — its options
 * (a trigger, a weapon or spell by name, a "(a la defensiva)" suffix) or an item it names (`equip: axe`);
 * a turn-order action names the figure it waits for ("retrasar hasta después de Goblin 2"). `nameOf`
 * turns a figure id into its name (and gives back any other id as it is).
 */
export function actionWords(
  tr: LabelTranslator,
  action: Action,
  nameOf: (id: string) => string,
  weaponOf: WeaponOf = () => undefined
): ActionWords {
  const kind = tr.code('action', action.kind)
  const after = actsAfter(action)
  if (after) {
    const name = nameOf(after)
    return {
      label: tr.t('actionLabel.after', { action: kind, name }),
      heading: tr.t('actionLabel.after', { action: kind, name: '…' }),
      detail: name
    }
  }
  const options = Object.entries(action.options ?? {})
  const details = options.flatMap(([key, value]) => {
    const text = optionText(tr, key, value, (i) => weaponOf(action.actorId, i))
    return text === null ? [] : [text]
  })
  if (action.targetId && nameOf(action.targetId) === action.targetId && action.targetId !== action.actorId)
    details.push(contentName(tr, action.targetId))
  const defensive = options.some(([key, value]) => key === 'defensive' && value !== 0 && value !== '0')
  if (defensive) details.push(tr.t('actionLabel.defensive'))
  const detail = details.length ? details.join(', ').replace(/, \(/g, ' (') : null
  return { label: detail ? `${kind}: ${detail}` : kind, heading: kind, detail }
}

/** An action's whole label (see `actionWords`). */
export function actionLabel(
  tr: LabelTranslator,
  action: Action,
  nameOf: (id: string) => string,
  weaponOf?: WeaponOf
): string {
  return actionWords(tr, action, nameOf, weaponOf).label
}

/** Actions of one kind, shown together: a heading over short buttons when there are several. */
export interface ActionGroup {
  kind: string
  /** The kind's words over the buttons, or null when the group is one action labelled in full. */
  heading: string | null
  items: Array<{ action: Action; label: string; text: string }>
}

/**
 * Actions grouped by kind in first-seen order: a kind with several variants (four ready triggers, a delay
 * after each later figure) reads as one heading and a short button per variant, so the panel stays short;
 * a lone action keeps its whole label. Each item keeps its whole label for tooltips and screen readers.
 */
export function actionGroups(
  tr: LabelTranslator,
  actions: readonly Action[],
  nameOf: (id: string) => string,
  weaponOf?: WeaponOf
): ActionGroup[] {
  const byKind = new Map<string, Action[]>()
  for (const a of actions) byKind.set(a.kind, [...(byKind.get(a.kind) ?? []), a])
  return [...byKind].map(([kind, list]) => {
    const words = list.map((action) => ({ action, ...actionWords(tr, action, nameOf, weaponOf) }))
    const several = words.length > 1 && words.every((w) => w.detail !== null)
    return {
      kind,
      heading: several ? (words[0]?.heading ?? null) : null,
      items: words.map((w) => ({
        action: w.action,
        label: w.label,
        text: several ? (w.detail ?? w.label) : w.label
      }))
    }
  })
}
