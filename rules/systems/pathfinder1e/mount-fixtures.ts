import { resolveEvents } from '../../core/chain'
import { spendEconomy } from '../../core/economy'
import { applyEvents, type GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, Combatant, EncounterState } from '../../core/types'
import { pathfinder1e } from '.'
import { createFigure } from './content'
import { answerAll } from './flow-fixtures'
import { statsSchema, type PfStats, type PfWeapon } from './stats'
import { pfFigure, pfState } from './test-fixtures'

// Builders for the mounted-combat tests (pathfinder1e.md §4.12): a rider on a horse from the bundled
// content, a foe, and `take`, which pays and resolves an action the way the engine does.

/** Lance [SRD]: 1d8, 20/×3, reach, double damage on a mounted charge. */
export const lance: PfWeapon = {
  id: 'pf1:lance',
  damage: '1d8',
  critRange: 20,
  critMult: 3,
  types: ['P'],
  handedness: 'two',
  reach: true,
  traits: ['lance'],
  enhancement: 0
}

/** Options of `mounted`: where the pair stands, the mount's content id, and patches of both profiles. */
export interface MountedOptions {
  x?: number
  y?: number
  mount?: string
  rider?: Partial<PfStats>
  steed?: Partial<PfStats>
}

/**
 * A Medium rider (`rider`, BAB +1, Ride +5, a longsword) on a mount (`horse`, default the light warhorse:
 * Large, 2×2, 50 ft, combat-trained), both naming each other, the rider on the mount's top-left square.
 */
export function mounted(opts: MountedOptions = {}): [Combatant, Combatant] {
  const pos = { x: opts.x ?? 5, y: opts.y ?? 5, z: 0 }
  const rider = pfFigure('rider', {
    pos,
    life: 12,
    stats: { bab: 1, skills: { ride: 5 }, mountId: 'horse', conditions: ['mounted'], ...opts.rider }
  })
  const base = createFigure(opts.mount ?? 'pathfinder1e:light-warhorse', { id: 'horse', side: 'a', pos })
  const horse = { ...base, stats: statsSchema.parse({ ...base.stats, riderId: 'rider', ...opts.steed }) }
  return [rider, horse]
}

/** A Medium foe of side 'b' (AC 10, 30 hp) at (x, y). */
export function foe(x: number, y: number, id = 'foe', stats: Partial<PfStats> = {}): Combatant {
  return pfFigure(id, { side: 'b', pos: { x, y }, life: 30, stats })
}

/** The figures in a running encounter, initiative rider 20, horse 15, others 10, 9, ... (board 30 × 30). */
export function mountedState(figures: Combatant[]): EncounterState {
  const initiative: Record<string, number> = { rider: 20, horse: 15 }
  figures
    .filter((c) => !(c.id in initiative))
    .forEach((c, i) => {
      initiative[c.id] = 10 - i
    })
  return pfState(figures, { initiative })
}

/** The figure `id` in `state`. */
export function fig(state: EncounterState, id: string): Combatant {
  const c = state.combatants.find((f) => f.id === id)
  if (!c) throw new Error(`no combatant ${id}`)
  return c
}

/**
 * Validates, pays (the economy's charge, as the engine's `economy.spent`) and resolves one action with
 * scripted dice and every decision at its default (or `answers`); returns the new state and the events.
 */
export function take(
  state: EncounterState,
  action: Action,
  dice: DiceRoller,
  answers?: Answers
): { state: EncounterState; events: GameEvent[] } {
  const violation = pathfinder1e.validate(state, action)
  if (violation) throw new Error(`refused: ${violation.code}`)
  const turn = state.turn
  if (!turn) throw new Error('no turn open')
  const economy = spendEconomy(pathfinder1e.economy, turn.economy, pathfinder1e.economy.charge(state, action))
  if (!economy) throw new Error('cannot afford')
  const paid: GameEvent = { type: 'economy.spent', actorId: action.actorId, cost: {}, economy }
  const events = [
    paid,
    ...resolveEvents(pathfinder1e, state, action, dice, answers ?? answerAll(state, action).answers)
  ]
  return { state: applyEvents(state, events), events }
}

/** A path of `n` squares straight east (+x) from (x, y). */
export function east(x: number, y: number, n: number): Array<{ x: number; y: number; z: number }> {
  return Array.from({ length: n }, (_, i) => ({ x: x + i + 1, y, z: 0 }))
}
