import { statsSet } from '../../core/stats'
import { ownValue } from '../../core/own-key'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, Combatant, DecisionRequest, EncounterState } from '../../core/types'
import { attackRoutine, slotWeapon } from './attack-routine'
import type { Chain } from '../../core/chain'
import { applyDamage } from './damage'
import { cmb, cmd } from './defense'
import type { Cell } from './grid'
import { rollManeuver } from './maneuver-math'
import { rollSwing } from './roll-attack'
import { readSettings } from './settings'
import { attackSetup } from './situation'
import { readStats } from './stats'
import { canMakeAoo, provocationsAlong, provocationsForAction, threatens } from './threat'
import { readiedInitiative } from './turn-order'

// pathfinder1e.md §3.4–3.5 REACTION_WINDOW: attacks of opportunity and readied actions. Each reactor's
// controller decides in a decision request asked before the action resolves (the engine pauses for it:
// a person gets a prompt, the AI answers); the resolution then fires the accepted reactions at the
// moment they interrupt — the square being left, the start of the provoking action — and the
// interrupted figure goes on if it still can (§3.4 Interrupt). Reactors commit before the action's own
// dice are rolled; they see everything else (the declared path, the target, the spell).

/** Decision key of an attack of opportunity (`pf1.aoo#<reactor>`). */
export const AOO = 'pf1.aoo'
/** Decision key of a readied action going off (`pf1.ready#<reactor>`). */
export const READY = 'pf1.ready'

/** One reaction an action allows: who, what, and after how many squares of the path it interrupts. */
export interface Reaction {
  kind: 'aoo' | 'ready'
  reactorId: string
  /** Squares of the action's path entered before it resolves (0 = before the figure moves or acts). */
  at: number
  /** A readied attack going off against a charging figure: a brace weapon deals double damage (§3.2). */
  againstCharge?: boolean
}

/** How an action moves and what it provokes (§3.4 triggers), read from its kind. */
export interface Provoking {
  /** The squares it moves through (empty for actions in place). */
  path: Cell[]
  mode: 'move' | 'step' | 'withdraw' | 'charge' | 'run' | 'overrun' | null
  /** A provoking action done in place (§3.4 (b)), with only its target reacting for maneuvers. */
  inPlace?: { kind: Parameters<typeof provocationsForAction>[2]; targetOnly?: string }
  /** The trigger readied actions listen for. */
  trigger: 'entersReach' | 'attacks' | 'casts' | 'charges' | null
}

const byInitiative = (state: EncounterState) => (a: Reaction, b: Reaction) =>
  (ownValue(state.initiative, b.reactorId) ?? 0) - (ownValue(state.initiative, a.reactorId) ?? 0)

function figure(state: EncounterState, id: string): Combatant | undefined {
  return state.combatants.find((c) => c.id === id)
}

/** The actor placed at the square it has reached after `entered` squares of the path. */
function actorAt(actor: Combatant, path: Cell[], entered: number): Combatant {
  const cell = entered > 0 ? path[entered - 1] : undefined
  return cell ? { ...actor, pos: { ...actor.pos, x: cell.x, y: cell.y } } : actor
}

/** Readied reactions: the first moment along the action each readied enemy's trigger fires (§3.2 Ready). */
function readiedReactions(state: EncounterState, actor: Combatant, how: Provoking): Reaction[] {
  const out: Reaction[] = []
  for (const reactor of state.combatants) {
    if (reactor.out || reactor.side === actor.side) continue
    const readied = readStats(reactor).readied
    if (!readied || !how.trigger) continue
    const listens =
      readied.trigger === how.trigger ||
      (readied.trigger === 'entersReach' && how.path.length > 0) ||
      (readied.trigger === 'attacks' && how.trigger === 'charges')
    if (!listens) continue
    // Moving triggers fire on the first square in the reactor's reach; others before the action.
    if (readied.trigger === 'entersReach' || readied.trigger === 'charges') {
      const entered = how.path.findIndex((cell) => threatens(state, reactor, cell))
      const againstCharge = how.mode === 'charge' ? { againstCharge: true } : {}
      if (entered >= 0) out.push({ kind: 'ready', reactorId: reactor.id, at: entered + 1, ...againstCharge })
    } else out.push({ kind: 'ready', reactorId: reactor.id, at: how.path.length })
  }
  return out
}

/** Every reaction the action allows, in the order they resolve (§3.4, A8). */
export function reactionsTo(state: EncounterState, action: Action, how: Provoking): Reaction[] {
  const actor = figure(state, action.actorId)
  if (!actor) return []
  const settings = readSettings(state)
  const aoos: Reaction[] = []
  if (how.mode && how.path.length > 0) {
    for (const p of provocationsAlong(state, actor, how.path, { mode: how.mode }))
      aoos.push({ kind: 'aoo', reactorId: p.reactorId, at: Math.max(0, p.index) })
  }
  if (how.inPlace) {
    for (const p of provocationsForAction(state, actor, how.inPlace.kind, how.inPlace.targetOnly))
      aoos.push({ kind: 'aoo', reactorId: p.reactorId, at: 0 })
  }
  // One attack of opportunity per reactor per action: the first opportunity it gets.
  const seen = new Set<string>()
  const unique = aoos.filter((r) => (seen.has(r.reactorId) ? false : (seen.add(r.reactorId), true)))
  const ready = readiedReactions(state, actor, how)
  const order = byInitiative(state)
  const readyFirst = settings.readiedBeforeAoo ? -1 : 1
  return [...ready, ...unique].sort(
    (a, b) => a.at - b.at || (a.kind === b.kind ? order(a, b) : a.kind === 'ready' ? readyFirst : -readyFirst)
  )
}

