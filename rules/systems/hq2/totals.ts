import { add, frac, mul, ONE, type Fraction } from '../../core/fraction'
import type { Combatant, EncounterState } from '../../core/types'
import { blindFoughtLastTurn } from './being-facts'
import { heightAt, isDark, sectorOf, squaresBetween, type Hq2Sector } from './board'
import { DECISION, type Asker } from './decisions'
import type { Maneuver } from './economy.machine'
import { armorBonus, armorTagged, weaponFor } from './gear'
import type { Hq2Settings } from './settings'
import { hasCondition, readStats, skill } from './stats'

// Total Attack and Total Defense (hq2.md §4.2–4.5): additive terms (level base with its magic multiplier,
// gear, magic, mount, situational rows), then the multiplicative factors, floored once at the end (A1, A2).

/** One additive term of a total, keyed for i18n (`term.<key>`). */
export interface Term {
  key: string
  value: number
}

/** One multiplicative factor of a total. */
export interface Factor {
  key: string
  factor: Fraction
}

/** A total with its breakdown. */
export interface Total {
  terms: Term[]
  factors: Factor[]
  value: number
}

/** Everything the totals of one attack depend on. */
export interface Exchange {
  state: EncounterState
  settings: Hq2Settings
  attacker: Combatant
  target: Combatant
  mode: 'melee' | 'ranged'
  /** The maneuver this attack immediately follows ('failed' = its check failed), or null. */
  maneuver: Maneuver | 'failed' | null
  /** The attacker used Lucha a ciegas this turn (hq2.md A7). */
  blindFighting: boolean
  /** An acrobatic counter-attack (out of turn). */
  counter: boolean
  /** Where the attacker stands in the target's facing. */
  sector: Hq2Sector
  /** Whom GM points are addressed to. */
  gmId: string
  ask: Asker
}

const HALF = frac(1, 2)

function exact(v: number): Fraction {
  return frac(Math.round(v * 100), 100)
}

function floor(x: Fraction): Fraction {
  return frac(x.n >= 0n ? x.n / x.d : -((-x.n + x.d - 1n) / x.d))
}

/**
 * The most dice one HQ2 roll may throw. Not a rule of the book (a real table never gets near it): a guard
 * from reliability.md F2 (≤ 1,000 dice per roll) so an imported giant cannot stall the exact odds, which
 * grow faster than n² (≈ 257 ms for 2,000 dice).
 */
export const MAX_TOTAL_DICE = 1000

/**
 * hq2.md §4.2 step 2 / A1 / A2: max(0, floor(Σ terms × Π factors)), one rounding at the end
 * (`floorEachFactor`: floored after each factor in turn instead), capped at {@link MAX_TOTAL_DICE}.
 */
export function finishTotal(
  terms: Term[],
  factors: Factor[],
  rounding: Hq2Settings['totalRounding'] = 'floorOnce'
): Total {
  const sum = terms.reduce((acc, t) => add(acc, exact(t.value)), frac(0))
  const x =
    rounding === 'floorOnce'
      ? floor(
          mul(
            sum,
            factors.reduce((acc, f) => mul(acc, f.factor), ONE)
          )
        )
      : factors.reduce((acc, f) => floor(mul(acc, f.factor)), floor(sum))
  return { terms, factors, value: Math.min(MAX_TOTAL_DICE, Math.max(0, Number(x.n))) }
}

/** hq2.md §4.2 / A2: the level base with a magic multiplier applied before summing. */
export function scaledBase(base: number, multiplier: number): number {
  return Math.round(base * Math.round(multiplier * 100)) / 100
}

// A GM-set situational row (hq2.md §4.4–4.5, G-1): asked only when the situation arises.
function gmRow(x: Exchange, id: string, range: [number, number], fallback: number): Term {
  const value = x.ask.amount({
    id,
    deciderId: x.gmId,
    range: { min: range[0], max: range[1] },
    default: fallback,
    params: { attacker: x.attacker.name, target: x.target.name }
  })
  return { key: id.replace('hq2.', ''), value }
}

