import { constant, mapDist, mix, probability, type Dist } from '../../core/distribution'
import { add, frac, mul, ONE, sub, ZERO, type Fraction } from '../../core/fraction'
import type { ActionOdds } from '../../core/ruleset'
import type { Action, Answers, Combatant, EncounterState } from '../../core/types'
import { hitTotalDist, splitDamage, swingOdds } from './attack-math'
import { attackRoutine, slotWeapon } from './attack-routine'
import { chargeInnerAction, chargeManeuverOf } from './maneuver-charge'
import {
  figureIn,
  isManeuverKind,
  maneuverCheck,
  maneuverSlot,
  OVERRUN,
  type ManeuverCheck
} from './maneuver-check'
import {
  escapeCheck,
  escapeFaceSucceeds,
  grappleDamageSlot,
  grappleNonlethal,
  tieUpPenalty
} from './maneuver-grapple'
import { cmb, cmd } from './defense'
import {
  bluffBonus,
  feintDc,
  feintPenalty,
  hasImprovedFeat,
  maneuverChance,
  maneuverOdds,
  type Maneuver,
  type ManeuverOdds
} from './maneuver-math'
import { dropsTripWeapon, sunderable, sunderedWeapon } from './maneuver-targeted'
import { maneuverProvoking } from './maneuver-validate'
import { reactionId, reactionsTo, type Provoking } from './reactions'
import { movementProvoking } from './resolve-move'
import { readSettings } from './settings'
import { attackSetup } from './situation'
import { readStats } from './stats'

// Exact odds of a maneuver before it is declared (issue 9 "Odds and the UI"; pathfinder1e.md §4.10–4.11):
// the check's chances of success and of its big successes and failures, mixed over the damage the target's
// attack of opportunity may deal first (a penalty on the roll, or the end of the attempt if it drops the
// actor), with the concealment miss chance on every success. `damage` is the target's lethal damage.

/** The chances that the target's attack of opportunity deals each amount of damage, and that it drops the actor. */
interface Interruption {
  /** Damage dealt (0 on a miss) when the actor stays up, weighted by its chance. */
  penalties: Dist
  /** P(the actor is out of the fight, or tripped off an overrun, before it rolls). */
  stopped: Fraction
}

const NONE: Interruption = { penalties: constant(0), stopped: ZERO }

/** The mixture Σ pᵢ·Xᵢ (weights summing to 1, or to less when some mass is accounted for elsewhere). */
function weighted(parts: ReadonlyArray<readonly [Fraction, Dist]>): Dist {
  const m = new Map<number, Fraction>()
  for (const [p, x] of parts) for (const [v, pv] of x) m.set(v, add(m.get(v) ?? ZERO, mul(p, pv)))
  return m
}

/** Whether `damage` from the swing drops the actor (temporary HP first; nonlethal past its HP knocks it out). */
function drops(actor: Combatant, damage: number, nonlethal: boolean): boolean {
  const s = readStats(actor)
  const through = Math.max(0, damage - s.tempHp)
  return nonlethal ? s.nonlethal + through > actor.life : actor.life - through < 0
}

/**
 * Interruptions already worked out, per state object and by their true inputs: the actor and target (the
 * state's own figures), how the maneuver provokes (kind, feats and overrun path all end up in it) and
 * the target's answer. The AI asks for every maneuver kind against every adjacent foe in each state it
 * weighs, and they share the one attack of opportunity.
 */
const cuts = new WeakMap<EncounterState, Map<string, Interruption>>()

/** §4.10 step 4: what the target's attack of opportunity (if it provokes one and takes it) may do first. */
function interruption(
  state: EncounterState,
  action: Action,
  actor: Combatant,
  target: Combatant,
  answers: Answers
): Interruption {
  const how = maneuverProvoking(state, action)
  if (!how) return NONE
  const choice = answers[reactionId({ kind: 'aoo', reactorId: target.id, at: 0 })] ?? 'attack'
  const own = figureIn(state, actor.id) === actor && figureIn(state, target.id) === target
  const key = `${actor.id}>${target.id}|${String(choice)}|${JSON.stringify(how)}`
  const known = own ? cuts.get(state)?.get(key) : undefined
  if (known) return known
  const cut = interruptionOf(state, action, actor, target, how, choice)
  if (own) {
    const byKey = cuts.get(state) ?? new Map<string, Interruption>()
    cuts.set(state, byKey.set(key, cut))
  }
  return cut
}

