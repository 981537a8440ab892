import { statsSet } from '../../core/stats'
import { Chain } from '../../core/chain'
import type { GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import type { Combatant, EncounterState } from '../../core/types'
import { healthFrom, isOutState, lifeMinOf, withHealthConditions, type HealthState } from './health'
import { releaseHold } from './maneuver-release'
import { fallsAfterOut } from './mount-fall'
import { readSettings } from './settings'
import { abilityMod, readStats, type PfStats } from './stats'

// pathfinder1e.md §5: damage and healing as events. Temporary HP soak first, nonlethal damage is kept in
// the stats beside HP, and the state a blow leaves (disabled, dying, dead, unconscious) follows from the
// numbers; the events only say what changed.

/** Damage of one attack or effect, split by kind. */
export interface DamageAmount {
  lethal: number
  nonlethal: number
}

/** How natural faces decide a d20 roll: saves both ways (§0 L69), checks only a natural 20 (§5). */
export type Naturals = 'save' | 'natural20'

/** A logged d20 roll against a DC and whether it succeeded. */
export interface D20Result {
  event: Extract<GameEvent, { type: 'dice.rolled' }>
  success: boolean
}

/** Rolls d20 + `bonus` against `dc`, logging the total (`roll.<purpose>`) and any natural decision. */
export function rollD20(
  dice: DiceRoller,
  actorId: string,
  purpose: string,
  bonus: number,
  dc: number,
  naturals: Naturals
): D20Result {
  const face = dice.roll(20, { purpose, actorId })
  const total = face + bonus
  const natural =
    face === 20 ? ('success' as const) : face === 1 && naturals === 'save' ? ('failure' as const) : undefined
  const success = natural ? natural === 'success' : total >= dc
  const event: D20Result['event'] = {
    type: 'dice.rolled',
    actorId,
    purpose,
    sides: 20,
    result: total,
    target: dc,
    success,
    ...(natural ? { natural } : {})
  }
  return { event, success }
}

/** A Fortitude save bonus: base save + Con modifier (§4.9). */
export function fortBonus(stats: PfStats): number {
  return stats.saves.fort + abilityMod(stats.abilities.con)
}

/** pathfinder1e.md §5 [TEXT L257]: the massive-damage threshold, max(floor(max HP / 2), minimum). */
export function massiveDamageThreshold(lifeMax: number, minimum: number): number {
  return Math.max(Math.floor(lifeMax / 2), minimum)
}

/** The events that follow a figure's health change: out of the fight, or back in it. */
function outOrBack(c: Combatant, before: HealthState, after: HealthState): GameEvent[] {
  if (!c.out && isOutState(after)) return [{ type: 'combatant.out', id: c.id }]
  if (c.out && isOutState(before) && !isOutState(after)) return [{ type: 'combatant.back', id: c.id }]
  return []
}

/** A `stats.changed` when the fields damage and healing touch (temporary HP, nonlethal, conditions) moved. */
function statsEvent(c: Combatant, before: PfStats, after: PfStats): GameEvent[] {
  const same =
    before.tempHp === after.tempHp &&
    before.nonlethal === after.nonlethal &&
    before.conditions.join() === after.conditions.join()
  return same ? [] : [statsSet(c, after)]
}

/**
 * pathfinder1e.md §5: `amount` of damage to a figure. Temporary HP absorb it first (lethal, then
 * nonlethal); nonlethal damage adds to the stats' total until it equals max HP, and beyond that it is lethal
 * [TEXT L287] (creatures with regeneration just keep adding). A single attack (`opts.singleAttack`, A6)
 * dealing at least the massive-damage threshold that does not kill outright forces a Fort save; failing it
 * kills (G-9). The state left follows §5: 0 HP disabled, below 0 dying and out, ≤ −Con dead; nonlethal
 * above HP unconscious. A stable figure that takes damage is dying again. A figure knocked out of the fight
 * lets go of its grapple, or is let go (§4.11, `releaseHold`).
 */
export function applyDamage(
  chain: Chain,
  targetId: string,
  amount: DamageAmount,
  source: string,
  dice: DiceRoller,
  opts: { singleAttack?: boolean } = {}
): void {
  const { state } = chain
  const target = state.combatants.find((c) => c.id === targetId)
  if (!target) return
  const stats = readStats(target)
  const lifeMin = lifeMinOf(target)
  const before = healthFrom(stats, target.life, lifeMin)
  if (before === 'dead') return
  const settings = readSettings(state)

  const lethalIn = Math.max(0, amount.lethal)
  const nonlethalIn = Math.max(0, amount.nonlethal)
  const soakLethal = Math.min(stats.tempHp, lethalIn)
  const soakNonlethal = Math.min(stats.tempHp - soakLethal, nonlethalIn)
  const nonlethalLeft = nonlethalIn - soakNonlethal
  const room = stats.regeneration ? Infinity : Math.max(0, target.lifeMax - stats.nonlethal)
  const nonlethalKept = Math.min(nonlethalLeft, room)
  const overflow = nonlethalLeft - nonlethalKept
  const lethal = lethalIn - soakLethal + overflow
  const life = Math.max(lifeMin, target.life - lethal)

  const hurt = lethal > 0 || nonlethalKept > 0
  let next: PfStats = {
    ...stats,
    tempHp: stats.tempHp - soakLethal - soakNonlethal,
    nonlethal: stats.nonlethal + nonlethalKept,
    conditions: hurt ? stats.conditions.filter((k) => k !== 'stable') : stats.conditions
  }

  const events: GameEvent[] = []
  if (lethal > 0) events.push({ type: 'damaged', id: targetId, amount: lethal, source })

  // A6: the attack's own lethal damage (temporary HP included) against the threshold, never a sum of blows.
  const dealt = lethalIn + overflow
  const threshold = massiveDamageThreshold(target.lifeMax, settings.massiveDamageMinimum)
  if (settings.massiveDamage && opts.singleAttack && dealt >= threshold && life > lifeMin) {
    const save = rollD20(
      dice,
      targetId,
      'pf1.massive-damage',
      fortBonus(stats),
      settings.massiveDamageDc,
      'save'
    )
    events.push(save.event)
    if (!save.success) next = { ...next, conditions: [...next.conditions, 'dead'] }
  }

  const after = healthFrom(next, life, lifeMin)
  next = withHealthConditions(next, after)
  const hit = [...events, ...statsEvent(target, stats, next), ...outOrBack(target, before, after)]
  chain.emit(hit)
  if (!hit.some((e) => e.type === 'combatant.out')) return
  // §4.11: a grapple ends when either figure goes out of the fight (both freed, pins lifted).
  chain.emit(releaseHold(chain.state, targetId))
  // §4.12 [TEXT L493–495]: a mount that falls throws its rider; a rider knocked out may fall from the saddle.
  fallsAfterOut(chain, targetId, dice, applyDamage)
}

/** `applyDamage`'s events from `state`, for a step that builds events rather than a chain (turn start). */
export function damageEvents(
  state: EncounterState,
  targetId: string,
  amount: DamageAmount,
  source: string,
  dice: DiceRoller,
  opts: { singleAttack?: boolean } = {}
): GameEvent[] {
  const chain = new Chain(state)
  applyDamage(chain, targetId, amount, source, dice, opts)
  return chain.events
}

/**
 * pathfinder1e.md §5: `amount` of healing. HP never rise above max [TEXT L269]; the same amount of nonlethal
 * damage goes too [TEXT L289]. A figure healed to 0 HP or more wakes (conditions cleaned, back in the
 * fight) unless nonlethal still exceeds its HP; one still below 0 stops dying ([REC]: any healing stabilizes,
 * as the SRD's "healing a dying character" reads). The dead are not healed.
 */
export function applyHealing(
  state: EncounterState,
  targetId: string,
  amount: number,
  source: string
): GameEvent[] {
  const target = state.combatants.find((c) => c.id === targetId)
  if (!target || amount <= 0) return []
  const stats = readStats(target)
  const lifeMin = lifeMinOf(target)
  const before = healthFrom(stats, target.life, lifeMin)
  if (before === 'dead') return []

  const healed = Math.min(amount, Math.max(0, target.lifeMax - target.life))
  const life = target.life + healed
  const nonlethal = Math.max(0, stats.nonlethal - amount)
  const conditions =
    life >= 0
      ? stats.conditions.filter((k) => k !== 'unconscious' && k !== 'stable')
      : stats.conditions.includes('stable')
        ? stats.conditions
        : [...stats.conditions, 'stable' as const]
  const cleaned: PfStats = { ...stats, nonlethal, conditions }
  const after = healthFrom(cleaned, life, lifeMin)
  const next = withHealthConditions(cleaned, after)

  const events: GameEvent[] = []
  if (healed > 0) events.push({ type: 'healed', id: targetId, amount: healed, source })
  return [...events, ...statsEvent(target, stats, next), ...outOrBack(target, before, after)]
}
