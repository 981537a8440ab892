import { statsSet } from '../../core/stats'
import { releaseHold } from './maneuver-release'
import type { GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, Combatant, EncounterState } from '../../core/types'
import type { Chain } from '../../core/chain'
import { coverBetween } from './cover'
import { applyDamage, applyHealing } from './damage'
import { parseDamage } from './dice-expr'
import { addEffect } from './resolve-move'
import { rollSave, saveBonus, type SaveKind } from './saves'
import { rollSwing } from './roll-attack'
import { readSettings } from './settings'
import { attackSetup } from './situation'
import { areaTargets, casterLevelOf } from './spell-area'
import { keepConcentration } from './spell-concentration'
import { harmsTarget, touchSlot } from './spell-touch'
import { spellOf } from './spell-validate'
import { durationRounds, effectDice, missilesFor, spellDc, spellLevelFor, type PfSpell } from './spells'
import { readStats, type PfEffect } from './stats'

// Resolving a cast (pathfinder1e.md §3.2 "Spells"; the six spells of issue 9 as the Core Rulebook words
// them [SRD]). The cast is spent as the casting begins; the reactions it provoked fire and may break the
// caster's concentration (the spell is then lost); then the spell's one effect is applied as data: damage,
// healing, a condition or an armor bonus. Dice are drawn in this order, which the tests rely on: reactions
// (each followed by its concentration check), the defensive and entangled checks, then the effect's damage or
// healing dice, then each target's save.

/** Log purposes of the rolls a spell makes. */
export const SPELL_ROLLS = {
  damage: 'pf1.spell-damage',
  heal: 'pf1.heal',
  ref: 'pf1.reflex-save',
  will: 'pf1.will-save',
  fort: 'pf1.fort-save'
} as const

/** What a cast's effect needs to know about how it was cast. */
interface CastContext {
  casterId: string
  casterLevel: number
  dc: number
  source: string
  /** The answers the action was declared with (the GM's cover and concealment calls of a touch attack). */
  answers: Answers
}

/**
 * Rounds for a timed effect that lives on its target and ticks at the target's turn starts (start-turn.ts):
 * a spell of N rounds spans N of the target's turns from the casting on, so it needs N + 1 ticks — N when
 * the caster is the target, whose next turn start is the duration's own boundary. Capped at the schema's 1000.
 */
export function effectRounds(casterId: string, targetId: string, rounds: number): number {
  return Math.min(1000, rounds + (targetId === casterId ? 0 : 1))
}

function spendCast(chain: Chain, casterId: string, spellId: string): void {
  const stats = readStats(chain.figure(casterId))
  let spent = false
  const spells = stats.spells?.map((slot) => {
    if (spent || slot.id !== spellId || slot.uses <= 0) return slot
    spent = true
    return { ...slot, uses: slot.uses - 1 }
  })
  chain.emit([statsSet(chain.figure(casterId), { ...stats, spells })])
}

/** Rolls `count` dice of `sides`, logging each face under `purpose`; returns their sum. */
function rollDice(
  chain: Chain,
  dice: DiceRoller,
  actorId: string,
  count: number,
  sides: number,
  purpose: string
) {
  const events: GameEvent[] = []
  let sum = 0
  for (let i = 0; i < count; i++) {
    const face = dice.roll(sides, { purpose, actorId })
    events.push({ type: 'dice.rolled', actorId, purpose, sides, result: face, success: true })
    sum += face
  }
  chain.emit(events)
  return sum
}

/** Rolls an expression (`3d4`, `1d4+1`) once. */
function rollExpression(chain: Chain, dice: DiceRoller, actorId: string, expr: string, purpose: string) {
  const { count, sides, bonus } = parseDamage(expr)
  return rollDice(chain, dice, actorId, count, sides, purpose) + bonus
}

/** §4.6: the cover Reflex bonus against an effect from the caster; creatures (soft cover) give none. */
export function coverReflexBonus(state: EncounterState, caster: Combatant, target: Combatant): number {
  const level = coverBetween(state, caster, target, 'ranged')
  const table = readSettings(state).coverReflex
  if (level === 'none' || level === 'soft') return 0
  return level === 'total' ? table.normal : table[level]
}

