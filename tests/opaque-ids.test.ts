import { describe, expect, it } from 'vitest'
import { chooseStep } from '../ai'
import type { Command, EncounterState } from '../rules/core/types'
import { applyCommand, whoDecides } from '../rules/flow/engine'
import { getRuleset } from '../rules/systems'
import { buildSampleCampaigns } from './tools/sample-campaigns'

// Ids are opaque (issue 18 item 4): a figure or side called "Constructor" or "toString" is one the GM can
// type, and its id then names a key of Object.prototype. Every sample fight is played again with its ids
// renamed to those names, keeping their order (the rules and the AI break ties by id), and must be the
// same fight once the names are mapped back. A `record[id]` that reads Object.prototype shows up here.

/** Object.prototype's own names but `__proto__` (never an id: the schema refuses it), in code-unit order. */
const MEMBER_NAMES = [
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf'
]
/** The names without underscores, for sides (a sample has two): `constructor` and `valueOf`. */
const PLAIN_NAMES = MEMBER_NAMES.filter((n) => !n.startsWith('_'))

/** Fights are played until this round opens: two whole rounds of initiative and turn order. */
const STOP_ROUND = 3
/** A bound on the steps of a fight, should one stall. */
const STEP_CAP = 200

/**
 * Original id → member name, in the same code-unit order: names spread over the list when there are fewer
 * ids, and past its end the last name with a `~NNN` suffix (`~` sorts after every letter and digit).
 */
function renaming(ids: readonly string[], names: readonly string[]): Map<string, string> {
  const sorted = [...ids].sort()
  const n = sorted.length
  const m = names.length
  const nameAt = (i: number): string => {
    if (n > m) return i < m ? names[i]! : `${names[m - 1]}~${String(i).padStart(3, '0')}`
    return names[n === 1 ? 0 : Math.round((i * (m - 1)) / (n - 1))]!
  }
  return new Map(sorted.map((id, i) => [id, nameAt(i)]))
}

/**
 * `text` with an id of `to` renamed where the rules write one: the whole text, after the last `#` (a
 * decision id, `pf1.aoo#goblin-2`) or before an `@` (a map hook's, `goblin-2@3,4`).
 */
function renamedText(text: string, to: ReadonlyMap<string, string>): string {
  const whole = to.get(text)
  if (whole !== undefined) return whole
  const hash = text.lastIndexOf('#')
  const afterHash = hash < 0 ? undefined : to.get(text.slice(hash + 1))
  if (afterHash !== undefined) return text.slice(0, hash + 1) + afterHash
  const at = text.indexOf('@')
  const beforeAt = at < 0 ? undefined : to.get(text.slice(0, at))
  return beforeAt === undefined ? text : beforeAt + text.slice(at)
}

/**
 * Any value with the ids of `to` renamed in its strings and keys: a figure's stats (a rider names its mount),
 * commands, and with the map reversed a whole renamed fight mapped back.
 */
function renamed<T>(value: T, to: ReadonlyMap<string, string>): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return renamedText(v, to)
    if (Array.isArray(v)) return v.map(walk)
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [renamedText(k, to), walk(x)]))
    return v
  }
  return walk(value) as T
}

/** `to` the other way round: names back to the original ids. */
const reversed = (to: ReadonlyMap<string, string>) => new Map([...to].map(([id, name]) => [name, id]))

/** An encounter in setup with its figures' ids renamed everywhere it names them. */
function withFigureIds(state: EncounterState, to: ReadonlyMap<string, string>): EncounterState {
  const r = (id: string) => to.get(id) ?? id
  return {
    ...state,
    combatants: state.combatants.map((c) => ({
      ...c,
      id: r(c.id),
      stats: renamed(c.stats, to)
    })),
    initiative: Object.fromEntries(Object.entries(state.initiative).map(([id, v]) => [r(id), v])),
    ...(state.objectives
      ? {
          objectives: state.objectives.map((o) =>
            o.kind === 'protect' ? { ...o, figureId: r(o.figureId) } : o
          )
        }
      : {}),
    ...(state.surprised ? { surprised: state.surprised.map(r) } : {})
  }
}

/** An encounter in setup with its sides' ids renamed everywhere it names them. */
function withSideIds(state: EncounterState, to: ReadonlyMap<string, string>): EncounterState {
  const r = (id: string) => to.get(id) ?? id
  const zones = state.board.startZones
  return {
    ...state,
    sides: state.sides.map((s) => ({ ...s, id: r(s.id) })),
    combatants: state.combatants.map((c) => ({ ...c, side: r(c.side) })),
    board: zones
      ? { ...state.board, startZones: zones.map((z) => ({ ...z, sideId: r(z.sideId) })) }
      : state.board,
    ...(state.objectives
      ? {
          objectives: state.objectives.map((o) =>
            o.kind === 'defeatAll'
              ? o
              : { ...o, side: r(o.side), ...(o.kind === 'escape' && o.zone ? { zone: r(o.zone) } : {}) }
          )
        }
      : {})
  }
}

