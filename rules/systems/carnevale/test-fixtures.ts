import { resolveEvents } from '../../core/chain'
import { openEconomy } from '../../core/economy'
import { applyEvents, type GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import { defaultSides, testEncounter } from '../../core/test-fixtures'
import type { Action, Answers, Combatant, EncounterState, TerrainPiece, Vec3 } from '../../core/types'
import { carnevale } from './ruleset'
import type { CarnevaleStats, CarnevaleWeapon } from './stats'

// Small Carnevale boards for scenario tests: positions given in inches (tenths in the state), figures
// with a plain profile unless a test says otherwise, and a helper that asks every decision an action
// needs (checking them) before resolving it with scripted dice.

/** Board units per inch of the test boards. */
export const U = 10

/** A point in inches as whole board units. */
export function at(x: number, y: number, z = 0): Vec3 {
  return { x: Math.round(x * U), y: Math.round(y * U), z: Math.round(z * U) }
}

/** A plain melee weapon: range 0, Damage +1. */
export const sword: CarnevaleWeapon = {
  name: 'Espada',
  rangeIn: 0,
  evasion: 0,
  damage: 1,
  penetration: 0,
  abilities: []
}

/** A pistol: 8", Damage +1, Penetration −1. */
export const pistol: CarnevaleWeapon = {
  name: 'Pistola',
  rangeIn: 8,
  evasion: 0,
  damage: 1,
  penetration: -1,
  abilities: []
}

const profile: CarnevaleStats = {
  mov: 5,
  dex: 5,
  att: 5,
  pro: 2,
  mind: 3,
  apMax: 3,
  abilities: [],
  weapons: [sword]
}

/** A figure at a point (inches) with the plain profile, 30 mm base, 6 Life; `stats` overrides the profile. */
export function cvFigure(
  id: string,
  side: string,
  pos: Vec3,
  over: { stats?: Partial<CarnevaleStats>; life?: number; baseMm?: number } = {}
): Combatant {
  return {
    id,
    name: id,
    side,
    controller: 'ai',
    pos,
    facing: 0,
    life: over.life ?? 6,
    lifeMax: 6,
    out: false,
    stats: { ...profile, ...over.stats },
    baseMm: over.baseMm ?? 30
  }
}

/** A running encounter (round 1) on a 24" × 24" table with these pieces and figures. */
export function cvState(
  figures: Combatant[],
  opts: { pieces?: TerrainPiece[]; settings?: Record<string, unknown>; size?: number } = {}
): EncounterState {
  const size = opts.size ?? 24
  return testEncounter(
    'carnevale',
    opts.settings ?? {},
    { width: size, height: size, blocks: [], inches: { unitsPerInch: U, pieces: opts.pieces ?? [] } },
    defaultSides(figures),
    figures
  )
}

/** The state with `actorId` holding a fresh activation (its side's turn). */
export function withTurn(state: EncounterState, actorId: string): EncounterState {
  const actor = state.combatants.find((c) => c.id === actorId)
  if (!actor) throw new Error(`no combatant ${actorId}`)
  const economy = openEconomy(carnevale.economy, state, actor)
  return {
    ...state,
    turn: { sideId: actor.side, activeId: actorId, activated: [actorId], economy, actions: 0 }
  }
}

/** What an action did: the decisions it asked (ids in order), its events and the state after. */
export interface Acted {
  asked: string[]
  events: GameEvent[]
  state: EncounterState
}

/**
 * Validates the action, answers each decision it asks from `answers` (else its default), then resolves it
 * with the scripted dice. Throws when the action is refused.
 */
export function act(state: EncounterState, action: Action, dice: DiceRoller, answers: Answers = {}): Acted {
  const violation = carnevale.validate(state, action)
  if (violation) throw new Error(`refused: ${JSON.stringify(violation)}`)
  const given: Answers = {}
  const asked: string[] = []
  for (let request = carnevale.decide?.(state, action, given); request;) {
    asked.push(request.id)
    given[request.id] = answers[request.id] ?? request.default
    request = carnevale.decide?.(state, action, given)
  }
  const events = resolveEvents(carnevale, state, action, dice, given)
  return { asked, events, state: applyEvents(state, events) }
}

/** The rolls of the events as `actor:purpose:face`, in order. */
export function rolls(events: readonly GameEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'dice.rolled' ? [`${e.actorId}:${e.purpose}:${e.result}`] : []))
}

/** The attacks of the events as `attacker>target:mode[:reason]`, in order. */
export function attacks(events: readonly GameEvent[]): string[] {
  return events.flatMap((e) =>
    e.type === 'attack.declared'
      ? [`${e.attackerId}>${e.targetId}:${e.mode}${e.sector ? `:${e.sector}` : ''}`]
      : []
  )
}