function interruptionOf(
  state: EncounterState,
  action: Action,
  actor: Combatant,
  target: Combatant,
  how: Provoking,
  choice: Answers[string]
): Interruption {
  const reaction = reactionsTo(state, action, how).find((r) => r.kind === 'aoo' && r.reactorId === target.id)
  if (!reaction) return NONE
  if (choice === 'pass') return NONE
  if (choice === 'trip') {
    // As reactions.ts rolls it: CMB against CMD, the A4 setting aside.
    const strict = readSettings(state).tripStrict
    const tripped = maneuverChance(cmb(target), cmd(actor), { strict })
    return { penalties: new Map([[0, sub(ONE, tripped)]]), stopped: tripped }
  }
  const slot = attackRoutine(target, 'single')[0]
  if (!slot || slot.ranged) return NONE
  const setup = attackSetup(state, target, actor, slot, {})
  const swing = swingOdds(slot, setup.mods, setup.ac, { immuneCrit: readStats(actor).immuneCrit })
  const dealt = (times: number) =>
    mapDist(hitTotalDist(slot, times, setup.mods.precisionDice), (v) => Math.max(1, v))
  const all = weighted([
    [sub(ONE, swing.hit), constant(0)],
    [sub(swing.hit, swing.crit), dealt(1)],
    [swing.crit, dealt(slot.critMult)]
  ])
  const nonlethal = (v: number) => slot.nonlethal || v < 1
  const stays = new Map([...all].filter(([v]) => !drops(actor, v, nonlethal(v))))
  return { penalties: stays, stopped: probability(all, (v) => drops(actor, v, nonlethal(v))) }
}

/** The check's scaled chances with the concealment miss chance on every success. */
function checkOdds(check: ManeuverCheck, penalty: number): ManeuverOdds {
  const odds = maneuverOdds(check.bonus - penalty, check.cmd, {
    strict: check.strict,
    autoSuccess: check.autoSuccess
  })
  const through = frac(100 - check.concealmentPercent, 100)
  return {
    success: mul(odds.success, through),
    exceedBy5: mul(odds.exceedBy5, through),
    exceedBy10: mul(odds.exceedBy10, through),
    failBy10: odds.failBy10
  }
}

/** `checkOdds` mixed over the penalties the interruption may leave (nothing happens when it stops the actor). */
function mixedOdds(check: ManeuverCheck, cut: Interruption): ManeuverOdds {
  const total = { success: ZERO, exceedBy5: ZERO, exceedBy10: ZERO, failBy10: ZERO }
  for (const [penalty, p] of cut.penalties) {
    const odds = checkOdds(check, penalty)
    for (const key of ['success', 'exceedBy5', 'exceedBy10', 'failBy10'] as const)
      total[key] = add(total[key], mul(p, odds[key]))
  }
  return total
}

/** P(a plain d20 + bonus ≥ dc) with no automatic faces (skill checks). */
function skillChance(bonus: number, dc: number): Fraction {
  let wins = 0
  for (let face = 1; face <= 20; face++) if (face + bonus >= dc) wins++
  return frac(wins, 20)
}

const odds = (headline: Array<[string, Fraction]>, damage: Dist = constant(0)): ActionOdds => ({
  headline: headline.map(([key, p]) => ({ key, p })),
  damage
})

/** §4.11 sunder: P(the weapon ends broken or destroyed) and P(destroyed), given a success. */
function sunderOutcome(
  state: EncounterState,
  actor: Combatant,
  target: Combatant,
  action: Action
): [Fraction, Fraction] {
  const weapon = sunderable(readStats(target))
  if (!weapon) return [ZERO, ZERO]
  const damage = hitTotalDist(maneuverSlot(state, actor, action), 1)
  const after = (d: number) => sunderedWeapon(weapon, d, action.options?.keep === 1)
  return [
    probability(damage, (d) => after(d)?.broken !== false),
    probability(damage, (d) => after(d) === null)
  ]
}

function maintainOdds(
  state: EncounterState,
  actor: Combatant,
  target: Combatant,
  action: Action
): ActionOdds {
  const option = String(action.options?.option ?? '')
  if (option === 'release') return odds([['success', ONE]])
  const extra = option === 'tieUp' ? tieUpPenalty(target) : 0
  const check = maneuverCheck(state, actor, target, action, 'grapple', { maintain: true, extra })
  const success = checkOdds(check, 0).success
  if (option !== 'damage')
    return odds([['success', success], ...(option ? [[option, success] as [string, Fraction]] : [])])
  const slot = grappleDamageSlot(actor)
  if (!slot) return odds([['success', success]])
  const lethal = mapDist(
    hitTotalDist(slot, 1),
    (v) => splitDamage(v, { nonlethal: grappleNonlethal(slot, action) }).lethal
  )
  return odds([['success', success]], mix(success, lethal, constant(0)))
}