/** A fight the AI plays on every side (at Normal: its only level that never hashes ids into noise). */
function aiFight(initial: EncounterState): { commands: Command[]; final: EncounterState } {
  const ruleset = getRuleset(initial.system)
  const commands: Command[] = [{ type: 'encounter.start' }]
  const started = applyCommand(initial, commands[0]!, ruleset)
  if (!started.ok) throw new Error(`start refused: ${started.violation.code}`)
  let now = started.state
  for (let i = 0; i < STEP_CAP && now.phase === 'running' && now.turn && now.round < STOP_ROUND; i++) {
    const { command } = chooseStep(now, ruleset, whoDecides(now) ?? now.turn.activeId, { level: 'normal' })
    const next = applyCommand(now, command, ruleset)
    if (!next.ok) throw new Error(`step ${i} refused: ${next.violation.code}`)
    commands.push(command)
    now = next.state
  }
  return { commands, final: now }
}

/** The same commands played again on `initial` (the rules alone, no AI). */
function replayed(initial: EncounterState, commands: readonly Command[]): EncounterState {
  const ruleset = getRuleset(initial.system)
  let now = initial
  for (const [i, command] of commands.entries()) {
    const next = applyCommand(now, command, ruleset)
    if (!next.ok) throw new Error(`command ${i} (${command.type}) refused: ${next.violation.code}`)
    now = next.state
  }
  return now
}

/** The index of the first command that differs, or -1. */
function firstDifference(a: readonly unknown[], b: readonly unknown[]): number {
  const n = Math.max(a.length, b.length)
  for (let i = 0; i < n; i++) if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) return i
  return -1
}

/**
 * The sample with its last figure out of the fight from the start (a captive, a body on the floor): it rolls
 * no initiative where the rules skip the fallen, so the order is looked up for an id its record lacks,
 * which is where `record[id]` finds Object.prototype's member instead of nothing.
 */
function withFallen(state: EncounterState): EncounterState {
  const last = state.combatants.length - 1
  return {
    ...state,
    combatants: state.combatants.map((c, i) => (i === last ? { ...c, out: true, life: c.lifeMin ?? 0 } : c))
  }
}

const encounters = buildSampleCampaigns().flatMap((campaign) =>
  campaign.encounters.map((e) => ({
    name: `${campaign.system} ${e.id}`,
    initial: withFallen(e.initial as EncounterState)
  }))
)

/** Each sample's own fight, played once for both renamings. */
const originals = new Map<EncounterState, ReturnType<typeof aiFight>>()
function originalFight(initial: EncounterState): ReturnType<typeof aiFight> {
  const known = originals.get(initial)
  if (known) return known
  const fight = aiFight(initial)
  originals.set(initial, fight)
  return fight
}

/** The figures that opened a turn in a fight. */
const actorsOf = (state: EncounterState) =>
  new Set(state.log.flatMap((e) => (e.type === 'turn.started' ? [e.actorId] : [])))

describe('ids are opaque: a sample fight with Object.prototype names for ids is the same fight', () => {
  it('uses every Object.prototype name but __proto__', () => {
    const own = Object.getOwnPropertyNames(Object.prototype).filter((n) => n !== '__proto__')
    expect(own.sort()).toEqual(MEMBER_NAMES)
  })

  for (const { name, initial } of encounters) {
    const variants = [
      {
        what: 'figure',
        to: renaming(
          initial.combatants.map((c) => c.id),
          MEMBER_NAMES
        ),
        rename: withFigureIds
      },
      {
        what: 'side',
        to: renaming(
          initial.sides.map((s) => s.id),
          PLAIN_NAMES
        ),
        rename: withSideIds
      }
    ]
    for (const { what, to, rename } of variants) {
      it(`${name}: ${what} ids renamed (${[...to.values()].join(', ')})`, { timeout: 120_000 }, () => {
        const original = originalFight(initial)
        // The fight took whole rounds, turns passing between figures (the lookups this guards).
        expect(original.final.round).toBeGreaterThanOrEqual(2)
        expect(actorsOf(original.final).size).toBeGreaterThanOrEqual(2)
        const renamedStart = rename(initial, to)
        const back = reversed(to)
        // The rules alone: the original commands, renamed, replay to the renamed fight.
        const script = renamed(original.commands, to)
        expect(renamed(replayed(renamedStart, script), back)).toEqual(original.final)
        // The rules and the AI: the AI plays the renamed fight as it played the original.
        const played = aiFight(renamedStart)
        expect(firstDifference(renamed(played.commands, back), original.commands)).toBe(-1)
        expect(renamed(played.final, back)).toEqual(original.final)
        // Where the rules keep initiative by figure (PF, Athkri; Carnevale's is by side), the new names hold it.
        const rolled = Object.keys(original.final.initiative).flatMap((id) => to.get(id) ?? [])
        expect(Object.keys(played.final.initiative)).toEqual(expect.arrayContaining(rolled))
      })
    }
  }
})
