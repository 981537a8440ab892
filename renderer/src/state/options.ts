import { openEconomy } from '../../../rules/core/economy'
import type { ActionOdds, Ruleset } from '../../../rules/core/ruleset'
import type { Action, EncounterState, Violation } from '../../../rules/core/types'

// What the side panels offer the active figure, straight from the ruleset: attacks with their exact
// odds (or the reason they are refused), the actions that need no figure on the map, and the economy
// counters left. Nothing here knows a rule system: the kinds come from the ruleset's own legal actions.

/** The Action vocabulary's basic attacks, offered only to rulesets that know them (see `attackKinds`). */
export const ATTACK_KINDS = ['melee', 'ranged'] as const

/**
 * The figure a turn-order action places the actor after (`options.after`, e.g. PF's delay): a place in the
 * order, not someone acted on, so such actions sit in the active figure's panel rather than on the map.
 */
export function actsAfter(action: Action): string | undefined {
  const after = action.options?.after
  return typeof after === 'string' ? after : undefined
}

/** Refusals meaning "this figure has no such attack at all", not "not now": such a kind is not offered. */
export const NOT_APPLICABLE = new Set(['noRangedWeapon', 'unknownAction'])

/** One numeric field of an action's economy event (`{ ap: 2 }` → `ap`, 2), worded by `cost.<key>`. */
export interface CostPart {
  key: string
  n: number
}

/** An attack (or any action on a figure) the panel offers against the selected target. */
export interface AttackOption {
  action: Action
  /** Why the rules refuse it now, or null. */
  violation: Violation | null
  /** What it costs: the fields of the economy event it sends. */
  cost: CostPart[]
  /** Exact odds, shown before acting. */
  odds: ActionOdds | null
}

/**
 * What tells two actions apart in a list: kind, target and options (a weapon, a spell, a trigger...);
 * the path and facing only aim an action, so two aims of one spell at one figure are one choice.
 */