/** The target's save against the spell (§4.9), logged as `pf1.<kind>-save`; true when it saves. */
function save(chain: Chain, dice: DiceRoller, ctx: CastContext, target: Combatant, kind: SaveKind): boolean {
  const cover = kind === 'ref' ? coverReflexBonus(chain.state, chain.figure(ctx.casterId), target) : 0
  const result = rollSave(dice, target.id, SPELL_ROLLS[kind], saveBonus(target, kind, cover), ctx.dc)
  chain.emit(result.events)
  return result.success
}

function hurt(chain: Chain, dice: DiceRoller, ctx: CastContext, targetId: string, amount: number): void {
  if (amount <= 0) return
  applyDamage(chain, targetId, { lethal: amount, nonlethal: 0 }, ctx.source, dice, { singleAttack: true })
}

function declare(chain: Chain, ctx: CastContext, targetId: string): void {
  chain.emit([{ type: 'attack.declared', attackerId: ctx.casterId, targetId, mode: 'spell' }])
}

/** The damage a target takes after its save, if the spell allows one: half, or none when it negates. */
function afterSave(
  chain: Chain,
  dice: DiceRoller,
  ctx: CastContext,
  spell: PfSpell,
  target: Combatant,
  total: number
) {
  if (!spell.save || !save(chain, dice, ctx, target, spell.save.type)) return total
  return spell.save.onSuccess === 'half' ? Math.floor(total / 2) : 0
}

/**
 * [SRD] damage: magic missile's missiles all strike the one target (no roll, no save), each 1d4+1; an area
 * (burning hands) rolls its damage once for everyone, and each figure in it saves for half on its own.
 */
function damage(chain: Chain, spell: PfSpell, action: Action, dice: DiceRoller, ctx: CastContext): void {
  const expr = effectDice(spell, ctx.casterLevel)
  if (!expr) return
  if (!spell.area) {
    const target = action.targetId ? chain.figure(action.targetId) : undefined
    if (!target || target.out) return
    declare(chain, ctx, target.id)
    const missiles = missilesFor(ctx.casterLevel, spell)
    let total = 0
    for (let i = 0; i < missiles; i++)
      total += rollExpression(chain, dice, ctx.casterId, expr, SPELL_ROLLS.damage)
    return hurt(chain, dice, ctx, target.id, afterSave(chain, dice, ctx, spell, target, total))
  }
  const caught = areaTargets(chain.state, chain.figure(ctx.casterId), spell, action)
  if (caught.length === 0) return
  const total = rollExpression(chain, dice, ctx.casterId, expr, SPELL_ROLLS.damage)
  for (const c of caught) {
    const target = chain.figure(c.id)
    if (!target.out) hurt(chain, dice, ctx, target.id, afterSave(chain, dice, ctx, spell, target, total))
  }
}

/**
 * [SRD] a cure spell on the undead: a melee touch attack (its own attack of the attack rules: concealment,
 * a critical on a 20), then a Will save for half the damage.
 */
function harm(
  chain: Chain,
  spell: PfSpell,
  target: Combatant,
  expr: string,
  dice: DiceRoller,
  ctx: CastContext
) {
  const caster = chain.figure(ctx.casterId)
  const slot = touchSlot(caster, expr)
  const setup = attackSetup(chain.state, caster, target, slot, { answers: ctx.answers })
  const swing = rollSwing(dice, caster.id, target.id, slot, setup.mods, setup.ac, {
    immuneCrit: readStats(target).immuneCrit,
    mode: 'spell'
  })
  chain.emit(swing.events)
  if (swing.hit) hurt(chain, dice, ctx, target.id, afterSave(chain, dice, ctx, spell, target, swing.lethal))
}

