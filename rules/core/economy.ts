import {
  initialTransition,
  type AnyStateMachine,
  transition,
  type AnyMachineSnapshot,
  type EventObject,
  type StateValue
} from 'xstate'
import type { Economy } from './ruleset'
import type { Combatant, EconomySnapshot, EncounterState } from './types'

// The flow keeps each ruleset's economy machine as a plain snapshot in the encounter state and steps it
// purely: saves stay JSON, replays stay exact, and no live child actor has to be persisted.

function toPlain(snapshot: AnyMachineSnapshot): EconomySnapshot {
  const value = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value)
  return { value, context: { ...(snapshot.context as Record<string, number>) } }
}

function hydrate(economy: Economy, plain: EconomySnapshot): AnyMachineSnapshot {
  const value = plain.value.startsWith('{') ? (JSON.parse(plain.value) as StateValue) : plain.value
  return economy.machine.resolveState({ value, context: plain.context })
}

// Stepping a machine purely still builds an inert actor, resolves the state and runs its microsteps: far
// dearer than the step itself, and the AI asks the same few steps thousands of times per decision. A
// machine's next snapshot depends only on (machine, snapshot, event) and its initial one only on the
// input, so both are memoised per machine, keyed on their JSON. Callers get a fresh copy each time: a
// snapshot handed out is never shared with a cached one.
const CACHE_SIZE = 8192

// JSON turns NaN and ±Infinity into null: keep them apart in a key.
const keyOf = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? `#${v}` : v))
const memo = new WeakMap<AnyStateMachine, Map<string, EconomySnapshot | null>>()

function cached(
  machine: AnyStateMachine,
  key: string,
  compute: () => EconomySnapshot | null
): EconomySnapshot | null {
  let known = memo.get(machine)
  if (!known) memo.set(machine, (known = new Map()))
  let hit = known.get(key)
  if (hit === undefined) {
    if (known.size >= CACHE_SIZE) known.clear()
    hit = compute()
    known.set(key, hit)
  }
  return hit && { value: hit.value, context: { ...hit.context } }
}

/** The economy a figure starts its activation with. */
export function openEconomy(economy: Economy, state: EncounterState, actor: Combatant): EconomySnapshot {
  const input = economy.input(state, actor)
  return cached(economy.machine, `open|${keyOf(input)}`, () => {
    const [snapshot] = initialTransition(economy.machine, input)
    return toPlain(snapshot as AnyMachineSnapshot)
  })!
}

/** The economy after `event`, or null when the machine refuses it (cannot afford). */
export function spendEconomy(
  economy: Economy,
  plain: EconomySnapshot,
  event: EventObject
): EconomySnapshot | null {
  const key = `${plain.value}|${keyOf(plain.context)}|${keyOf(event)}`
  return cached(economy.machine, key, () => {
    const snapshot = hydrate(economy, plain)
    if (!snapshot.can(event)) return null
    const [next] = transition(economy.machine, snapshot, event)
    return toPlain(next as AnyMachineSnapshot)
  })
}
