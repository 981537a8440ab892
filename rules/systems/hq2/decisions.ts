import type { Answers, Combatant, DecisionRequest } from '../../core/types'
import { isBmBeing } from './stats'

// Decisions (design.md "Decisions, automation and the GM"): every choice an HQ2 action needs before it
// is rolled. Rules code asks through an Asker, which returns the answer given so far or the request's
// default, and records the request: `decide` then asks the first one not yet answered. The same code
// builds the plan for `decide`, `resolve` and `odds`, so the three can never disagree.

/** The defense choices of hq2.md §4.8 (reflexes is only for traps and events, never offered vs attacks). */
export const defenseChoices = ['basic', 'dodge', 'juggling', 'acrobatics', 'counter', 'reflexes'] as const

/** A defense choice. */
export type DefenseChoice = (typeof defenseChoices)[number]

/** Decision ids (i18n `decision.<id>`), one per point of hq2.md that needs an answer. */
export const DECISION = {
  defense: 'hq2.defense',
  check: 'hq2.check',
  checkPoints: 'hq2.checkPoints',
  displacement: 'hq2.displacement',
  stuntPoints: 'hq2.stuntPoints',
  counterMovePoints: 'hq2.counterMovePoints',
  counterAttackPoints: 'hq2.counterAttackPoints',
  attackMultiplier: 'hq2.attackMultiplier',
  defenseMultiplier: 'hq2.defenseMultiplier',
  weaponPenalty: 'hq2.weaponPenalty',
  weaponBonus: 'hq2.weaponBonus',
  armorPenalty: 'hq2.armorPenalty',
  armorBonus: 'hq2.armorBonus',
  attackerCondition: 'hq2.attackerCondition',
  enemyCondition: 'hq2.enemyCondition',
  lowVisibility: 'hq2.lowVisibility',
  surpriseBonus: 'hq2.surpriseBonus',
  extraAttack: 'hq2.extraAttack',
  extraDefense: 'hq2.extraDefense',
  maneuverDifficulty: 'hq2.maneuverDifficulty',
  hideDifficulty: 'hq2.hideDifficulty',
  perceptionDifficulty: 'hq2.perceptionDifficulty'
} as const

/** The check modes of hq2.md G-10: rolled by the app (placeholder procedure) or a result entered. */
export const checkModes = ['roll', 'enter'] as const

/** Answers-so-far reader that records every request it is asked for, in order. */
export class Asker {
  /** Requests met so far (first occurrence of each id). */
  readonly requests: DecisionRequest[] = []

  /** `listening` false: defaults only, nothing recorded (a counter-attack's inner roll). */
  constructor(
    private readonly answers: Answers = {},
    private readonly listening = true
  ) {}

  /** The chosen label, or the default. */
  choose(request: DecisionRequest & { choices: string[] }): string {
    this.note(request)
    const given = this.listening ? this.answers[request.id] : undefined
    return typeof given === 'string' && request.choices.includes(given) ? given : String(request.default)
  }

  /** The number entered (clamped to the range), or the default. */
  amount(request: DecisionRequest & { range: { min: number; max: number } }): number {
    this.note(request)
    const given = this.listening ? this.answers[request.id] : undefined
    const value = typeof given === 'number' ? given : Number(request.default)
    return Math.min(request.range.max, Math.max(request.range.min, value))
  }

  /** An Asker for a nested roll that takes defaults only and records nothing. */
  silent(): Asker {
    return new Asker({}, false)
  }

  private note(request: DecisionRequest): void {
    if (this.listening && !this.requests.some((r) => r.id === request.id)) this.requests.push(request)
  }
}

/** The being a GM point is addressed to: a BM being of the exchange, else the attacker (hq2.md §7). */
export function gmDecider(attacker: Combatant, target: Combatant): string {
  if (isBmBeing(attacker)) return attacker.id
  return isBmBeing(target) ? target.id : attacker.id
}

/** The first request the answers do not cover yet, or null. */
export function firstOpen(requests: readonly DecisionRequest[], answers: Answers): DecisionRequest | null {
  return requests.find((r) => !(r.id in answers)) ?? null
}