/** [SRD] cure light wounds: 1d8 + 1 per caster level (max +5), through the healing rules; it harms undead. */
function heal(chain: Chain, spell: PfSpell, action: Action, dice: DiceRoller, ctx: CastContext): void {
  const expr = effectDice(spell, ctx.casterLevel)
  if (!expr || !action.targetId) return
  const target = chain.figure(action.targetId)
  if (harmsTarget(spell, target)) return harm(chain, spell, target, expr, dice, ctx)
  const amount = rollExpression(chain, dice, ctx.casterId, expr, SPELL_ROLLS.heal)
  chain.emit(applyHealing(chain.state, action.targetId, amount, ctx.source))
}

/**
 * [SRD] a condition, Will negates: sleep's sleepers (helpless, `asleep`) or hold person's paralysis, kept as
 * the `held` effect with its DC so the subject saves again at each of its turns (start-turn.ts).
 */
function condition(chain: Chain, spell: PfSpell, action: Action, dice: DiceRoller, ctx: CastContext): void {
  const effect = spell.effect
  if (effect.key !== 'condition') return
  const targets = spell.area
    ? areaTargets(chain.state, chain.figure(ctx.casterId), spell, action)
    : action.targetId
      ? [chain.figure(action.targetId)]
      : []
  for (const c of targets) {
    const target = chain.figure(c.id)
    if (target.out) continue
    if (!spell.area) declare(chain, ctx, target.id)
    if (spell.save && save(chain, dice, ctx, target, spell.save.type)) continue
    if (effect.effect) {
      const rounds = effectRounds(ctx.casterId, target.id, durationRounds(spell, ctx.casterLevel) ?? 1)
      const dc = effect.saveEachRound ? { dc: ctx.dc } : {}
      addEffect(chain, target.id, { id: effect.effect, until: target.id, rounds, ...dc })
      continue
    }
    const stats = readStats(target)
    if (stats.conditions.includes(effect.condition)) continue
    const conditions = [...stats.conditions, effect.condition]
    chain.emit([statsSet(target, { ...stats, conditions })])
    // §4.11: a sleeper lets go of (or slips out of) any grapple, as a figure going out of the fight does.
    if (effect.condition === 'asleep') chain.emit(releaseHold(chain.state, target.id))
  }
}

/** [SRD] mage armor: +4 armor bonus for its duration; a new casting replaces the old one (no stacking). */
function armor(chain: Chain, spell: PfSpell, action: Action, ctx: CastContext): void {
  const effect = spell.effect
  if (effect.key !== 'armorBonus' || !action.targetId) return
  const target = chain.figure(action.targetId)
  const stats = readStats(target)
  const rounds = effectRounds(ctx.casterId, target.id, durationRounds(spell, ctx.casterLevel) ?? 1)
  const added: PfEffect = { id: effect.effect, until: target.id, rounds, value: effect.bonus }
  const effects = [...stats.effects.filter((e) => e.id !== effect.effect), added]
  chain.emit([statsSet(target, { ...stats, effects })])
}

/**
 * `cast` (§3.2): the cast spent (`stats.changed` on the caster's slot, lost with the spell if concentration
 * fails), the reactions it provoked (a hurt caster checks concentration), the defensive check, then the
 * effect on the target, the area's figures or the caster.
 */
export function resolveCast(chain: Chain, action: Action, dice: DiceRoller, answers: Answers): void {
  const spell = spellOf(action)
  if (!spell) return
  const caster = chain.figure(action.actorId)
  const stats = readStats(caster)
  const level = spellLevelFor(stats, spell)
  const ctx: CastContext = {
    casterId: caster.id,
    casterLevel: casterLevelOf(stats),
    dc: spellDc(caster, spell),
    source: spell.id,
    answers
  }
  spendCast(chain, caster.id, spell.id)
  if (!keepConcentration(chain, action, level, dice, answers)) return
  switch (spell.effect.key) {
    case 'damage':
      return damage(chain, spell, action, dice, ctx)
    case 'heal':
      return heal(chain, spell, action, dice, ctx)
    case 'condition':
      return condition(chain, spell, action, dice, ctx)
    case 'armorBonus':
      return armor(chain, spell, action, ctx)
  }
}
