import type { Fate, Ruleset } from '../rules/core/ruleset'
import type { Combatant, EncounterState } from '../rules/core/types'

// How a simulated figure ended (dead or only out) and what it used up, read generically from the state.
// The engine has no death flag and no list of limited uses, so both are derived here, and a ruleset whose
// health or resources the generic reading gets wrong answers through the optional `Ruleset` hooks
// `fate` and `resourcesLeft`.

/** A figure's fate at the end of a game (the `Ruleset` contract's type, re-exported for the simulation). */
export type { Fate } from '../rules/core/ruleset'

/**
 * The generic death rule: a figure out of the fight at its floor (`life <= (lifeMin ?? 0)`) is dead,
 * out above it is unconscious, dying, fled or removed. It fits Minecraft and Carnevale (removed at 0
 * life, no wound states), HQ2 (0 Body Points: a monster dies, a hero is dying and dies unless a potion
 * lifts it at once) and PF when the −Con floor is reached; PF's massive-damage death and Athkri's
 * wounds below 0 (kept in the log) need the `fate` hook.
 */
export function fateOf(state: EncounterState, figure: Combatant, ruleset: Ruleset): Fate {
  // Escaped through an exit (an escape objective): safe, whatever the ruleset reads from `out`.
  if (figure.escaped) return 'standing'
  if (ruleset.fate) return ruleset.fate(state, figure)
  if (!figure.out) return 'standing'
  return figure.life <= (figure.lifeMin ?? 0) ? 'dead' : 'out'
}

/**
 * Every number in a stats object by its path (`spells.magic-missile.uses`); an array element with a
 * string `id` is named by it, so a list that reorders or shrinks keeps its keys.
 */
export function numericLeaves(value: unknown, prefix = '', into = new Map<string, number>()) {
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (prefix) into.set(prefix, value)
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const id = item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string'
      const key = id ? (item as { id: string }).id : String(i)
      numericLeaves(item, prefix ? `${prefix}.${key}` : key, into)
    })
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) numericLeaves(v, prefix ? `${prefix}.${k}` : k, into)
  }
  return into
}

/** What one figure used up in one game. */
export interface Spent {
  /** Start less end, for each number that went down and never rose. */
  spent: Record<string, number>
  /** Numbers that rose at some moment (turn budgets, counters): not resources, whatever this game did. */
  rose: string[]
}

/**
 * Watches the figures' limited uses through a game: numbers (from the `resourcesLeft` hook, else from
 * `stats`) that only go down are resources; one that ever rises is a budget or a counter and is dropped.
 * Stats are immutable, so a figure whose `stats` object did not change is skipped without a walk.
 */
export class ResourceWatch {
  readonly #hook: Ruleset['resourcesLeft']
  readonly #start = new Map<string, Map<string, number>>()
  readonly #last = new Map<string, Map<string, number>>()
  readonly #rose = new Map<string, Set<string>>()
  readonly #seen = new Map<string, unknown>()

  /** Starts watching from `state` (the first state of the game). */
  constructor(
    state: EncounterState,
    private readonly ruleset: Ruleset
  ) {
    this.#hook = ruleset.resourcesLeft
    for (const c of state.combatants) {
      const now = this.#read(state, c)
      this.#start.set(c.id, now)
      this.#last.set(c.id, now)
      this.#rose.set(c.id, new Set())
      this.#seen.set(c.id, c.stats)
    }
  }

  #read(state: EncounterState, c: Combatant): Map<string, number> {
    if (!this.#hook) return numericLeaves(c.stats)
    return new Map(Object.entries(this.#hook.call(this.ruleset, state, c)))
  }

  /** Looks at the figures after a step. */
  observe(state: EncounterState): void {
    for (const c of state.combatants) {
      if (!this.#hook && this.#seen.get(c.id) === c.stats) continue
      this.#seen.set(c.id, c.stats)
      const last = this.#last.get(c.id)
      const rose = this.#rose.get(c.id)
      if (!last || !rose) continue
      const now = this.#read(state, c)
      for (const [k, v] of now) if (v > (last.get(k) ?? Infinity)) rose.add(k)
      this.#last.set(c.id, now)
    }
  }

  /** What `id` spent by the last observed state. */
  spentBy(id: string): Spent {
    const start = this.#start.get(id) ?? new Map<string, number>()
    const end = this.#last.get(id) ?? start
    const rose = this.#rose.get(id) ?? new Set<string>()
    const spent: Record<string, number> = {}
    for (const [k, v] of start) {
      const left = end.get(k)
      if (left !== undefined && left < v && !rose.has(k)) spent[k] = v - left
    }
    return { spent, rose: [...rose].sort() }
  }
}
