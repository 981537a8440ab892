import type { DiceRoller } from '../../core/rng'
import type { Action } from '../../core/types'
import type { Chain } from '../../core/chain'
import { slotWeapon } from './attack-routine'
import { resolveBullRush } from './maneuver-bull-rush'
import {
  changeStats,
  maneuverCheck,
  maneuverSlot,
  rollCheck,
  rollSkill,
  withConditions
} from './maneuver-check'
import { bluffBonus, feintDc, feintPenalty } from './maneuver-math'
import { readStats, type PfStats, type PfWeapon } from './stats'

// pathfinder1e.md §4.11 trip, disarm, sunder, bull rush (maneuver-bull-rush.ts) and feint, once the reactions
// they provoke have fired (their target's attack of opportunity is `penalty`, §4.10 step 4).

/** The held weapon a disarm or sunder aims at: the main hand's, else the off hand's. */
function heldIds(s: PfStats): string[] {
  return [s.wielding.main, s.wielding.off].filter(
    (id, i, all): id is string => id !== null && all.indexOf(id) === i
  )
}

/** §4.11 sunder: the held weapon that can be sundered (it has hardness and hit points), main hand first. */
export function sunderable(s: PfStats): PfWeapon | undefined {
  return heldIds(s)
    .map((id) => s.weapons.find((w) => w.id === id))
    .find((w): w is PfWeapon => w !== undefined && w.hardness !== undefined && w.hp !== undefined)
}

/** The stats with a held item dropped from both hands (a two-handed grip lets go of it entirely). */
function letGo(s: PfStats, id: string): PfStats {
  const hand = (held: string | null) => (held === id ? null : held)
  return { ...s, wielding: { main: hand(s.wielding.main), off: hand(s.wielding.off) } }
}

/**
 * §4.11 trip: target prone; a failure by 10 or more knocks the tripper prone instead — unless it trips with a
 * `trip` weapon and chose (`options.drop = 1`) to let go of it rather than fall ([SRD] weapon traits).
 */
function trip(chain: Chain, action: Action, targetId: string, dice: DiceRoller, penalty: number): void {
  const { actorId } = action
  const attacker = chain.figure(actorId)
  const check = maneuverCheck(chain.state, attacker, chain.figure(targetId), action, 'trip', { penalty })
  const weapon = slotWeapon(attacker, maneuverSlot(chain.state, attacker, action))
  const result = rollCheck(chain, dice, actorId, 'pf1.trip', check)
  if (result.success) return changeStats(chain, targetId, (s) => withConditions(s, 'prone'))
  if (result.margin > -10) return
  if (weapon && dropsTripWeapon(action, weapon)) changeStats(chain, actorId, (s) => letGo(s, weapon.id))
  else changeStats(chain, actorId, (s) => withConditions(s, 'prone'))
}

/** [SRD] trip weapon: whether a trip failed by 10 or more drops `weapon` instead of its wielder. */
export function dropsTripWeapon(action: Action, weapon: PfWeapon): boolean {
  return action.options?.drop === 1 && weapon.traits.includes('trip')
}

/**
 * §4.11 disarm: the target drops its main-hand item (the off hand's if the main is empty); beating the CMD by
 * 10 drops both hands' items. The dropped weapon leaves `wielding` but stays in `weapons` (it lies at the
 * figure's feet, to be drawn again). An unarmed disarmer takes the main item up ([TEXT L451]) when it has no
 * weapon of that id. Failing by 10 or more, the disarmer drops its own main-hand weapon.
 */
function disarm(chain: Chain, action: Action, targetId: string, dice: DiceRoller, penalty: number): void {
  const { actorId } = action
  const check = maneuverCheck(chain.state, chain.figure(actorId), chain.figure(targetId), action, 'disarm', {
    penalty
  })
  const result = rollCheck(chain, dice, actorId, 'pf1.disarm', check)
  if (!result.success) {
    const own = readStats(chain.figure(actorId)).wielding.main
    if (result.margin <= -10 && own !== null) changeStats(chain, actorId, (s) => letGo(s, own))
    return
  }
  const held = heldIds(readStats(chain.figure(targetId)))
  const dropped = held.slice(0, result.margin >= 10 ? 2 : 1)
  if (dropped.length === 0) return
  changeStats(chain, targetId, (s) => dropped.reduce(letGo, s))
  const taken = dropped[0]
  const disarmer = readStats(chain.figure(actorId))
  const unarmed = disarmer.wielding.main === null && disarmer.wielding.off === null
  const item = readStats(chain.figure(targetId)).weapons.find((w) => w.id === taken)
  if (!unarmed || !item || disarmer.weapons.some((w) => w.id === taken) || disarmer.weapons.length >= 8)
    return
  changeStats(chain, targetId, (s) => ({ ...s, weapons: s.weapons.filter((w) => w.id !== taken) }))
  changeStats(chain, actorId, (s) => ({
    ...s,
    weapons: [...s.weapons, item],
    wielding: { ...s.wielding, main: item.id }
  }))
}