/** Exact odds of a maneuver (`Ruleset.odds` for maneuver kinds); null for other kinds or missing figures. */
export function maneuverActionOdds(
  state: EncounterState,
  action: Action,
  answers: Answers = {}
): ActionOdds | null {
  const kind = action.kind
  const actor = figureIn(state, action.actorId)
  if (!isManeuverKind(kind) || !actor) return null
  if (kind === 'escape') {
    const check = escapeCheck(state, actor)
    if (!check) return null
    let wins = 0
    for (let face = 1; face <= 20; face++) if (escapeFaceSucceeds(face, check)) wins++
    return odds([['success', frac(wins, 20)]])
  }
  const target = figureIn(state, action.targetId)
  if (!target) return null
  if (kind === 'grappleMaintain') return maintainOdds(state, actor, target, action)
  if (kind === 'feint') {
    const malus = feintPenalty(target)
    return odds([
      ['success', malus === null ? ZERO : skillChance(bluffBonus(actor) + malus, feintDc(target))]
    ])
  }
  return rolledOdds(state, action, kind, actor, target, answers)
}

/** How a rolled maneuver's odds are taken: as a charge's (+2; the target may have used its attack already). */
interface RolledOptions {
  charging?: boolean
  noAoo?: boolean
}

/** The odds of a maneuver rolled against CMD (everything but escape, maintain and feint). */
function rolledOdds(
  state: EncounterState,
  action: Action,
  kind: Maneuver,
  actor: Combatant,
  target: Combatant,
  answers: Answers,
  opts: RolledOptions = {}
): ActionOdds {
  const cut = opts.noAoo ? NONE : interruption(state, action, actor, target, answers)
  if (kind === 'overrun' && answers[OVERRUN] === 'avoid' && !hasImprovedFeat(actor, 'overrun'))
    return odds([
      ['success', sub(ONE, cut.stopped)],
      ['prone', ZERO]
    ])
  const charging = opts.charging ? { charging: true } : {}
  const o = mixedOdds(maneuverCheck(state, actor, target, action, kind, charging), cut)
  switch (kind) {
    case 'trip': {
      // [SRD] a trip weapon let go of instead of falling (`options.drop = 1`).
      const weapon = slotWeapon(actor, maneuverSlot(state, actor, action))
      const drops = weapon !== undefined && dropsTripWeapon(action, weapon)
      return odds([
        ['success', o.success],
        ['selfProne', drops ? ZERO : o.failBy10],
        ...(drops ? [['selfDisarm', o.failBy10] as [string, Fraction]] : [])
      ])
    }
    case 'disarm':
      return odds([
        ['success', o.success],
        ['bothHands', o.exceedBy10],
        ['selfDisarm', o.failBy10]
      ])
    case 'bullRush':
      return odds([
        ['success', o.success],
        ['push10', o.exceedBy5],
        ['push15', o.exceedBy10]
      ])
    case 'overrun':
      return odds([
        ['success', o.success],
        ['prone', o.exceedBy5]
      ])
    case 'sunder': {
      const [broken, destroyed] = sunderOutcome(state, actor, target, action)
      return odds([
        ['success', o.success],
        ['broken', mul(o.success, broken)],
        ['destroyed', mul(o.success, destroyed)]
      ])
    }
    default:
      return odds([['success', o.success]])
  }
}

/**
 * Exact odds of a maneuver charge (§4.11; `Ruleset.odds` for `charge` with `options.maneuver` — odds.ts must
 * hand it over): the maneuver's as made from the lane's end at +2, its target's attack of opportunity mixed
 * in unless it had one on the way. Attacks of opportunity along the lane are left out, as for a plain
 * charge. Null for any other action.
 */
export function chargeManeuverOdds(
  state: EncounterState,
  action: Action,
  answers: Answers = {}
): ActionOdds | null {
  const maneuver = chargeManeuverOf(action)
  const actor = figureIn(state, action.actorId)
  const target = figureIn(state, action.targetId)
  const end = action.path?.[action.path.length - 1]
  if (!maneuver || !actor || !target || !end) return null
  const moving = movementProvoking(action)
  const noAoo = reactionsTo(state, action, moving).some((r) => r.kind === 'aoo' && r.reactorId === target.id)
  const there = { ...actor, pos: { ...actor.pos, x: end.x, y: end.y } }
  const moved = { ...state, combatants: state.combatants.map((c) => (c.id === actor.id ? there : c)) }
  const inner = chargeInnerAction(action, maneuver)
  return rolledOdds(moved, inner, maneuver, there, target, answers, { charging: true, noAoo })
}
