import { decisionKey, GM_DECIDER } from '../../../rules/core/decision-key'
import type { Campaign } from '../../../rules/core/schemas'
import type { DecisionRequest, PendingDecision } from '../../../rules/core/types'
import { rulesets } from '../../../rules/systems'

// What the app does by itself for each rule family (issue 7): off / remind / suggest / auto. Pure mapping
// from a level and a situation to what happens, so the panels and the session only carry it out.

/** How much the app does for a family: nothing, remind the table, suggest an answer, or do it. */
export type AutomationLevel = 'off' | 'remind' | 'suggest' | 'auto'

/** The levels from least to most automatic, in the order the settings panel offers them. */
export const AUTOMATION_LEVELS: readonly AutomationLevel[] = ['off', 'remind', 'suggest', 'auto']

/**
 * The rule families with a level: every die, decisions a figure takes in reaction to another's action
 * (attacks of opportunity, defences, dodges), and the rules' GM adjudication points. Start-of-turn effects
 * have no family: the engine rolls them inside the command that opens the turn (`Ruleset.startTurn`), with
 * no point where it halts to ask, so their dice follow the dice family and nothing else is there to set.
 */
export type AutomationFamily = 'dice' | 'reactions' | 'adjudication'

/** The families in the order the panel lists them. */
export const AUTOMATION_FAMILIES: readonly AutomationFamily[] = ['dice', 'reactions', 'adjudication']

/** A level for every family. */
export type AutomationLevels = Record<AutomationFamily, AutomationLevel>

/**
 * What a campaign without settings gets: the app as it always behaved: its own dice, and a person's
 * decisions asked with the rules' default offered.
 */
export const DEFAULT_LEVELS: AutomationLevels = {
  dice: 'auto',
  reactions: 'suggest',
  adjudication: 'suggest'
}

/** The campaign's stored automation (schemas.ts `automationSchema`). */
export type CampaignAutomation = NonNullable<Campaign['automation']>

/** The levels a campaign's settings give, with the defaults for what it does not say. */
export function levelsOf(automation: CampaignAutomation | undefined): AutomationLevels {
  return {
    dice: automation?.dice ?? DEFAULT_LEVELS.dice,
    reactions: automation?.reactions ?? DEFAULT_LEVELS.reactions,
    adjudication: automation?.adjudication ?? DEFAULT_LEVELS.adjudication
  }
}

/** The settings with one family's level changed. */
export function withLevel(
  automation: CampaignAutomation | undefined,
  family: AutomationFamily,
  level: AutomationLevel
): CampaignAutomation {
  return { ...automation, [family]: level }
}

/**
 * The family of a pending decision: the GM's adjudication points, else a reaction when a figure other than
 * the actor decides (the mover's foe, the target); the actor's own choices (a charge's path, a partial
 * action) are part of declaring its action and keep being asked as before (null).
 */
export function decisionFamily(pending: PendingDecision): AutomationFamily | null {
  const { deciderId } = pending.request
  if (deciderId === GM_DECIDER) return 'adjudication'
  return deciderId === pending.action.actorId ? null : 'reactions'
}

/** What happens to a pending decision. */
export type DecisionPlan =
  /** Answer at once with the AI's answer for the decider (auto, a person's decision). */
  | { kind: 'answer' }
  /** Answer at once with the declining choice (off: the table does not play this family). */
  | { kind: 'decline' }
  /** Ask a person, with the AI's answer preselected (suggest) or nothing preselected (remind). */
  | { kind: 'prompt'; preselect: boolean }
  /** Leave it as it is: the AI player answers for its figures; the actor's own choices stay prompts. */
  | { kind: 'leave' }
  /** Answer at once with the rules' default (a routine question at a level that does not ask it). */
  | { kind: 'default' }

/**
 * What a level does with a decision. `byPerson`: a person (the player or the GM) would answer it; an AI
 * figure's decision is answered by the AI player at every level but off, where nobody takes reactions.
 */
export function decisionPlan(level: AutomationLevel, byPerson: boolean): DecisionPlan {
  if (level === 'off') return { kind: 'decline' }
  if (!byPerson) return { kind: 'leave' }
  if (level === 'auto') return { kind: 'answer' }
  return { kind: 'prompt', preselect: level === 'suggest' }
}

/** Who can answer a pending decision: a person at the table, the AI player for its figure, or nobody. */
export type Answerer = 'person' | 'ai' | 'nobody'

/**
 * Questions whose default is what the rules mean unless the table says otherwise: the check's "roll it"
 * (hq2.md G-10) and the amounts that start at the rules' value (HQ2's stunt and counter points and dice
 * multipliers, Athkri's cover adjustment). A defence in HQ2 asked two to four of them; they are asked only
 * at `remind`, where the table wants every point by hand (a check's "enter" also when the dice are typed).
 */
// Each ruleset declares its own (`Ruleset.routineDecisions`); decision keys carry their system's prefix,
// so one table of them all answers for any encounter.
const ROUTINE_DECISIONS: ReadonlyMap<string, 'routine' | 'dice'> = new Map(
  Object.values(rulesets).flatMap((r) => Object.entries(r?.routineDecisions ?? {}))
)

/**
 * What happens to a pending decision, whoever must answer it: null leaves it to be asked as a prompt (the
 * actor's own choices). A GM ruling with nobody at the table (every figure the AI's) is answered by the AI,
 * so an AI-vs-AI fight never waits for a question no one can answer; a routine question takes its default
 * below `remind`.
 */
export function pendingPlan(
  pending: PendingDecision,
  levels: AutomationLevels,
  answerer: Answerer
): DecisionPlan | null {
  const family = decisionFamily(pending)
  const key = decisionKey(pending.request.id)
  const routine = ROUTINE_DECISIONS.has(key)
  if (!family)
    return answerer === 'person' && routine && !asksRoutine(key, levels.reactions, levels)
      ? { kind: 'default' }
      : null
  const level = levels[family]
  if (answerer === 'nobody') return level === 'off' ? { kind: 'decline' } : { kind: 'answer' }
  const plan = decisionPlan(level, answerer === 'person')
  if (plan.kind === 'prompt' && routine && !asksRoutine(key, level, levels)) return { kind: 'default' }
  return plan
}

function asksRoutine(key: string, level: AutomationLevel, levels: AutomationLevels): boolean {
  return level === 'remind' || (ROUTINE_DECISIONS.get(key) === 'dice' && levels.dice !== 'auto')
}

// The rules' words for "do nothing" among a decision's choices (PF's attack of opportunity `pass`, a ready
// `hold`, Athkri's `passive` defence); checked in this order.
const DECLINING = ['pass', 'hold', 'passive', 'none', 'decline', 'no']

/** The answer that declines a decision: its "do nothing" choice, else the rules' default (a number die). */
export function declineChoice(request: DecisionRequest): string | number {
  const choices = request.choices ?? []
  return DECLINING.find((c) => choices.includes(c)) ?? request.default
}

/** How the dice-entry dialog works at a level: whether it opens, and what it shows of the RNG's faces. */
export interface DicePlan {
  /** The dialog opens for a person's command that rolls. */
  ask: boolean
  /** The inputs start filled with the RNG's faces (Enter accepts them). */
  prefill: boolean
  /** The RNG's face is shown beside each input, one click to take it. */
  hint: boolean
}

/** auto: the RNG rolls; suggest: its faces come filled in; remind: shown beside empty inputs; off: typed. */
export function dicePlan(level: AutomationLevel): DicePlan {
  return {
    ask: level !== 'auto',
    prefill: level === 'suggest',
    hint: level === 'suggest' || level === 'remind'
  }
}
