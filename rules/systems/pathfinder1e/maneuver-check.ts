import { statsSet } from '../../core/stats'
import type { GameEvent } from '../../core/events'
import { footprintContains, footprintsAdjacent } from '../../core/footprint'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, Combatant, EncounterState } from '../../core/types'
import { attackRoutine, slotWeapon, type AttackSlot } from './attack-routine'
import type { Chain } from '../../core/chain'
import { cmb, cmd } from './defense'
import { cellsOf, type Cell } from './grid'
import {
  maneuverAttackBonus,
  maneuverAutoSuccess,
  maneuverCmdBonus,
  rollManeuver,
  type Maneuver
} from './maneuver-math'
import { acceptedReactions, fireReactions, type Provoking } from './reactions'
import { attacksMade } from './attack-sequence'
import { slotFor } from './resolve-attack'
import { readSettings } from './settings'
import { attackSetup } from './situation'
import { hasCondition, readStats, type Condition, type PfStats } from './stats'
import { naturalReachFt, threatens } from './threat'

// The numbers every combat maneuver check shares (pathfinder1e.md §4.10): CMB plus the attack modifiers that
// apply to the weapon or attack used (step 5), against the target's CMD with its bonuses; the target's attack
// of opportunity fired first and its damage taken off the roll (step 4); the concealment miss chance after a
// success (step 5); and small helpers to change a figure's conditions.

/** Decision key of the overrun target's choice: block (the roll is made) or avoid (the mover passes). */
export const OVERRUN = 'pf1.overrun'

/** The action kinds this module owns. */
export const MANEUVER_KINDS = [
  'trip',
  'disarm',
  'sunder',
  'bullRush',
  'grapple',
  'feint',
  'overrun',
  'grappleMaintain',
  'escape'
] as const
/** A maneuver action kind. */
export type ManeuverKind = (typeof MANEUVER_KINDS)[number]

/** The options of `grappleMaintain` (§4.11 grapple): what a successful check lets the grappler do. */
export const GRAPPLE_OPTIONS = ['damage', 'pin', 'move', 'tieUp', 'release'] as const
/** A grapple option. */
export type GrappleOption = (typeof GRAPPLE_OPTIONS)[number]

/** Whether `kind` is a maneuver action kind. */
export function isManeuverKind(kind: string): kind is ManeuverKind {
  return (MANEUVER_KINDS as readonly string[]).includes(kind)
}

/** The maneuvers that replace one melee attack (§4.11: trip, disarm, sunder), at that attack's bonus. */
export function replacesAttack(kind: string): boolean {
  return kind === 'trip' || kind === 'disarm' || kind === 'sunder'
}

/** The figure with this id, or undefined. */
export function figureIn(state: EncounterState, id: string | undefined): Combatant | undefined {
  return id === undefined ? undefined : state.combatants.find((c) => c.id === id)
}

/** True when two figures' footprints touch (adjacent, diagonals included) without overlapping. */
export function adjacent(a: Combatant, b: Combatant): boolean {
  return footprintsAdjacent(a.pos, a.size, b.pos, b.size)
}

/**
 * Whether the actor can reach the target in melee: it threatens one of the target's squares, or its body
 * reaches it (an unarmed figure threatens nothing, §2, yet may still grapple or trip the foe beside it).
 * A body with no natural reach (Tiny and smaller, reach 0 ft, §2 Table 8-1) reaches only a figure whose
 * square it shares, as its attacks do (issue 20 bug 4).
 */
export function inMeleeReach(state: EncounterState, actor: Combatant, target: Combatant): boolean {
  const body = naturalReachFt(actor) >= 5 ? adjacent(actor, target) : sharesASquare(actor, target)
  return body || cellsOf(target).some((cell) => threatens(state, actor, cell))
}

/** Whether any square of one figure's footprint is a square of the other's. */
function sharesASquare(a: Combatant, b: Combatant): boolean {
  return cellsOf(a).some((cell) => footprintContains(b.pos, b.size, cell))
}

/** Grappled, pinned or tied up: §4.11 "if grappled" limits what the figure may do. */
export function isHeld(c: Combatant): boolean {
  const s = readStats(c)
  return (
    hasCondition(s, 'grappled') ||
    hasCondition(s, 'pinned') ||
    hasCondition(s, 'tiedUp') ||
    s.grapple !== undefined
  )
}

/**
 * The attack a maneuver is made with (§4.10 step 5: bonuses must apply to the weapon or attack used): for
 * trip, disarm and sunder the melee attack it replaces (the next one of a full attack), else the figure's
 * best melee attack; an unarmed one when it holds only a ranged weapon.
 */