/** hq2.md §4.2 / §4.4: the fight happens in darkness, or `who` is blinded. */
export function darkFor(x: Exchange, who: Combatant): boolean {
  const dark = isDark(x.state, x.settings, x.attacker.pos) || isDark(x.state, x.settings, x.target.pos)
  return dark || hasCondition(who, 'blinded')
}

/** hq2.md §4.4 / A5: the target stands in one of the attacker's rear squares (adjacent, out of sight). */
export function targetBehindAttacker(x: Exchange): boolean {
  return x.mode === 'melee' && sectorOf(x.attacker, x.target.pos) === 'back'
}

function weaponRows(x: Exchange): Term[] {
  const weapon = weaponFor(x.attacker, x.mode)
  if (!weapon) return []
  const rows: Term[] = []
  const targetTags = readStats(x.target).tags
  // hq2.md §4.4 weapon penalty / G-12: unsuited to the enemy, polearm in melee, long in a tunnel, worn.
  const unsuited =
    weapon.unsuitedAgainst.some((t) => targetTags.includes(t)) ||
    (weapon.tags.includes('polearm') && x.mode === 'melee') ||
    (weapon.tags.includes('long') && x.settings.cramped) ||
    weapon.tags.includes('worn')
  if (unsuited) rows.push(gmRow(x, DECISION.weaponPenalty, [-10, 0], -5))
  // hq2.md §4.4 weapon bonus: especially suited, poisoned or sharpened during the fight.
  const suited =
    weapon.suitedAgainst.some((t) => targetTags.includes(t)) ||
    weapon.tags.includes('poisoned') ||
    weapon.tags.includes('sharpened')
  if (suited) rows.push(gmRow(x, DECISION.weaponBonus, [0, 10], 5))
  // hq2.md §2 / G-9: optional missile penalty beyond half the weapon's range.
  const far = x.settings.longRangePenalty
  if (x.mode === 'ranged' && far !== null && weapon.range !== undefined) {
    if (squaresBetween(x.attacker.pos, x.target.pos) * 2 > weapon.range)
      rows.push({ key: 'longRange', value: -far })
  }
  return rows
}

// hq2.md §4.4 [TEXT L63–65]: higher ground or cover for the enemy −5A; lower ground +5A.
function positionalRows(x: Exchange): Term[] {
  const p = x.settings.positionalModifier
  const mine = heightAt(x.state, x.attacker.pos)
  const theirs = heightAt(x.state, x.target.pos)
  const rows: Term[] = []
  if (theirs > mine || hasCondition(x.target, 'covered')) rows.push({ key: 'positionalPenalty', value: -p })
  if (theirs < mine) rows.push({ key: 'positionalBonus', value: p })
  return rows
}

function mountRow(x: Exchange): Term[] {
  // hq2.md §4.2 / G-11: not against an equally mounted enemy, nor with a mount that attacks itself.
  const mount = readStats(x.attacker).mount
  if (!mount || mount.hasOwnAttack || mount.attackBonus === 0) return []
  if (readStats(x.target).mount?.mountType === mount.mountType) return []
  return [{ key: 'mount', value: mount.attackBonus }]
}