export function actionKey(action: Action): string {
  const options = Object.entries(action.options ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
  return [action.kind, action.targetId ?? '', ...options].join('|')
}

/** A `data-testid` suffix for an action: its kind, then its option names and values (`cast-spell-...`). */
export function actionTestId(action: Action): string {
  const options = Object.entries(action.options ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([k, v]) => [k, String(v)])
  return [action.kind, ...options].join('-').replace(/[^\w-]+/g, '-')
}

/** The first action of each `actionKey`, in order. */
function distinct(actions: readonly Action[]): Action[] {
  const seen = new Set<string>()
  return actions.filter((a) => {
    const key = actionKey(a)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

const isFigure = (state: EncounterState, id: string | undefined): boolean =>
  id !== undefined && state.combatants.some((c) => c.id === id)

/**
 * Whether an action is aimed at another figure on the map (the target panel's): it names a figure that
 * is not the actor itself, and is not a turn-order action (whose figure only says when to act).
 */
export function isOnFigure(state: EncounterState, action: Action): boolean {
  return isFigure(state, action.targetId) && action.targetId !== action.actorId
}

/**
 * The active figure's actions that need no figure chosen on the map: one per distinct action (kind,
 * target and options, so each ready trigger, weapon to draw and spell is its own button). Moves, facings
 * and anything along a path are the map's and the facing pad's; an action on the figure itself (a spell
 * cast on oneself), on an item, or a turn-order one (delay until after someone) belongs here.
 */
export function ownActions(state: EncounterState, legal: readonly Action[]): Action[] {
  return distinct(
    legal.filter((a) => a.kind !== 'move' && a.kind !== 'face' && !a.path && !isOnFigure(state, a))
  )
}

/** One counter of the active figure's economy (e.g. AP 2 of 3). */
export interface EconomyCounter {
  key: string
  value: number
  max: number
}

/** A counter of at most 1 (PF's standard, move, swift actions, a 5-ft step): available or spent. */
export function isFlag(counter: EconomyCounter): boolean {
  return counter.max === 1
}

/**
 * A counter's label: the rule system's term or the app's (`economy.<key>`); a key nobody translates is
 * spelt out from its code ("fiveFootStep" → "five foot step") rather than shown as an identifier.
 */
export function economyLabel(code: (prefix: string, code: string) => string, key: string): string {
  const label = code('economy', key)
  if (label !== key) return label
  return (
    key
      .replace(/([a-z\d])([A-Z])/g, '$1 $2')
      .replace(/[_.-]+/g, ' ')
      .trim()
      .toLowerCase() || key
  )
}

/** What an action costs: the numeric fields of the economy event it sends, summed (AP for Minecraft). */
export function totalCost(ruleset: Ruleset, state: EncounterState, action: Action): number {
  return costParts(ruleset, state, action).reduce((sum, part) => sum + part.n, 0)
}

/**
 * What an action costs, as the economy event it sends says it: each numeric field not starting with `_`
 * (PF's `{ standard: 1 }`, Minecraft's `{ ap: 2 }`). Zeros are left out (a move action that moves no
 * squares) unless every field is zero, so a free action still says what it is.
 */
export function costParts(ruleset: Ruleset, state: EncounterState, action: Action): CostPart[] {
  return chargeParts(ruleset.economy.charge(state, action) as unknown as Record<string, unknown>)
}

/**
 * What a move costs as the map words it: in the ruleset's map unit when it gives one (`moveInfo().cost`,
 * PF's feet, worded by `cost.ap`, which a ruleset's terms rename), else the economy event's own fields. A
 * move of the ruleset's own kind (PF's 5-ft step, run, withdraw) also says what it spends, so the map tells
 * a 5-ft step from a move of the same 5 feet (issue 21 bug 3).
 */
export function moveCostParts(ruleset: Ruleset, state: EncounterState, action: Action): CostPart[] {
  const unit = ruleset.moveInfo?.(state, action).cost
  if (unit === undefined) return costParts(ruleset, state, action)
  const spent = action.kind === 'move' ? [] : costParts(ruleset, state, action)
  return [{ key: 'ap', n: unit }, ...spent]
}

/** The cost fields of an economy event or a logged cost (see `costParts`). */
export function chargeParts(charge: Readonly<Record<string, unknown>>): CostPart[] {
  const parts = Object.entries(charge).flatMap(([key, n]) =>
    typeof n === 'number' && !key.startsWith('_') ? [{ key, n }] : []
  )
  const spent = parts.filter((p) => p.n !== 0)
  return spent.length ? spent : parts
}

/**
 * A cost as text: each part in the rule system's words (`cost.<key>` with `{n}`: "acción estándar",
 * "2 PA"), joined; an unknown key reads "key n" rather than an identifier with parameters.
 */
export function formatCost(
  code: (prefix: string, code: string, params?: Record<string, number>) => string,
  parts: readonly CostPart[]
): string {
  return parts
    .map(({ key, n }) => {
      const text = code('cost', key, { n })
      return text.startsWith(`${key} (`) ? `${key} ${n}` : text
    })
    .join(', ')
}

/** Per ruleset, whether it knows a basic attack kind (asked once: the answer never changes mid-fight). */
const knownKinds = new WeakMap<Ruleset, Map<string, boolean>>()
/** Per ruleset, the plain kinds it has listed against enemies so far (see `attackKinds`). */
const listedKinds = new WeakMap<Ruleset, Set<string>>()

/** A kind no ruleset has: what the rules answer for it is what they answer before reading the kind. */
const NO_SUCH_KIND = '\u0000probe'

/**
 * Whether the ruleset knows `kind` at all: its `validate` does not answer `unknownAction`. An answer
 * it also gives a made-up kind (the actor cannot act now) says nothing about the kind, so it is asked
 * again next time rather than remembered.
 */
export function knowsKind(
  ruleset: Ruleset,
  state: EncounterState,
  kind: string,
  actorId: string,
  targetId: string
): boolean {
  const cache = knownKinds.get(ruleset) ?? new Map<string, boolean>()
  knownKinds.set(ruleset, cache)
  const cached = cache.get(kind)
  if (cached !== undefined) return cached
  const answer = (k: string) => ruleset.validate(state, { kind: k, actorId, targetId })?.code ?? null
  const code = answer(kind)
  const known =
    code === 'unknownAction' ? false : code === null || code !== answer(NO_SUCH_KIND) ? true : null
  if (known !== null) cache.set(kind, known)
  return known ?? false
}

/**
 * The attack kinds the UI tries on any enemy, in the ruleset's own vocabulary: the basic `melee` and
 * `ranged` when the ruleset knows them, then the kinds of the actions `seen` against another side's
 * figure in their plain form (no options, no path: PF's `attack`) — the legal actions of this turn, the
 * actions declared so far (the AI's too), and those of earlier turns: a turn with no enemy in reach lists
 * no attack, yet a far enemy should still say why it cannot be attacked.
 */
export function attackKinds(
  ruleset: Ruleset,
  state: EncounterState,
  actorId: string,
  targetId: string,
  seen: readonly Action[] = []
): string[] {
  const listed = listedKinds.get(ruleset) ?? new Set<string>()
  listedKinds.set(ruleset, listed)
  const sideOf = (id: string | undefined) => state.combatants.find((c) => c.id === id)?.side
  for (const a of seen) {
    const plain = !a.path && !a.options && isOnFigure(state, a) && a.kind !== 'move'
    const by = sideOf(a.actorId)
    const on = sideOf(a.targetId)
    if (plain && by !== undefined && on !== undefined && by !== on) listed.add(a.kind)
  }
  const basic = ATTACK_KINDS.filter((kind) => knowsKind(ruleset, state, kind, actorId, targetId))
  return [...new Set([...basic, ...listed])]
}

/**
 * Every action the actor has against the target: what the ruleset lists as legal on that figure, one
 * per distinct action (each spell its own), with odds; and, against another side's figure, the attack
 * kinds (`attackKinds`, learnt from `legal` and the actions `seen`) it cannot use now with the reason —
 * one line per reason, so "out of reach" shows once, not for each attack and maneuver.
 */
export function attackOptions(
  ruleset: Ruleset,
  state: EncounterState,
  actorId: string,
  targetId: string,
  legal: readonly Action[] = [],
  seen: readonly Action[] = []
): AttackOption[] {
  const onTarget = distinct(
    legal.filter(
      (a) => a.actorId === actorId && a.targetId === targetId && a.kind !== 'move' && targetId !== actorId
    )
  )
  const actor = state.combatants.find((c) => c.id === actorId)
  const target = state.combatants.find((c) => c.id === targetId)
  const enemy = !!actor && !!target && actor.side !== target.side
  const kinds = enemy ? attackKinds(ruleset, state, actorId, targetId, [...legal, ...seen]) : []
  const byKind = new Map<string, Action[]>()
  for (const a of onTarget) byKind.set(a.kind, [...(byKind.get(a.kind) ?? []), a])
  const order = [...new Set([...kinds, ...onTarget.map((a) => a.kind)])]
  const reasons = new Set<string>()
  return order.flatMap((kind): AttackOption[] => {
    const actions = byKind.get(kind) ?? [{ kind, actorId, targetId }]
    return actions.flatMap((action) => {
      const violation = ruleset.validate(state, action)
      if (NOT_APPLICABLE.has(violation?.code ?? '')) return []
      if (violation && !byKind.has(kind)) {
        const reason = JSON.stringify([violation.code, violation.params ?? {}])
        if (reasons.has(reason)) return []
        reasons.add(reason)
      }
      return [
        { action, violation, cost: costParts(ruleset, state, action), odds: ruleset.odds(state, action) }
      ]
    })
  })
}

/**
 * The active figure's economy counters, each with what it started the activation with. Keys starting
 * with `_` are the economy's own bookkeeping (e.g. feet moved so far), not something a person spends.
 */
export function economyCounters(ruleset: Ruleset, state: EncounterState): EconomyCounter[] {
  const active = state.combatants.find((c) => c.id === state.turn?.activeId)
  if (!state.turn || !active) return []
  const opened = openingEconomy(state) ?? openEconomy(ruleset.economy, state, active).context
  return Object.entries(state.turn.economy.context).flatMap(([key, value]) => {
    if (key.startsWith('_') || typeof value !== 'number') return []
    // A counter the activation opened with nothing in (a flag such as HQ2's blind fighting) is no pool.
    const max = Math.max(opened[key] ?? 0, value)
    return max > 0 ? [{ key, value, max }] : []
  })
}

/**
 * What the active figure's economy held once its activation opened, start-of-turn grants included
 * (HQ2's rolled movement): the last economy logged before its first paid action.
 */
function openingEconomy(state: EncounterState): Record<string, number> | null {
  const { log } = state
  let start = log.length - 1
  while (start >= 0 && log[start]?.type !== 'turn.started' && log[start]?.type !== 'activation.changed')
    start--
  let opened: Record<string, number> | null = null
  for (const e of log.slice(Math.max(start, 0))) {
    if (e.type === 'economy.spent') break
    if (e.type === 'turn.started' || e.type === 'activation.changed' || e.type === 'economy.changed') {
      opened = e.economy.context
    }
  }
  return opened
}