/** The hit points a weapon has left (`hpLeft`, or its full `hp` while undamaged). */
export function weaponHpLeft(w: PfWeapon): number {
  return w.hpLeft ?? w.hp ?? 0
}

/**
 * What a sunder's damage does to a weapon (§4.11 [TEXT L475]): damage beyond the hardness comes off its hit
 * points; at half or fewer it is broken; damage that would take it to 0 or below destroys it, unless the
 * attacker spares it (`keep`), leaving it broken at 1 hp. Null = destroyed.
 */
export function sunderedWeapon(w: PfWeapon, damage: number, keep: boolean): PfWeapon | null {
  const full = w.hp ?? 0
  const left = weaponHpLeft(w) - Math.max(0, damage - (w.hardness ?? 0))
  if (left <= 0 && !keep) return null
  const hpLeft = Math.max(1, left)
  return { ...w, hpLeft, broken: w.broken === true || 2 * hpLeft <= full }
}

/** §4.11 sunder: the attack's damage (dice rolled as `pf1.damage`) to the target's held weapon. */
function sunder(chain: Chain, action: Action, targetId: string, dice: DiceRoller, penalty: number): void {
  const { actorId } = action
  const attacker = chain.figure(actorId)
  const check = maneuverCheck(chain.state, attacker, chain.figure(targetId), action, 'sunder', { penalty })
  if (!rollCheck(chain, dice, actorId, 'pf1.sunder', check).success) return
  const weapon = sunderable(readStats(chain.figure(targetId)))
  if (!weapon) return
  const { count, sides, bonus } = maneuverSlot(chain.state, attacker, action).damage
  let damage = bonus
  for (let i = 0; i < count; i++) {
    const face = dice.roll(sides, { purpose: 'pf1.damage', actorId })
    chain.emit([{ type: 'dice.rolled', actorId, purpose: 'pf1.damage', sides, result: face, success: true }])
    damage += face
  }
  const after = sunderedWeapon(weapon, damage, action.options?.keep === 1)
  changeStats(chain, targetId, (s) =>
    after
      ? { ...s, weapons: s.weapons.map((w) => (w.id === weapon.id ? after : w)) }
      : { ...letGo(s, weapon.id), weapons: s.weapons.filter((w) => w.id !== weapon.id) }
  )
}

/**
 * §4.11 feint: Bluff (with −4 / −8 against non-humanoids / animals) against 10 + BAB + Wis or 10 + Sense
 * Motive; a skill check, so no automatic faces. Success: the target loses its Dex against the feinter's melee
 * attacks until the end of the feinter's next turn (`feinted`, until the feinter, 2 of its turn starts).
 */
function feint(chain: Chain, action: Action, targetId: string, dice: DiceRoller): void {
  const target = chain.figure(targetId)
  const malus = feintPenalty(target)
  if (malus === null) return
  const bonus = bluffBonus(chain.figure(action.actorId)) + malus
  if (!rollSkill(chain, dice, action.actorId, 'pf1.feint', bonus, feintDc(target))) return
  changeStats(chain, targetId, (s) => ({
    ...s,
    effects: [
      ...s.effects.filter((e) => !(e.id === 'feinted' && e.until === action.actorId)),
      { id: 'feinted', until: action.actorId, rounds: 2 }
    ]
  }))
}

type Rolled = (chain: Chain, action: Action, targetId: string, dice: DiceRoller, penalty: number) => void
const ROLLED: Readonly<Record<string, Rolled | undefined>> = {
  trip,
  disarm,
  sunder,
  bullRush: (chain, action, targetId, dice, penalty) =>
    resolveBullRush(chain, action, targetId, dice, penalty)
}

/** Resolves trip, disarm, sunder, bull rush or feint after its reactions; false for any other kind. */
export function resolveTargeted(chain: Chain, action: Action, dice: DiceRoller, penalty: number): boolean {
  const targetId = action.targetId
  if (!targetId) return false
  const run = ROLLED[action.kind]
  if (action.kind === 'feint') feint(chain, action, targetId, dice)
  else if (run) run(chain, action, targetId, dice, penalty)
  else return false
  return true
}