/** The decision id of a reaction. */
export function reactionId(r: Reaction): string {
  return `${r.kind === 'aoo' ? AOO : READY}#${r.reactorId}`
}

/** The next reaction whose controller has not answered yet, as a decision request (null = all answered). */
export function reactionRequest(
  state: EncounterState,
  action: Action,
  how: Provoking,
  answers: Answers
): DecisionRequest | null {
  const actor = figure(state, action.actorId)
  for (const r of reactionsTo(state, action, how)) {
    const id = reactionId(r)
    if (id in answers) continue
    const reactor = figure(state, r.reactorId)
    const params = { reactor: reactor?.name ?? r.reactorId, actor: actor?.name ?? action.actorId }
    if (r.kind === 'ready')
      return { id, deciderId: r.reactorId, choices: ['fire', 'hold'], default: 'fire', params }
    // A trip stops a move (§3.4: an AoO may be replaced by a trip); in place, a plain attack is offered.
    const choices = how.path.length > 0 ? ['attack', 'trip', 'pass'] : ['attack', 'pass']
    return { id, deciderId: r.reactorId, choices, default: 'attack', params }
  }
  return null
}

/** The reactions whose controllers chose to take them. */
export function acceptedReactions(
  state: EncounterState,
  action: Action,
  how: Provoking,
  answers: Answers
): Array<Reaction & { choice: string }> {
  return reactionsTo(state, action, how).flatMap((r) => {
    const choice = answers[reactionId(r)]
    return typeof choice === 'string' && choice !== 'pass' && choice !== 'hold' ? [{ ...r, choice }] : []
  })
}

/** What the reactions at one moment did to the interrupted figure. */
export interface Interruption {
  /** Damage it took (a maneuver's penalty, a caster's concentration DC). */
  damage: number
  /** It cannot go on: out of the fight, or tripped mid-move. */
  stopped: boolean
}

function markAooUsed(chain: Chain, reactorId: string): void {
  const reactor = chain.figure(reactorId)
  const stats = readStats(reactor)
  const round = chain.state.round
  const used = stats.aooRound === round ? stats.aooUsed + 1 : 1
  chain.emit([statsSet(reactor, { ...stats, aooUsed: used, aooRound: round })])
}

/** One melee swing of the reactor at the interrupted figure, damage applied; returns the damage. */
function reactionSwing(
  chain: Chain,
  reactor: Combatant,
  target: Combatant,
  dice: DiceRoller,
  mode: string,
  againstCharge = false
): number {
  const slot = attackRoutine(reactor, 'single')[0]
  if (!slot) return 0
  const setup = attackSetup(chain.state, reactor, target, slot, {})
  if (setup.violation) return 0
  // §3.2 Charge [SRD]: spears, tridents and other brace weapons readied against a charger deal double damage.
  const braced = againstCharge && slotWeapon(reactor, slot)?.traits.includes('brace') === true
  const swing = rollSwing(dice, reactor.id, target.id, slot, setup.mods, setup.ac, {
    immuneCrit: readStats(target).immuneCrit,
    mode,
    ...(braced ? { damageMultiplier: 2 } : {})
  })
  chain.emit(swing.events)
  if (swing.lethal + swing.nonlethal > 0)
    applyDamage(chain, target.id, { lethal: swing.lethal, nonlethal: swing.nonlethal }, mode, dice, {
      singleAttack: true
    })
  return swing.lethal + swing.nonlethal
}

/** §3.4 AoO replaced by a trip (§4.11): the target falls prone on a success and its move ends. */
function reactionTrip(chain: Chain, reactor: Combatant, target: Combatant, dice: DiceRoller): boolean {
  const settings = readSettings(chain.state)
  const result = rollManeuver(dice, reactor.id, 'pf1.trip', cmb(reactor), cmd(target), {
    strict: settings.tripStrict
  })
  chain.emit(result.events)
  if (!result.success) return false
  const tripped = chain.figure(target.id)
  const stats = readStats(tripped)
  chain.emit([statsSet(tripped, { ...stats, conditions: [...stats.conditions, 'prone'] })])
  return true
}

/**
 * Fires the accepted reactions that interrupt after `entered` squares of the path, in order, and says
 * whether the interrupted figure can go on.
 */
export function fireReactions(
  chain: Chain,
  reactions: ReadonlyArray<Reaction & { choice: string }>,
  entered: number,
  actorId: string,
  path: Cell[],
  dice: DiceRoller
): Interruption {
  let damage = 0
  let stopped = false
  for (const r of reactions.filter((x) => x.at === entered)) {
    const reactor = chain.figure(r.reactorId)
    const here = actorAt(chain.figure(actorId), path, entered)
    if (reactor.out || here.out) continue
    if (r.kind === 'aoo') {
      // Whether it can still react is checked now: an earlier reaction may have changed things.
      if (!canMakeAoo(chain.state, reactor)) continue
      markAooUsed(chain, r.reactorId)
      if (r.choice === 'trip') stopped = reactionTrip(chain, reactor, here, dice) || stopped
      else damage += reactionSwing(chain, reactor, here, dice, 'aoo')
    } else {
      damage += reactionSwing(chain, reactor, here, dice, 'readied', r.againstCharge === true)
      const readier = chain.figure(r.reactorId)
      const { readied: _spent, ...rest } = readStats(readier)
      chain.emit([
        statsSet(readier, rest),
        {
          type: 'initiative.changed',
          id: r.reactorId,
          total: readiedInitiative(chain.state, r.reactorId, actorId),
          reason: 'readied'
        }
      ])
    }
    if (chain.figure(actorId).out) stopped = true
  }
  return { damage, stopped }
}