export function maneuverSlot(state: EncounterState, actor: Combatant, action: Action): AttackSlot {
  const slot = replacesAttack(action.kind)
    ? slotFor(state, actor, {
        kind: 'attack',
        actorId: actor.id,
        ...(action.options ? { options: action.options } : {})
      })
    : attackRoutine(actor, 'single')[0]
  if (slot && !slot.ranged) return slot
  const unarmed = attackRoutine(actor, 'single', { weaponId: 'unarmed' })[0]
  if (!unarmed) throw new Error('pathfinder1e: no unarmed attack')
  return unarmed
}

/**
 * A maneuver check ready to roll: bonus, CMD, the A4 strict mode, automatic success and the miss chance;
 * `feinted` when the target's Dex was lost to the actor's feint (the check spends it, see `rollCheck`).
 */
export interface ManeuverCheck {
  bonus: number
  cmd: number
  strict: boolean
  autoSuccess: boolean
  concealmentPercent: number
  feinted?: { attackerId: string; targetId: string }
}

/** Options of `maneuverCheck`. */
export interface CheckOptions {
  /** §4.10 step 4: the damage the target's attack of opportunity dealt, taken off the roll. */
  penalty?: number
  /** §4.11 grapple: +5 to maintain a hold the target has not broken. */
  maintain?: boolean
  /** Any other modifier (tie up −10 against a target only grappled, −4 per creature in a bull rush chain). */
  extra?: number
  /** §3.2 / §4.11: made as part of a charge, +2 like the charge's attack ([TEXT L415] bull rush). */
  charging?: boolean
}

/** Whether the target is feinted by the actor (§4.11 feint: it loses its Dex against the next melee attack). */
export function feintedBy(target: Combatant, actorId: string): boolean {
  return readStats(target).effects.some((e) => e.id === 'feinted' && e.until === actorId)
}

/**
 * §4.10 steps 1–6 for `action` by `actor` against `target`: CMB + the maneuver's own bonuses + the normal attack
 * modifiers of the attack used (flanking, prone, dazzled, charging... and the grappled −2 except on grapple
 * checks, §4.7) + for trip/disarm/sunder the weapon's enhancement and the penalty of the iterative it
 * replaces, + 2 disarming with a `disarm` weapon ([SRD] weapon traits), against CMD + the target's bonuses
 * (legs, Improved feat). A target feinted by the actor loses its Dex to the CMD too: a maneuver check is a
 * melee attack roll (§4.10 step 5). A4: trip may need to exceed the CMD.
 */
export function maneuverCheck(
  state: EncounterState,
  actor: Combatant,
  target: Combatant,
  action: Action,
  maneuver: Maneuver,
  opts: CheckOptions = {}
): ManeuverCheck {
  const settings = readSettings(state)
  const slot = maneuverSlot(state, actor, action)
  const setup = attackSetup(state, actor, target, slot, opts.charging ? { charging: true } : {})
  let bonus = cmb(actor) + maneuverAttackBonus(actor, target, maneuver) + setup.mods.attack
  if (maneuver === 'grapple' && hasCondition(readStats(actor), 'grappled')) bonus += 2
  if (replacesAttack(action.kind)) bonus += weaponBonus(state, actor, slot)
  if (maneuver === 'disarm' && slotWeapon(actor, slot)?.traits.includes('disarm')) bonus += 2
  if (opts.maintain) bonus += 5
  bonus += (opts.extra ?? 0) - (opts.penalty ?? 0)
  const feinted = feintedBy(target, actor.id)
  return {
    bonus,
    cmd: cmd(target, { feinted }) + maneuverCmdBonus(target, maneuver, settings),
    strict: maneuver === 'trip' && settings.tripStrict,
    autoSuccess: maneuverAutoSuccess(target),
    concealmentPercent: setup.mods.concealmentPercent,
    ...(feinted ? { feinted: { attackerId: actor.id, targetId: target.id } } : {})
  }
}

/**
 * The weapon's share of a maneuver that replaces an attack: its enhancement bonus, and the iterative (or
 * two-weapon) penalty of the attack replaced, read as the gap between that attack and the figure's best.
 */
function weaponBonus(state: EncounterState, actor: Combatant, slot: AttackSlot): number {
  const best = attacksMade(state) > 0 ? attackRoutine(actor, 'single', { weaponId: slot.id })[0] : undefined
  const iterative = best ? slot.bonus - best.bonus : 0
  return Math.min(0, iterative) + (slotWeapon(actor, slot)?.enhancement ?? 0)
}

