import { snapDirection } from '../../core/geometry'
import type { Combatant, DecisionRequest, EncounterState } from '../../core/types'
import { inMeleeReach, sectorOf, type Hq2Sector } from './board'
import { Asker, checkModes, DECISION, gmDecider, type DefenseChoice } from './decisions'
import type { Maneuver } from './economy.machine'
import { armorEffects, weaponEffects, weaponFor, type WeaponEffects } from './gear'
import { defaultMultiplier, readSettings, splitPool, type Hq2Settings } from './settings'
import { isBmBeing, skill, type FaceName, type SkillName } from './stats'
import {
  attackTotal,
  defenseTotal,
  plenoAtaque,
  targetBehindAttacker,
  unlocated,
  type Exchange,
  type Total
} from './totals'

// The plan of one attack (hq2.md §3.4 ATTACK_RESOLUTION, §4.7): totals, dice pools with their multipliers,
// the defense chosen and everything it needs, fixed before any die is rolled. `decide`, `resolve` and
// `odds` all read the same plan.

/** Dice rolled for a total (hq2.md §4.6): `scaled` dice whose counted faces count ×multiplier, `plain` at ×1. */
export interface Pool {
  dice: number
  multiplier: number
  scaled: number
  plain: number
  faces: FaceName[]
}

/** A skill check (hq2.md §4.8, G3/G-10): rolled (placeholder procedure) or a result entered. */
export type CheckPlan = { mode: 'roll'; dice: number } | { mode: 'enter'; points: number }

/** The defense against one attack (hq2.md §4.3, §4.8). */
export type DefensePlan =
  | { kind: 'none'; reason: 'plenoAtaque' | 'unlocated' }
  | { kind: 'basic'; total: Total; pool: Pool; absorb: number }
  | { kind: 'dodge' | 'juggling'; perPoint: number; check: CheckPlan }
  | { kind: 'acrobatics'; stunt: number; displacement: number; check: CheckPlan }
  | { kind: 'counter'; stunt: number; check: CheckPlan; counter: AttackPlan | null }

/** One attack, fixed at declaration. */
export interface AttackPlan {
  attacker: Combatant
  target: Combatant
  mode: 'melee' | 'ranged'
  maneuver: Maneuver | 'failed' | null
  counter: boolean
  /** The attacker in the target's rear squares (hq2.md §4.3, §4.5). */
  sector: Hq2Sector
  /** The target in the attacker's rear squares (hq2.md §4.4, A5). */
  behindAttacker: boolean
  attack: Total
  pool: Pool
  weapon: WeaponEffects
  defense: DefensePlan
  /** The attacker's facing once it has attacked (hq2.md §2 G5). */
  facing: number
  /** Every decision this plan needs, in the order they are asked. */
  requests: DecisionRequest[]
}

/** Who attacks whom, how, and in what frame (the follow-up of a maneuver, a counter-attack). */
export interface AttackSetup {
  state: EncounterState
  attacker: Combatant
  target: Combatant
  mode: 'melee' | 'ranged'
  maneuver?: Maneuver | 'failed' | null
  blindFighting?: boolean
  counter?: boolean
}

function pool(x: Exchange, dice: number, faces: FaceName[], id: string, deciderId: string): Pool {
  const fallback = defaultMultiplier(x.settings, dice)
  const at = (multiplier: number): Pool => ({
    dice,
    multiplier,
    ...splitPool(x.settings, dice, multiplier),
    faces
  })
  if (dice <= x.settings.multiplierPromptAbove) return at(fallback)
  const multiplier = x.ask.amount({
    id,
    deciderId,
    range: { min: 1, max: dice },
    default: fallback,
    params: { dice, warnAbove: x.settings.multiplierWarnAbove }
  })
  return at(multiplier)
}

/** The defenses hq2.md §4.8 allows this defender against this attack; 'basic' first (the default). */
export function defenseOptions(settings: Hq2Settings, x: Pick<Exchange, 'target' | 'mode' | 'counter'>) {
  const options: DefenseChoice[] = ['basic']
  if (settings.bmBasicDefenseOnly && isBmBeing(x.target)) return options
  if (skill(x.target, 'esquivar') !== undefined) options.push('dodge')
  if (skill(x.target, 'malabarismo') !== undefined && x.mode === 'ranged') options.push('juggling')
  if (skill(x.target, 'acrobacias') !== undefined) {
    options.push('acrobatics')
    if (x.mode === 'melee' && !x.counter) options.push('counter')
  }
  return options
}

/** hq2.md G3 / G-10: the check of `being` with a skill, rolled or entered. */
export function planCheck(ask: Asker, settings: Hq2Settings, being: Combatant, name: SkillName): CheckPlan {
  const params = { being: being.name, skill: name }
  const mode = ask.choose({
    id: DECISION.check,
    deciderId: being.id,
    choices: [...checkModes],
    default: 'roll',
    params
  })
  if (mode === 'enter') {
    const points = ask.amount({
      id: DECISION.checkPoints,
      deciderId: being.id,
      range: { min: 0, max: 100 },
      default: 0,
      params
    })
    return { mode: 'enter', points }
  }
  return { mode: 'roll', dice: settings.skillCheckBaseDice + (skill(being, name) ?? 0) }
}

