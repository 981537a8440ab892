import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Action, Answers, Combatant, EncounterState } from '../../core/types'
import { Chain } from '../../core/chain'
import { resolveCast } from './spell-actions'
import { readStats, type PfStats } from './stats'
import { basePfStats, pfFigure, type PfFigurePatch } from './test-fixtures'

// Builders for the spell tests: a 3rd-level wizard (Int 16) and cleric (Wis 16) with the six spells
// prepared, plain foes, and a runner that resolves one cast with scripted dice.

/** The bundled spell ids by short name. */
export const SPELL = {
  missile: 'pathfinder1e:magic-missile',
  burning: 'pathfinder1e:burning-hands',
  cure: 'pathfinder1e:cure-light-wounds',
  sleep: 'pathfinder1e:sleep',
  hold: 'pathfinder1e:hold-person',
  armor: 'pathfinder1e:mage-armor'
} as const

/** Ability scores: all 10 but the ones given. */
export function abilities(patch: Partial<PfStats['abilities']>): PfStats['abilities'] {
  return { ...basePfStats.abilities, ...patch }
}

/**
 * A 3rd-level wizard (caster level 3, Int 16: DCs 13 + spell level, concentration +6) at (5,5) on side a,
 * 20 HP, with two magic missiles and one of each other wizard spell (hold person as a 3rd-level spell).
 */
export function wizard(stats: Partial<PfStats> = {}, patch: Omit<PfFigurePatch, 'stats'> = {}): Combatant {
  return pfFigure('w', {
    pos: { x: 5, y: 5 },
    side: 'a',
    life: 20,
    ...patch,
    stats: {
      abilities: abilities({ int: 16 }),
      level: 3,
      casterLevel: 3,
      castingAbility: 'int',
      spells: [
        { id: SPELL.missile, level: 1, uses: 2 },
        { id: SPELL.burning, level: 1, uses: 1 },
        { id: SPELL.sleep, level: 1, uses: 1 },
        { id: SPELL.hold, level: 3, uses: 1 },
        { id: SPELL.armor, level: 1, uses: 1 }
      ],
      ...stats
    }
  })
}

/** A 3rd-level cleric (Wis 16) with two cure light wounds and a hold person (2nd level), side a. */
export function cleric(stats: Partial<PfStats> = {}, patch: Omit<PfFigurePatch, 'stats'> = {}): Combatant {
  return pfFigure('c', {
    pos: { x: 5, y: 6 },
    side: 'a',
    life: 20,
    ...patch,
    stats: {
      abilities: abilities({ wis: 16 }),
      level: 3,
      casterLevel: 3,
      castingAbility: 'wis',
      spells: [
        { id: SPELL.cure, level: 1, uses: 2 },
        { id: SPELL.hold, level: 2, uses: 1 }
      ],
      ...stats
    }
  })
}

/** A plain Medium humanoid foe (side b, 20 HP, all saves +0) at (x, y). */
export function foe(id: string, x: number, y: number, stats: Partial<PfStats> = {}, life = 20): Combatant {
  return pfFigure(id, { pos: { x, y }, side: 'b', life, stats })
}

/** A cast of `spell` by `actorId` with the rest of the action. */
export function castOf(spell: string, rest: Partial<Action> = {}, actorId = 'w'): Action {
  return { kind: 'cast', actorId, ...rest, options: { ...rest.options, spell } }
}

/** What one cast did: its events and the state after them. */
export interface CastOutcome {
  events: GameEvent[]
  state: EncounterState
  stats: (id: string) => PfStats
  figure: (id: string) => Combatant
}

/** Resolves the cast with these d-faces in order (running out throws) and these answers. */
export function runCast(
  state: EncounterState,
  action: Action,
  faces: number[],
  answers: Answers = {}
): CastOutcome {
  const chain = new Chain(state)
  resolveCast(chain, action, forcedDice(faces), answers)
  const after = applyEvents(state, chain.events)
  const figure = (id: string) => {
    const c = after.combatants.find((x) => x.id === id)
    if (!c) throw new Error(`no ${id}`)
    return c
  }
  return { events: chain.events, state: after, stats: (id) => readStats(figure(id)), figure }
}

/** The dice.rolled events of a purpose. */
export function rolls(events: readonly GameEvent[], purpose: string) {
  return events.filter(
    (e): e is Extract<GameEvent, { type: 'dice.rolled' }> => e.type === 'dice.rolled' && e.purpose === purpose
  )
}