/** A rolled check: success after the miss chance, the margin over the CMD and the natural face. */
export interface CheckResult {
  success: boolean
  margin: number
  natural: number
}

/** §4.11 feint: the feinter's next melee attack — a maneuver check too — spends the target's feinted effect. */
export function spendFeint(chain: Chain, attackerId: string, targetId: string): void {
  changeStats(chain, targetId, (s) => ({
    ...s,
    effects: s.effects.filter((e) => !(e.id === 'feinted' && e.until === attackerId))
  }))
}

/**
 * Rolls a maneuver check (purpose `pf1.<maneuver>`), then on a success the concealment miss chance (d100,
 * §4.10 step 5: a maneuver is an attack roll). A check lost to the miss chance fails without a big failure.
 * A feint the check used is spent, whatever the outcome.
 */
export function rollCheck(
  chain: Chain,
  dice: DiceRoller,
  actorId: string,
  purpose: string,
  check: ManeuverCheck
): CheckResult {
  const result = rollManeuver(dice, actorId, purpose, check.bonus, check.cmd, {
    strict: check.strict,
    autoSuccess: check.autoSuccess
  })
  chain.emit(result.events)
  if (check.feinted) spendFeint(chain, check.feinted.attackerId, check.feinted.targetId)
  if (!result.success || check.concealmentPercent <= 0) return result
  const d100 = dice.roll(100, { purpose: 'pf1.miss-chance', actorId })
  const through = d100 > check.concealmentPercent
  chain.emit([
    {
      type: 'dice.rolled',
      actorId,
      purpose: 'pf1.miss-chance',
      sides: 100,
      result: d100,
      target: check.concealmentPercent + 1,
      success: through
    }
  ])
  return { ...result, success: through }
}

/** A d20 check with no automatic faces (a skill check: Bluff, Escape Artist), logged; true on total ≥ DC. */
export function rollSkill(
  chain: Chain,
  dice: DiceRoller,
  actorId: string,
  purpose: string,
  bonus: number,
  dc: number
): boolean {
  const face = dice.roll(20, { purpose, actorId })
  const success = face + bonus >= dc
  const event: GameEvent = {
    type: 'dice.rolled',
    actorId,
    purpose,
    sides: 20,
    result: face + bonus,
    target: dc,
    success
  }
  chain.emit([event])
  return success
}

/** The reactions an action's controllers accepted, with the answer each gave. */
export type AcceptedReactions = ReturnType<typeof acceptedReactions>

/**
 * Fires the accepted reactions due after `at` squares of `path` one by one, in their order, and returns the
 * damage the target's own attack of opportunity dealt (§4.10 step 4: the maneuver's penalty) and whether the
 * actor can go on (not out of the fight, not tripped).
 */
export function fireEach(
  chain: Chain,
  reactions: AcceptedReactions,
  at: number,
  action: Action,
  path: readonly Cell[],
  dice: DiceRoller
): { penalty: number; goOn: boolean } {
  let penalty = 0
  for (const reaction of reactions) {
    if (reaction.at !== at) continue
    const hit = fireReactions(chain, [reaction], at, action.actorId, [...path], dice)
    if (reaction.kind === 'aoo' && reaction.reactorId === action.targetId) penalty += hit.damage
    if (hit.stopped) return { penalty, goOn: false }
  }
  return { penalty, goOn: !chain.figure(action.actorId).out }
}

/** §4.10 step 4: fires the reactions due before a maneuver made in place (see `fireEach`). */
export function reactBefore(
  chain: Chain,
  action: Action,
  how: Provoking,
  dice: DiceRoller,
  answers: Answers
): { penalty: number; goOn: boolean } {
  return fireEach(chain, acceptedReactions(chain.state, action, how, answers), 0, action, how.path, dice)
}

/** Applies a change to a figure's stats as a `stats.changed` event. */
export function changeStats(chain: Chain, id: string, change: (s: PfStats) => PfStats): void {
  const figure = chain.figure(id)
  chain.emit([statsSet(figure, change(readStats(figure)))])
}

/** The stats with these conditions added (once each). */
export function withConditions(s: PfStats, ...add: Condition[]): PfStats {
  const fresh = add.filter((c, i) => !s.conditions.includes(c) && add.indexOf(c) === i)
  return fresh.length === 0 ? s : { ...s, conditions: [...s.conditions, ...fresh] }
}

/** The stats without these conditions. */
export function withoutConditions(s: PfStats, ...drop: Condition[]): PfStats {
  return { ...s, conditions: s.conditions.filter((c) => !drop.includes(c)) }
}