/** hq2.md §4.2 + §4.4: Total Attack of the exchange. */
export function attackTotal(x: Exchange): Total {
  const a = readStats(x.attacker)
  const terms: Term[] = [
    { key: 'base', value: scaledBase(a.attackBase, a.magic.attackBaseMultiplier) },
    { key: 'weapon', value: weaponFor(x.attacker, x.mode)?.attackBonus ?? 0 },
    { key: 'magic', value: a.magic.attackBonus },
    ...mountRow(x),
    ...positionalRows(x),
    ...weaponRows(x)
  ]
  if (hasCondition(x.attacker, 'unbalanced', 'hindered'))
    terms.push(gmRow(x, DECISION.attackerCondition, [-20, 0], -5))
  if (hasCondition(x.target, 'unbalanced', 'stuck', 'prone', 'hindered'))
    terms.push(gmRow(x, DECISION.enemyCondition, [0, 20], 5))
  if (x.settings.lowVisibility) terms.push(gmRow(x, DECISION.lowVisibility, [-15, 0], -5))
  if (x.maneuver === 'charge') terms.push({ key: 'charge', value: x.settings.chargeAttackBonus })
  // hq2.md §4.8 / G-6: an acrobatic maneuver lands behind (back rules) or earns a surprise bonus.
  if (x.maneuver === 'acrobatics' && x.sector !== 'back')
    terms.push(gmRow(x, DECISION.surpriseBonus, [0, 20], x.settings.surpriseAttackBonus))
  if (x.settings.askExtraModifiers) terms.push(gmRow(x, DECISION.extraAttack, [-50, 50], 0))

  const factors: Factor[] = []
  // hq2.md §4.2 step 2 / §4.4: darkness ×1/2 unless Lucha a ciegas was used this turn (A7).
  if (darkFor(x, x.attacker) && !x.blindFighting) factors.push({ key: 'darkness', factor: HALF })
  if (targetBehindAttacker(x)) factors.push({ key: 'targetBehind', factor: HALF })
  if (x.maneuver === 'stab' && x.sector === 'back')
    factors.push({ key: 'stab', factor: frac(x.settings.stabMultiplier) })
  return finishTotal(terms, factors, x.settings.totalRounding)
}

/** hq2.md §4.3 / §6: ambushed, asleep, immobilized or critically hindered: Pleno Ataque, no defense. */
export function plenoAtaque(target: Combatant): boolean {
  return hasCondition(target, 'ambushed', 'asleep', 'immobilized', 'criticallyHindered')
}

/** hq2.md §4.3 step 3: the attacker is not located by the defender (hidden, or came in silently). */
export function unlocated(x: Exchange): boolean {
  const hidden = hasCondition(x.attacker, 'hidden') || x.maneuver === 'moveSilently'
  if (!hidden) return false
  return x.settings.unlocatedNoDefense === 'always' || x.mode === 'ranged' || x.sector === 'back'
}

/** hq2.md A7: the being has Lucha a ciegas and used it in its last activation (being-facts.ts). */
export function usedBlindFightingLastTurn(state: EncounterState, being: Combatant): boolean {
  return skill(being, 'luchaACiegas') !== undefined && blindFoughtLastTurn(state, being.id)
}

/** hq2.md §4.3 + §4.5: Total Defense of a basic defense (the caller handles the no-defense cases). */
export function defenseTotal(x: Exchange): Total {
  const d = readStats(x.target)
  const terms: Term[] = [
    { key: 'base', value: scaledBase(d.defenseBase, d.magic.defenseBaseMultiplier) },
    { key: 'armor', value: armorBonus(x.target) },
    { key: 'magic', value: d.magic.defenseBonus }
  ]
  // hq2.md §4.5 / A4: armor worn or cracked, or heavy in water; aquatic armor in water, or prepared.
  const water = x.settings.medium === 'water'
  if (armorTagged(x.target, 'worn', 'cracked') || (water && armorTagged(x.target, 'heavy')))
    terms.push(gmRow(x, DECISION.armorPenalty, [-10, 0], -5))
  if ((water && armorTagged(x.target, 'aquatic')) || armorTagged(x.target, 'prepared'))
    terms.push(gmRow(x, DECISION.armorBonus, [0, 10], 5))
  if (x.settings.lowVisibility) terms.push(gmRow(x, DECISION.lowVisibility, [-15, 0], -5))
  if (x.settings.askExtraModifiers) terms.push(gmRow(x, DECISION.extraDefense, [-50, 50], 0))

  const factors: Factor[] = []
  const spared = x.settings.blindFightingProtectsDefense && usedBlindFightingLastTurn(x.state, x.target)
  if (darkFor(x, x.target) && !spared) factors.push({ key: 'darkness', factor: HALF })
  if (x.sector === 'back') factors.push({ key: 'fromBehind', factor: HALF })
  return finishTotal(terms, factors, x.settings.totalRounding)
}
