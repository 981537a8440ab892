import { statsSet } from '../../core/stats'
import type { GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import type { Action, Combatant, EncounterState, Violation } from '../../core/types'
import { areEnemies } from './board'
import { Asker, DECISION } from './decisions'
import { planCheck, type CheckPlan } from './plan'
import { rollCheck } from './resolve-attack'
import { readSettings, type Hq2Settings } from './settings'
import { hasCondition, isBmBeing, readStats, skill, type SkillName } from './stats'

// Esconderse en las sombras and Percepción (hq2.md §4.3 step 3, §4.5 "attack from behind", §6 [TEXT L100]):
// hiding makes a located being unlocated (the `hidden` condition, which denies defense per
// `unlocatedNoDefense`); a successful Percepción check locates the hidden enemies again. Each is "use a
// skill", the being's one action (hq2.md §3.2 [TEXT L16–22]); the check is the skill check of §4.8.

/** The stealth action kinds. */
export const stealthKinds = ['hide', 'perceive'] as const

/** A stealth action kind. */
export type StealthKind = (typeof stealthKinds)[number]

/** True when the kind is a stealth action. */
export function isStealth(kind: string): kind is StealthKind {
  return (stealthKinds as readonly string[]).includes(kind)
}

const stealthSkill: Record<StealthKind, SkillName> = {
  hide: 'esconderseEnSombras',
  perceive: 'percepcion'
}

/** The enemies of the being that are hidden (not located). */
export function hiddenEnemies(state: EncounterState, actor: Combatant): Combatant[] {
  return state.combatants.filter((c) => !c.out && areEnemies(actor, c) && hasCondition(c, 'hidden'))
}

/** Why the stealth action is illegal now, or null (the economy is checked by the caller). */
export function stealthViolation(
  state: EncounterState,
  settings: Hq2Settings,
  actor: Combatant,
  kind: StealthKind
): Violation | null {
  const needed = stealthSkill[kind]
  const untrained = kind === 'perceive' && settings.perceptionUntrained
  if (!untrained && skill(actor, needed) === undefined)
    return { code: 'lacksSkill', params: { skill: needed } }
  if (kind === 'hide') return hasCondition(actor, 'hidden') ? { code: 'alreadyHidden' } : null
  return hiddenEnemies(state, actor).length > 0 ? null : { code: 'noHiddenEnemy' }
}

/** A stealth action fixed at declaration: its check and difficulty. */
export interface StealthPlan {
  kind: StealthKind
  check: CheckPlan
  difficulty: number
  requests: Asker['requests']
}

// The BM sets the difficulty (hq2.md G-3 located/unlocated is the BM's call): a BM being, else the actor.
function bmDecider(state: EncounterState, actor: Combatant): string {
  if (isBmBeing(actor)) return actor.id
  return state.combatants.find((c) => !c.out && isBmBeing(c))?.id ?? actor.id
}

/** Plans a stealth action with the answers so far (difficulty by the BM, then the check's mode). */
export function planStealth(state: EncounterState, action: Action, ask = new Asker()): StealthPlan | null {
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor || !isStealth(action.kind)) return null
  const settings = readSettings(state)
  const kind = action.kind
  const difficulty = ask.amount({
    id: kind === 'hide' ? DECISION.hideDifficulty : DECISION.perceptionDifficulty,
    deciderId: bmDecider(state, actor),
    range: { min: 0, max: 30 },
    default: kind === 'hide' ? settings.hideDifficulty : settings.perceptionDifficulty,
    params: { being: actor.name }
  })
  const check = planCheck(ask, settings, actor, stealthSkill[kind])
  return { kind, check, difficulty, requests: ask.requests }
}

function withoutHidden(c: Combatant): Record<string, unknown> {
  const stats = readStats(c)
  return { ...stats, conditions: stats.conditions.filter((n) => n !== 'hidden') }
}

/** Rolls the check; on success the hider gains `hidden`, or every hidden enemy loses it. */
export function resolveStealth(
  state: EncounterState,
  plan: StealthPlan,
  actor: Combatant,
  dice: DiceRoller
): GameEvent[] {
  const events: GameEvent[] = []
  const points = rollCheck(dice, plan.check, actor.id, plan.difficulty, events)
  if (points < plan.difficulty) return events
  if (plan.kind === 'hide') {
    const stats = readStats(actor)
    events.push(statsSet(actor, { ...stats, conditions: [...stats.conditions, 'hidden'] }))
    return events
  }
  for (const enemy of hiddenEnemies(state, actor)) events.push(statsSet(enemy, withoutHidden(enemy)))
  return events
}

/** The stealth actions to offer (validated by the caller). */
export function stealthCandidates(actor: Combatant): Action[] {
  return stealthKinds.map((kind) => ({ kind, actorId: actor.id }))
}
