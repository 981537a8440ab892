import type { Action, Combatant, EncounterState, Violation } from '../../core/types'
import { concealmentOf, lineOfSight } from './cover'
import { distanceFt } from './grid'
import { healthOf } from './health'
import { readSettings } from './settings'
import {
  aimPoint,
  areaCells,
  casterLevelOf,
  distanceToPointFt,
  lineOfEffectToPoint,
  pointOnBoard
} from './spell-area'
import { harmsTarget } from './spell-touch'
import { canAffect, rangeFt, spellById, type PfSpell } from './spells'
import { hasCondition, readStats, type PfStats } from './stats'

// Whether a figure may cast this spell at this target or point now (pathfinder1e.md §3.2 "Spells"; the Core
// Rulebook's targeting rules [SRD]): a prepared spell with a cast left, a target in range that the caster can
// see (line of sight and of effect), a target the spell can affect, and hands free of a grapple.

const refuse = (code: string, params?: Violation['params']): Violation =>
  params ? { code, params } : { code }

/** The caster's prepared slot of the spell with a cast left, if any. */
function slotWithUses(stats: PfStats, spellId: string): NonNullable<PfStats['spells']>[number] | undefined {
  return stats.spells?.find((s) => s.id === spellId && s.uses > 0)
}

/** The spell an action casts (`options.spell`), or undefined for an unknown id. */
export function spellOf(action: Action): PfSpell | undefined {
  const id = action.options?.spell
  return typeof id === 'string' ? spellById(id) : undefined
}

/** Why the caster cannot cast at all now (before any target), or null. */
function casterViolation(caster: Combatant, action: Action, spell: PfSpell | undefined): Violation | null {
  if (!spell) return refuse('unknownSpell', { spell: String(action.options?.spell ?? '') })
  const stats = readStats(caster)
  if (!stats.castingAbility || !stats.spells?.some((s) => s.id === spell.id)) return refuse('spellNotKnown')
  if (!slotWithUses(stats, spell.id)) return refuse('noUsesLeft')
  // [SRD] a grappled or pinned caster needs a concentration check we do not model: refused.
  if (hasCondition(stats, 'grappled') || hasCondition(stats, 'pinned') || hasCondition(stats, 'tiedUp'))
    return refuse('grappled')
  return null
}

/** §4.6 / [SRD] range, then line of sight and of effect, then seeing the target (not for touch spells). */
function reachViolation(
  state: EncounterState,
  caster: Combatant,
  target: Combatant,
  spell: PfSpell
): Violation | null {
  const max = rangeFt(spell.range, casterLevelOf(readStats(caster)))
  const distance = target.id === caster.id ? 0 : distanceFt(caster, target)
  if (distance > max) return refuse('outOfRange', { distance, max })
  if (target.id === caster.id) return null
  if (!lineOfSight(state, caster, target)) return refuse('noLineOfSight', { target: target.name })
  // [SRD] a targeted spell needs a target the caster can see; touch spells feel their way.
  if (spell.range !== 'touch' && concealmentOf(state, caster, target) === 'total')
    return refuse('targetUnseen', { target: target.name })
  return null
}

/**
 * Who the spell can be cast on: anyone not dead for healing (a foe too, when it attacks the undead), the
 * willing for mage armor, foes of the right creature types for the rest.
 */
function targetViolation(
  state: EncounterState,
  caster: Combatant,
  target: Combatant,
  spell: PfSpell
): Violation | null {
  const stats = readStats(target)
  const dead = healthOf(target) === 'dead'
  if (spell.effect.key === 'heal' && !harmsTarget(spell, target))
    return dead ? refuse('targetOut', { target: target.name }) : null
  if (target.out) return refuse('targetOut', { target: target.name })
  if (spell.effect.key === 'armorBonus') {
    // [SRD] "willing creature touched": a friend, or a foe that cannot refuse.
    const helpless = hasCondition(stats, 'asleep') || hasCondition(stats, 'paralyzed')
    return target.side === caster.side || helpless ? null : refuse('unwilling', { target: target.name })
  }
  if (target.side === caster.side && !readSettings(state).friendlyFire)
    return refuse('friendlyFire', { target: target.name })
  return canAffect(spell, stats) ? null : refuse('cannotAffect', { target: target.name })
}

/** A burst's point of origin: on the board, within range, with line of effect from the caster. */
function aimViolation(
  state: EncounterState,
  caster: Combatant,
  spell: PfSpell,
  action: Action
): Violation | null {
  if (spell.area?.shape === 'burst') {
    const point = aimPoint(action)
    if (!point || !pointOnBoard(state, point)) return refuse('noAim')
    const max = rangeFt(spell.range, casterLevelOf(readStats(caster)))
    const distance = distanceToPointFt(caster, point)
    if (distance > max) return refuse('outOfRange', { distance, max })
    if (!lineOfEffectToPoint(state, caster, point)) return refuse('noLineOfEffect')
    return null
  }
  return areaCells(state, caster, spell, action) ? null : refuse('noAim')
}

/**
 * Null when `actor` may cast `action.options.spell` as declared: single-target spells at `targetId`, bursts at
 * the intersection `path[0]`, cones toward `facing` (0..7). Prone casters may cast; grappled ones may not.
 */
export function validateCast(state: EncounterState, actor: Combatant, action: Action): Violation | null {
  const spell = spellOf(action)
  const refused = casterViolation(actor, action, spell)
  if (refused || !spell) return refused
  if (spell.target === 'area') return aimViolation(state, actor, spell, action)
  if (spell.target === 'self') return null
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!action.targetId) return refuse('noTarget')
  if (!target) return refuse('unknownTarget')
  return reachViolation(state, actor, target, spell) ?? targetViolation(state, actor, target, spell)
}
