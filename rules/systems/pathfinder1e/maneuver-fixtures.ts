import type { GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Action, Answers, Combatant, EncounterState } from '../../core/types'
import { Chain } from '../../core/chain'
import { resolveManeuver } from './maneuver-actions'
import { readStats, type PfStats, type PfWeapon } from './stats'
import { basePfStats, longsword, pfFigure } from './test-fixtures'

// Builders for the maneuver tests: the §10 example 7 pair (CMB +5 against CMD 15) side by side, and a runner
// that resolves one maneuver with scripted dice.

/** Ability scores: all 10 but the ones given. */
export function abilities(patch: Partial<PfStats['abilities']>): PfStats['abilities'] {
  return { ...basePfStats.abilities, ...patch }
}

/** §10 example 7's attacker: BAB +3, Str 14, Medium → CMB +5; longsword in hand; at (5,5), side a. */
export function attacker(stats: Partial<PfStats> = {}, pos = { x: 5, y: 5 }, id = 'att'): Combatant {
  return pfFigure(id, {
    pos,
    side: 'a',
    life: 20,
    stats: { bab: 3, abilities: abilities({ str: 14 }), ...stats }
  })
}

/** §10 example 7's target: BAB +2, Str 12, Dex 14, Medium → CMD 15; longsword (+3 to hit); at (6,5), side b. */
export function defender(stats: Partial<PfStats> = {}, pos = { x: 6, y: 5 }, id = 'def'): Combatant {
  return pfFigure(id, {
    pos,
    side: 'b',
    life: 20,
    stats: { bab: 2, abilities: abilities({ str: 12, dex: 14 }), ...stats }
  })
}

/** A club [SRD] that can be sundered: 1d6, 20/×2, hardness 5, 10 hp (test numbers). */
export const club: PfWeapon = {
  ...longsword,
  id: 'pf1:club',
  damage: '1d6',
  critRange: 20,
  types: ['B'],
  hardness: 5,
  hp: 10
}

/** What one maneuver did: its events and the state after them. */
export interface Outcome {
  events: GameEvent[]
  state: EncounterState
  stats(id: string): PfStats
  figure(id: string): Combatant
  rolls: string[]
}

/** Resolves `action` with these scripted faces (forcedDice throws when the rules roll more than given). */
export function run(state: EncounterState, action: Action, faces: number[], answers: Answers = {}): Outcome {
  const chain = new Chain(state)
  resolveManeuver(chain, action, forcedDice(faces), answers)
  const figure = (id: string) => chain.figure(id)
  return {
    events: chain.events,
    state: chain.state,
    figure,
    stats: (id) => readStats(figure(id)),
    rolls: chain.events.flatMap((e) =>
      e.type === 'dice.rolled'
        ? [`${e.actorId}:${e.purpose}:${e.result}/${e.target ?? '-'}:${e.success}`]
        : []
    )
  }
}

/** An action of `kind` by att at def. */
export function act(kind: string, extra: Partial<Action> = {}): Action {
  return { kind, actorId: 'att', targetId: 'def', ...extra }
}
