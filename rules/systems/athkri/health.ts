import type { GameEvent } from '../../core/events'
import { ownValue } from '../../core/own-key'
import type { DiceRoller } from '../../core/rng'
import type { Fate } from '../../core/ruleset'
import { parseDamage, rollDamage } from './damage'
import type { Combatant, EncounterState } from '../../core/types'
import { logFacts, type LogFacts } from './log-facts'
import { readSettings, type AthkriSettings } from './settings'
import { attribute, readStats } from './stats'

// athkri.md §6: Puntos de Salud and the health states. While a figure stands, its HP is the engine's
// `life`; once it falls the encounter's Athkri slice carries the HP below 0 (see log-facts.ts).

/** athkri.md §6 health states. */
export type HealthState = 'estable' | 'malherido' | 'inconsciente' | 'muerto'

/** Everything the rules need to know about a figure's health. */
export interface Health {
  hp: number
  state: HealthState
  /** Unconscious but no longer bleeding (athkri.md §6, A16: stays unconscious for the combat). */
  stabilized: boolean
  canSelfStabilize: boolean
  /** Failed bleed saves in the current episode. */
  bleedFailures: number
  /** Out of the fight while still on its feet (fled or surrendered). */
  fled: boolean
}

/** The facts of the fight so far (the encounter's Athkri slice). */
export function factsOf(state: EncounterState): LogFacts {
  return logFacts(state)
}

/** athkri.md §6: the Malherido threshold test for a conscious figure (PC: HP ≤ Físico; NPC: HP < max/4). */
export function isMalheridoHp(
  hp: number,
  fisico: number,
  isNpc: boolean,
  hpMax: number,
  settings: AthkriSettings
): boolean {
  if (hp <= 0) return false
  return isNpc ? hp < Math.floor(hpMax / settings.npcMalheridoDivisor) : hp <= fisico
}

/** athkri.md §6 / A6: dead by the table's death rule. */
export function isDeadHp(hp: number, damageTaken: number, fisico: number, settings: AthkriSettings): boolean {
  const limit = settings.deathMultiplier * fisico
  return settings.deathRule === 'hpThreshold' ? hp <= -limit : damageTaken >= limit
}

/** athkri.md §6 table: the state of an HP value (damageTaken: total since full HP, for rule A6). */
export function healthStateOf(
  hp: number,
  fisico: number,
  isNpc: boolean,
  hpMax: number,
  settings: AthkriSettings,
  damageTaken = hpMax - hp
): HealthState {
  if (isDeadHp(hp, damageTaken, fisico, settings)) return 'muerto'
  if (hp <= 0) return 'inconsciente'
  return isMalheridoHp(hp, fisico, isNpc, hpMax, settings) ? 'malherido' : 'estable'
}

/** The figure's health now. */
export function healthOf(state: EncounterState, c: Combatant): Health {
  const settings = readSettings(state)
  const stats = readStats(c)
  const fisico = attribute(stats, 'fisico')
  const standing = !c.out || c.life > 0
  if (standing) {
    const now = healthStateOf(c.life, fisico, stats.isNpc, c.lifeMax, settings)
    return {
      hp: c.life,
      state: now,
      stabilized: false,
      canSelfStabilize: true,
      bleedFailures: 0,
      fled: c.out && now !== 'muerto'
    }
  }
  const ledger = ownValue(factsOf(state).down, c.id)
  const hp = ledger?.hp ?? 0
  const taken = c.lifeMax + (ledger?.damageSinceDown ?? 0)
  const dead = isDeadHp(hp, taken, fisico, settings)
  return {
    hp,
    // A16: a stabilized figure stays unconscious (and out) for the rest of the combat.
    state: dead ? 'muerto' : 'inconsciente',
    stabilized: ledger?.stabilized ?? false,
    canSelfStabilize: ledger?.canSelfStabilize ?? true,
    bleedFailures: ledger?.failures ?? 0,
    fled: false
  }
}

/**
 * `Ruleset.fate` for Athkri (athkri.md §6): dead in the `muerto` state (HP at or below −(multiplier ×
 * Físico), kept in the slice below the engine's 0, or the accumulated-damage rule A6); else out when out of
 * the fight (unconscious, bleeding or stabilized, fled) or at 0 HP (`inconsciente`) not yet marked out,
 * which is how the engine asks about the GM's life edit; else standing.
 */
