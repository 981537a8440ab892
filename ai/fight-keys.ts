import { canonicalJson, hashString } from '../rules/core/hash'
import type { GameEvent } from '../rules/core/events'
import { seedRng } from '../rules/core/rng'
import type { Ruleset } from '../rules/core/ruleset'
import type { Combatant, EncounterState } from '../rules/core/types'

// Keys for the AI's caches of hypotheticals (threat.ts), naming everything the rules are handed. The rules
// may read any part of the state (Athkri's awareness, volleys and bleeding from the log, HQ2's and
// Minecraft's turn order, the round, the settings), so a key that names less lets an answer from one game
// or one moment stand in where the rules would answer differently, and a game's outcome then depends on
// what the process played before it. Each key names every field of the state the hypothetical keeps: a
// plain value by itself, an object (never mutated: states are replaced, not edited) by its identity.

const identities = new WeakMap<object, number>()
let nextIdentity = 1

/** A number naming an object while it lives: the same object, the same number (0 for none). */
export function identityOf(o: object | null | undefined): number {
  if (!o) return 0
  let n = identities.get(o)
  if (n === undefined) identities.set(o, (n = nextIdentity++))
  return n
}

const NO_LOG: GameEvent[] = []
const FIXED_RNG = seedRng(0)

/**
 * The state as a fresh fight, for hypotheticals that must depend only on their key: no log (the rules read
 * it as a fight with nothing behind it: no one has attacked, moved or fallen yet), no turn or pending
 * action (the hypothetical opens a fresh activation), and a fixed dice state (the rules list actions and
 * odds without rolling, so nothing is lost; it only keeps the dice out of the key).
 */
export function freshFight(state: EncounterState): EncounterState {
  return { ...state, log: NO_LOG, rng: FIXED_RNG, turn: null, pending: null }
}

/** What a hypothetical replaces (so the key leaves them out): `freshFight`'s fields, and board and figures. */
const REPLACED = new Set(['log', 'rng', 'turn', 'pending', 'board', 'combatants'])

/**
 * Every field of the state a `freshFight` hypothetical keeps (settings, sides, round, initiative,
 * objectives, surprise...), values as they are, objects by identity: new fields join the key unasked.
 */
export function fightKey(state: EncounterState): string {
  let key = fightKeys.get(state)
  if (key !== undefined) return key
  key = ''
  for (const [field, value] of Object.entries(state)) {
    if (REPLACED.has(field)) continue
    key += `${field}=${value !== null && typeof value === 'object' ? `#${identityOf(value)}` : String(value)};`
  }
  fightKeys.set(state, key)
  return key
}

/** Each state's `fightKey`, made once: a decision asks it for every enemy and pair. */
const fightKeys = new WeakMap<EncounterState, string>()

/** `fightKey` plus the board, the figures and the log by identity: the whole state but its dice and turn. */
export function sceneKey(state: EncounterState): string {
  return `${fightKey(state)}b#${identityOf(state.board)};c#${identityOf(state.combatants)};l#${identityOf(state.log)}`
}

const bodyPrints = new WeakMap<Ruleset, WeakMap<Combatant, string>>()
const statsPrints = new WeakMap<Ruleset, WeakMap<object, string>>()

/** A fingerprint of a figure's stats, computed once per stats object (stats are replaced, never mutated). */
function statsPrint(c: Combatant, ruleset: Ruleset): string {
  let prints = statsPrints.get(ruleset)
  if (!prints) statsPrints.set(ruleset, (prints = new WeakMap()))
  let print = prints.get(c.stats)
  if (print === undefined) {
    // Every hypothetical here gives the figure a fresh activation of its own, which never reads what it
    // tallied this round (the ruleset's word: PF's attacks of opportunity used): left in, those fields
    // would change the print at every reaction and every round, and the costliest answers (mobility,
    // punch) would be asked again.
    const tallies = ruleset.aiHints?.roundTallies ?? []
    const kept: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(c.stats)) if (!tallies.includes(k)) kept[k] = v
    prints.set(c.stats, (print = hashString(canonicalJson(kept))))
  }
  return print
}

/**
 * A figure wherever it stands: every field but its position (side, facing, life, size, base, AI profile...)
 * and its stats' print; what a hypothetical that places the figure itself depends on.
 */
export function bodyKey(c: Combatant, ruleset: Ruleset): string {
  let prints = bodyPrints.get(ruleset)
  if (!prints) bodyPrints.set(ruleset, (prints = new WeakMap()))
  let print = prints.get(c)
  if (print === undefined) {
    const { pos: _pos, stats: _stats, ...rest } = c
    prints.set(c, (print = `${canonicalJson(rest)}#${statsPrint(c, ruleset)}`))
  }
  return print
}
