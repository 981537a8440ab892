import type { GameEvent } from '../../core/events'
import { frac, type Fraction } from '../../core/fraction'
import type { DiceRoller } from '../../core/rng'
import type { Combatant } from '../../core/types'
import { effectiveDex } from './defense'
import { abilityMod, hasCondition, readStats } from './stats'

// Saving throws (pathfinder1e.md §4.9) and plain d20 checks (ability and skill checks, §5 stabilization).

/** A saving throw. */
export type SaveKind = 'fort' | 'ref' | 'will'

/**
 * §4.9: base save + Con (Fortitude), Dex (Reflex) or Wis (Will); cover adds `coverReflex` to Reflex only
 * (§4.6). [SRD] shaken and frightened take −2; Reflex reads the effective Dex (0 while helpless, −4 grappled).
 */
export function saveBonus(c: Combatant, save: SaveKind, coverReflex = 0): number {
  const s = readStats(c)
  const ability =
    save === 'fort'
      ? // [SRD] Bestiary: undead (no Con score) use Charisma for Fortitude.
        abilityMod(s.creatureType === 'undead' || s.abilities.con === 0 ? s.abilities.cha : s.abilities.con)
      : save === 'ref'
        ? abilityMod(effectiveDex(c))
        : abilityMod(s.abilities.wis)
  const fear = hasCondition(s, 'shaken') || hasCondition(s, 'frightened') ? -2 : 0
  return s.saves[save] + ability + fear + (save === 'ref' ? coverReflex : 0)
}

/** Successful d20 faces out of 20 when a natural 1 fails and a natural 20 succeeds. */
function d20Chance(bonus: number, dc: number, natural1Fails: boolean, natural20Succeeds: boolean): Fraction {
  let wins = 0
  for (let face = 1; face <= 20; face++) {
    if (face === 1 && natural1Fails) continue
    if ((face === 20 && natural20Succeeds) || face + bonus >= dc) wins++
  }
  return frac(wins, 20)
}

/** §4.9: P(d20 + bonus ≥ DC), a natural 1 always failing and a natural 20 always succeeding. */
export function saveChance(bonus: number, dc: number): Fraction {
  return d20Chance(bonus, dc, true, true)
}

/** P(d20 + bonus ≥ DC) for an ability or skill check: no automatic results unless `natural20Succeeds` (§5). */
export function checkChance(bonus: number, dc: number, opts: { natural20Succeeds?: boolean } = {}): Fraction {
  return d20Chance(bonus, dc, false, opts.natural20Succeeds === true)
}

/** A rolled d20 test: its event, the outcome and the natural face. */
export interface D20Result {
  events: GameEvent[]
  success: boolean
  natural: number
  total: number
}

function rollD20(
  dice: DiceRoller,
  actorId: string,
  purpose: string,
  bonus: number,
  dc: number,
  natural1Fails: boolean,
  natural20Succeeds: boolean
): D20Result {
  const natural = dice.roll(20, { purpose, actorId })
  const total = natural + bonus
  const autoFail = natural === 1 && natural1Fails
  const autoWin = natural === 20 && natural20Succeeds
  const success = !autoFail && (autoWin || total >= dc)
  const decided = autoFail ? { natural: 'failure' as const } : autoWin ? { natural: 'success' as const } : {}
  return {
    events: [
      { type: 'dice.rolled', actorId, purpose, sides: 20, result: total, target: dc, success, ...decided }
    ],
    success,
    natural,
    total
  }
}

/** §4.9: rolls a saving throw (one d20) against `dc`; natural 1 fails, natural 20 succeeds. */
export function rollSave(
  dice: DiceRoller,
  actorId: string,
  purpose: string,
  bonus: number,
  dc: number
): D20Result {
  return rollD20(dice, actorId, purpose, bonus, dc, true, true)
}

/** Rolls an ability or skill check (one d20) against `dc`; a natural 20 wins only with `natural20Succeeds` (§5). */
export function rollCheck(
  dice: DiceRoller,
  actorId: string,
  purpose: string,
  bonus: number,
  dc: number,
  opts: { natural20Succeeds?: boolean } = {}
): D20Result {
  return rollD20(dice, actorId, purpose, bonus, dc, false, opts.natural20Succeeds === true)
}