/** hq2.md §3.2 / G-7: acrobatic counter-attacks the being already tried this round. */
export function counterAttemptsThisRound(state: EncounterState, beingId: string): number {
  let n = 0
  for (let i = state.log.length - 1; i >= 0; i--) {
    const e = state.log[i]
    if (!e || e.type === 'round.started') break
    if (e.type === 'attack.declared' && e.mode === 'counter' && e.attackerId === beingId) n++
  }
  return n
}

function gmPoints(x: Exchange, id: string, fallback: number): number {
  const params = { attacker: x.attacker.name, target: x.target.name }
  return x.ask.amount({ id, deciderId: x.gmId, range: { min: 0, max: 20 }, default: fallback, params })
}

function alternative(x: Exchange, choice: DefenseChoice): DefensePlan {
  const { settings, target, ask } = x
  switch (choice) {
    case 'dodge':
      return {
        kind: 'dodge',
        perPoint: settings.dodgeSkullsPerPoint,
        check: planCheck(ask, settings, target, 'esquivar')
      }
    case 'juggling':
      return {
        kind: 'juggling',
        perPoint: settings.jugglingSkullsPerPoint,
        check: planCheck(ask, settings, target, 'malabarismo')
      }
    case 'acrobatics': {
      const displacement = ask.amount({
        id: DECISION.displacement,
        deciderId: target.id,
        range: { min: 0, max: settings.maxAcrobaticDisplacement },
        default: 0,
        params: { being: target.name }
      })
      const stunt = gmPoints(x, DECISION.stuntPoints, displacement > 0 ? settings.displacementStuntPoints : 0)
      return {
        kind: 'acrobatics',
        stunt,
        displacement,
        check: planCheck(ask, settings, target, 'acrobacias')
      }
    }
    default: {
      // hq2.md §4.8 Contraataque: attack points + movement points + extra attack points (BM) + G-7 repeats.
      const move = gmPoints(x, DECISION.counterMovePoints, 0)
      const extra = gmPoints(x, DECISION.counterAttackPoints, 0)
      const repeats = counterAttemptsThisRound(x.state, target.id) * settings.counterRepeatPenalty
      const check = planCheck(ask, settings, target, 'acrobacias')
      const counter = inMeleeReach(x.state, target.pos, x.attacker.pos)
        ? planAttack(
            { state: x.state, attacker: target, target: x.attacker, mode: 'melee', counter: true },
            ask.silent()
          )
        : null
      return { kind: 'counter', stunt: move + extra + repeats, check, counter }
    }
  }
}

function planDefense(x: Exchange): DefensePlan {
  if (plenoAtaque(x.target)) return { kind: 'none', reason: 'plenoAtaque' }
  if (unlocated(x)) return { kind: 'none', reason: 'unlocated' }
  const options = defenseOptions(x.settings, x)
  const choice =
    options.length > 1
      ? (x.ask.choose({
          id: DECISION.defense,
          deciderId: x.target.id,
          choices: options,
          default: 'basic',
          params: { attacker: x.attacker.name, target: x.target.name }
        }) as DefenseChoice)
      : 'basic'
  if (choice !== 'basic') return alternative(x, choice)
  const total = defenseTotal(x)
  const armor = armorEffects(x.target)
  return {
    kind: 'basic',
    total,
    pool: pool(x, total.value, armor.faces, DECISION.defenseMultiplier, x.target.id),
    absorb: armor.absorb
  }
}

/** Plans one attack with the answers an Asker holds (defaults for the rest). */
export function planAttack(setup: AttackSetup, ask: Asker = new Asker()): AttackPlan {
  const { state, attacker, target, mode } = setup
  const settings = readSettings(state)
  const x: Exchange = {
    state,
    settings,
    attacker,
    target,
    mode,
    maneuver: setup.maneuver ?? null,
    blindFighting: setup.blindFighting ?? false,
    counter: setup.counter ?? false,
    sector: sectorOf(target, attacker.pos),
    gmId: gmDecider(attacker, target),
    ask
  }
  const attack = attackTotal(x)
  const weapon = weaponEffects(weaponFor(attacker, mode))
  const attackPool = pool(x, attack.value, weapon.faces, DECISION.attackMultiplier, attacker.id)
  const defense = planDefense(x)
  const dx = target.pos.x - attacker.pos.x
  const dy = target.pos.y - attacker.pos.y
  const facing =
    settings.faceTargetOnAttack && (dx !== 0 || dy !== 0) ? snapDirection(dx, dy) : attacker.facing
  return {
    attacker,
    target,
    mode,
    maneuver: x.maneuver,
    counter: x.counter,
    sector: x.sector,
    behindAttacker: targetBehindAttacker(x),
    attack,
    pool: attackPool,
    weapon,
    defense,
    facing,
    requests: ask.requests
  }
}