export function fateOf(state: EncounterState, c: Combatant): Fate {
  const { state: health } = healthOf(state, c)
  if (health === 'muerto') return 'dead'
  return c.out || health === 'inconsciente' ? 'out' : 'standing'
}

/** athkri.md §6: the figure rolls with its die one level down. */
export function isMalherido(state: EncounterState, c: Combatant): boolean {
  const h = healthOf(state, c)
  if (h.state === 'malherido') return true
  // An unconscious figure has HP ≤ Físico; A8 decides whether that counts for its bleed saves.
  return h.state === 'inconsciente' && readSettings(state).malheridoAppliesToBleedSave
}

/** True when the figure still needs bleed saves (athkri.md §4 TURN_START). */
export function isBleeding(state: EncounterState, c: Combatant): boolean {
  const h = healthOf(state, c)
  return h.state === 'inconsciente' && !h.stabilized
}

/** Who takes activations: standing figures, and the bleeding who must roll their saves (athkri.md §4). */
export function canTakeTurn(c: Combatant, state: EncounterState): boolean {
  return !c.out || isBleeding(state, c)
}

/** athkri.md §6 [TEXT L46]: the k-th failed bleed save costs k × Físico, which nothing reduces. */
export function bleedDamage(failure: number, fisico: number): number {
  return failure * fisico
}

/**
 * Damage events for `amount` to a figure: the engine's life stops at 0, so a blow that drops it marks it
 * out and the rest follows as a second `damaged` event that the log ledger counts below 0. With the
 * accumulated-damage death rule (A6) a figure can also die on its feet.
 */
export function damageEvents(
  state: EncounterState,
  target: Combatant,
  amount: number,
  source: string
): GameEvent[] {
  if (amount <= 0) return []
  const hit: GameEvent = { type: 'damaged', id: target.id, amount, source }
  if (target.out) return [hit]
  if (amount < target.life) {
    const stats = readStats(target)
    const left = target.life - amount
    const dead = isDeadHp(left, target.lifeMax - left, attribute(stats, 'fisico'), readSettings(state))
    return dead ? [hit, { type: 'combatant.out', id: target.id }] : [hit]
  }
  const events: GameEvent[] = [
    { type: 'damaged', id: target.id, amount: target.life, source },
    { type: 'combatant.out', id: target.id }
  ]
  if (amount > target.life)
    events.push({ type: 'damaged', id: target.id, amount: amount - target.life, source })
  return events
}

/** athkri.md §6 [TEXT L48]: healing an unconscious figure first sets its HP to 0. */
export function healWhileUnconscious(hp: number, healing: number, hpMax: number): number {
  return Math.min(hpMax, Math.max(hp, 0) + healing)
}

/** athkri.md §6 [TEXT L50]: HP from 6–8 h of rest: Físico, × the multiplier when sheltered and undisturbed. */
export function naturalHealing(fisico: number, sheltered: boolean, settings: AthkriSettings): number {
  return sheltered ? fisico * settings.shelteredHealingMultiplier : fisico
}

/** athkri.md §6 [TEXT L53–54] G-8: after a combat a hurt figure catches its breath (+1d6 HP, never above max). */
export function catchBreath(dice: DiceRoller, settings: AthkriSettings, hp: number, hpMax: number): number {
  if (!settings.catchBreath || hp >= hpMax) return hp
  return Math.min(hpMax, hp + rollDamage(dice, parseDamage(settings.catchBreathDie)).total)
}

/** athkri.md §6 [TEXT L51]: Puntos de Esfuerzo come back in full after resting. */
export function effortAfterRest(effortMax: number): number {
  return effortMax
}

/** athkri.md §6 [TEXT L51–52]: Maná recovered by meditating (1 per 10 minutes; needs the Mente test). */
export function manaFromMeditation(minutes: number, passedTest: boolean, interrupted: boolean): number {
  return passedTest && !interrupted ? Math.floor(minutes / 10) : 0
}
