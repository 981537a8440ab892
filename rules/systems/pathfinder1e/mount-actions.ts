import { spendEconomy } from '../../core/economy'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, Combatant, EncounterState, Violation } from '../../core/types'
import { attackRoutine } from './attack-routine'
import type { Chain } from '../../core/chain'
import { chargeLane } from './charge'
import { ATTACK_REPLACING, chargeOf } from './costs'
import { economy } from './economy'
import type { PfEconomyEvent } from './economy.machine'
import { footprintGap, sideOf } from './grid'
import { canAct } from './health'
import {
  inSaddle,
  linkedMount,
  MOUNT_PACE,
  MOUNT_PREFIX,
  mountedChargeSlot,
  mountMovedFar,
  ridingMount
} from './mount'
import { mountEconomy, mountRestricted, mountView, spendMount, withMountBudget } from './mount-economy'
import { canLandAt, joinEvents, landingSquare, partEvents } from './mount-fall'
import { attacksMade } from './attack-sequence'
import { slotFor, swing, swingOptions } from './resolve-attack'
import { addEffect, movementProvoking, resolveMovement } from './resolve-move'
import { readSettings } from './settings'
import { attackSetup } from './situation'
import { hasCondition, readStats, sizes } from './stats'
import { threatensFigure } from './threat'

// pathfinder1e.md §4.12 mounted combat as actions of the rider, the one who acts. Its movement actions
// (move, 5-ft step, run, withdraw, charge) are its mount's: the mount's speed, footprint and budget (the
// movement rules run on `mountView`, the state seen from the mount) — and cost the rider nothing but the
// 5-ft step they share. `mountAttack` has a combat-trained mount strike (its standard action, directed as
// the rider's free action); `mount` and `dismount` are move actions. Attacks of opportunity against a
// mounted move are the mover's, the rider's (reactions.ts reads the actor), measured from its square.

/** The movement validation of actions.ts, passed in (actions.ts calls into this file). */
type MovementCheck = (state: EncounterState, actor: Combatant, action: Action) => Violation | null
/** The movement candidates of actions.ts, passed in. */
type MoveLister = (state: EncounterState, actor: Combatant) => Action[]

const MOVING = new Set(['move', 'step', 'run', 'withdraw'])
const STANDARD: PfEconomyEvent = { type: 'economy.standard', standard: 1 }

const refuse = (code: string): Violation => ({ code })

function figure(state: EncounterState, id: string | undefined): Combatant | undefined {
  return id === undefined ? undefined : state.combatants.find((c) => c.id === id)
}

/** The mount's own version of a rider's action. */
const asMount = (action: Action, mount: Combatant): Action => ({ ...action, actorId: mount.id })

/**
 * The rider has attacked this turn. From then on its mount moves no more than a 5-ft step: the rider
 * attacks at the end of the mount's movement ([TEXT L487] "you have to wait until it reaches the foe"),
 * which keeps a full attack and the ranged penalties honest whatever the order of the actions.
 */
const riderAttacked = (state: EncounterState): boolean => attacksMade(state) > 0

/** Any square of the target (a rider: its whole mount) is in the attacker's melee reach. */
function reaches(state: EncounterState, attacker: Combatant, target: Combatant): boolean {
  return threatensFigure(state, inSaddle(state, attacker), inSaddle(state, target))
}

const chargers = new WeakMap<object, WeakMap<object, Record<string, unknown>>>()

/**
 * The figure that charges when a rider's mount charges: the mount's space, speed and flight with the
 * rider's weapon and reach (the lane ends where the rider can strike). Stats memoized per pair of stats.
 */
function mountedCharger(rider: Combatant, mount: Combatant): Combatant {
  let byMount = chargers.get(rider.stats)
  if (!byMount) chargers.set(rider.stats, (byMount = new WeakMap()))
  let stats = byMount.get(mount.stats)
  if (!stats) {
    const m = readStats(mount)
    stats = { ...rider.stats, speed: m.speed, flying: m.flying }
    byMount.set(mount.stats, stats)
  }
  return { ...rider, pos: mount.pos, size: mount.size ?? 1, stats }
}

function mountedMoveViolation(
  state: EncounterState,
  rider: Combatant,
  mount: Combatant,
  action: Action,
  movement: MovementCheck
): Violation | null {
  const s = readStats(rider)
  if (hasCondition(s, 'grappled') || hasCondition(s, 'pinned')) return refuse('grappled')
  if (!canAct(mount)) return refuse('cannotAct')
  if (action.kind !== 'step' && riderAttacked(state)) return refuse('cannotAfford')
  const view = mountView(state, mount)
  const own = asMount(action, mount)
  const violation = movement(view, mount, own)
  if (violation) return violation
  return spendMount(state, mount, chargeOf(view, own)) ? null : refuse('cannotAfford')
}

function mountedChargeViolation(
  state: EncounterState,
  rider: Combatant,
  mount: Combatant,
  action: Action
): Violation | null {
  const target = figure(state, action.targetId)
  if (!target || target.out) return refuse('noTarget')
  if (target.side === rider.side && !readSettings(state).friendlyFire) return refuse('friendlyFire')
  if (!canAct(mount) || hasCondition(readStats(mount), 'prone')) return refuse('cannotAct')
  if (riderAttacked(state)) return refuse('cannotAfford')
  const view = mountView(state, mount)
  const lane = chargeLane(view, mountedCharger(rider, mount), target, {
    restricted: mountRestricted(state, mount)
  })
  if ('violation' in lane) return refuse(lane.violation)
  const last = lane.path[lane.path.length - 1]
  const end = action.path?.[action.path.length - 1]
  if (!last || !end || last.x !== end.x || last.y !== end.y) return refuse('chargePath')
  return spendMount(state, mount, chargeOf(view, asMount(action, mount))) ? null : refuse('cannotAfford')
}

function mountAttackViolation(state: EncounterState, rider: Combatant, action: Action): Violation | null {
  const mount = ridingMount(state, rider)
  if (!mount) return refuse('notMounted')
  if (readStats(mount).combatTrained !== true) return refuse('mountUntrained')
  if (!canAct(mount)) return refuse('cannotAct')
  const target = figure(state, action.targetId)
  if (!target || target.out) return refuse('noTarget')
  if (target.side === rider.side && !readSettings(state).friendlyFire) return refuse('friendlyFire')
  if (mountMovedFar(state, rider.id)) return refuse('mountMoved')
  if (!spendMount(state, mount, STANDARD)) return refuse('cannotAfford')
  const slot = attackRoutine(mount, 'single')[0]
  if (!slot || slot.ranged) return refuse('noAttack')
  if (!reaches(state, mount, target)) return refuse('outOfReach')
  const setup = attackSetup(state, mount, target, slot, {})
  return setup.violation ? refuse(setup.violation) : null
}

/** A steed: a creature whose profile says whether it is combat-trained (G-10), larger than the rider. */
function mountViolation(state: EncounterState, rider: Combatant, action: Action): Violation | null {
  if (linkedMount(state, rider)) return refuse('mounted')
  const s = readStats(rider)
  if (hasCondition(s, 'prone')) return refuse('prone')
  if (hasCondition(s, 'grappled') || hasCondition(s, 'pinned')) return refuse('grappled')
  const steed = figure(state, action.targetId)
  if (!steed || steed.out || steed.id === rider.id || steed.side !== rider.side) return refuse('noTarget')
  const m = readStats(steed)
  const larger = sizes.indexOf(m.size) > sizes.indexOf(s.size)
  if (m.combatTrained === undefined || !larger || m.riderId !== undefined || m.mountId !== undefined)
    return refuse('noTarget')
  return adjacent(rider, steed) ? null : refuse('outOfReach')
}

/** The two spaces touch (adjacent, diagonals included) or overlap. */
function adjacent(a: Combatant, b: Combatant): boolean {
  const gap = footprintGap(a.pos, sideOf(a), b.pos, sideOf(b))
  return Math.max(gap.x, gap.y) <= 1
}

function dismountViolation(state: EncounterState, rider: Combatant, action: Action): Violation | null {
  const mount = linkedMount(state, rider)
  if (!mount) return refuse('notMounted')
  const chosen = action.path?.[0]
  if (chosen) return canLandAt(state, rider, mount, chosen) ? null : refuse('occupied')
  return landingSquare(state, rider, mount) ? null : refuse('noRoom')
}

/**
 * §4.12 hook of `validateAction`: the verdict on a mounted rider's action (null = legal, a violation =
 * refused), or undefined when the usual rules decide. After its mount moved more than 5 ft the rider makes a
 * single melee attack ([TEXT L487]: no full attack, no second swing); a full attack with a ranged weapon is
 * still allowed ([TEXT L491]). A rider cannot overrun or drop prone in the saddle.
 */
export function mountedViolation(
  state: EncounterState,
  actor: Combatant,
  action: Action,
  movement: MovementCheck
): Violation | null | undefined {
  const kind = action.kind
  if (kind === 'mount') return mountViolation(state, actor, action)
  if (kind === 'dismount') return dismountViolation(state, actor, action)
  if (kind === 'mountAttack') return mountAttackViolation(state, actor, action)
  const mount = ridingMount(state, actor)
  if (!mount) return undefined
  if (MOVING.has(kind)) return mountedMoveViolation(state, actor, mount, action, movement)
  if (kind === 'charge') return mountedChargeViolation(state, actor, mount, action)
  if (kind === 'overrun' || kind === 'dropProne') return refuse('mounted')
  // §3.2 Delay is taken before acting; a mount that has acted would act again on the delayed turn.
  if (
    kind === 'delay' &&
    Object.keys(state.turn?.economy.context ?? {}).some((k) => k.startsWith(MOUNT_PREFIX))
  )
    return refuse('cannotAfford')
  if (!mountMovedFar(state, actor.id)) return undefined
  const weapon = typeof action.options?.weapon === 'string' ? { weaponId: action.options.weapon } : {}
  if (kind === 'fullAttack')
    return attackRoutine(actor, 'full', weapon)[0]?.ranged ? undefined : refuse('mountMoved')
  const melee = ATTACK_REPLACING.has(kind) || (kind === 'attack' && !slotFor(state, actor, action)?.ranged)
  return melee && attacksMade(state) > 0 ? refuse('mountMoved') : undefined
}

/** §4.12: a mounted rider's movement candidates: the mount's moves, by the rider. */
export function mountedMoves(
  state: EncounterState,
  rider: Combatant,
  mount: Combatant,
  moves: MoveLister
): Action[] {
  const s = readStats(rider)
  if (!canAct(mount) || hasCondition(s, 'grappled') || hasCondition(s, 'pinned')) return []
  const attacked = riderAttacked(state)
  return moves(mountView(state, mount), mount)
    .filter((a) => !attacked || a.kind === 'step')
    .map((a) => ({ ...a, actorId: rider.id }))
}

/**
 * §4.12 candidates for `legalActions` (validated and priced there): the mounted charges, the mount's attack
 * and dismounting for a rider; mounting a steed beside it for a figure on foot.
 */
export function mountedCandidates(state: EncounterState, actor: Combatant): Action[] {
  const actorId = actor.id
  const mount = ridingMount(state, actor)
  if (!mount) {
    if (linkedMount(state, actor)) return []
    return state.combatants
      .filter((c) => c.side === actor.side && c.id !== actor.id && adjacent(actor, c))
      .map((c) => ({ kind: 'mount', actorId, targetId: c.id }))
  }
  const out: Action[] = [{ kind: 'dismount', actorId }]
  const view = mountView(state, mount)
  const charger = mountedCharger(actor, mount)
  for (const enemy of state.combatants) {
    if (enemy.side === actor.side || enemy.out) continue
    out.push({ kind: 'mountAttack', actorId, targetId: enemy.id })
    if (riderAttacked(state) || !spendMount(state, mount, { type: 'economy.full', full: 1, squares: 1 }))
      continue
    const lane = chargeLane(view, charger, enemy, { restricted: mountRestricted(state, mount) })
    if ('path' in lane)
      out.push({
        kind: 'charge',
        actorId,
        targetId: enemy.id,
        path: lane.path.map(({ x, y }) => ({ x, y, z: actor.pos.z }))
      })
  }
  return out
}

/** How the mount has moved after this action (MOUNT_PACE): a second move action makes a double move. */
function paceAfter(state: EncounterState, action: Action, event: PfEconomyEvent): number {
  const before = state.turn?.economy.context[MOUNT_PACE] ?? 0
  if (action.kind === 'run') return 3
  if (action.kind === 'step') return before
  if (action.kind === 'move' && event.type === 'economy.move') return Math.max(before, before >= 1 ? 2 : 1)
  return Math.max(before, 2)
}

/** Writes the mount's budget after `mountEvent` into the rider's economy as it stands after `action`. */
function spendBudget(
  chain: Chain,
  state: EncounterState,
  action: Action,
  mount: Combatant,
  mountEvent: PfEconomyEvent
) {
  const turn = state.turn
  const mountAfter = spendMount(state, mount, mountEvent)
  if (!turn || !mountAfter) return
  const paid = spendEconomy(economy, turn.economy, economy.charge(state, action)) ?? turn.economy
  // §3.2: no 5-ft step in a turn with other movement — the step the rider and its mount share is gone.
  const moved = (mountAfter.context._moved ?? 0) > 0
  const riderAfter = moved ? { ...paid, context: { ...paid.context, step: 0 } } : paid
  const pace =
    MOVING.has(action.kind) || action.kind === 'charge' ? paceAfter(state, action, mountEvent) : undefined
  chain.emit([
    {
      type: 'economy.changed',
      actorId: action.actorId,
      economy: withMountBudget(riderAfter, mountAfter, pace)
    }
  ])
}

/** `charge` in the saddle: both take −2 AC, the mount charges, the rider strikes at +2 (a lance: double). */
function resolveMountedCharge(
  chain: Chain,
  action: Action,
  mount: Combatant,
  dice: DiceRoller,
  answers: Answers
) {
  const state = chain.state
  const { actorId, targetId } = action
  const mountEvent = chargeOf(mountView(state, mount), asMount(action, mount))
  addEffect(chain, actorId, { id: 'charged', until: actorId, value: readSettings(state).chargeAcPenalty })
  addEffect(chain, mount.id, { id: 'charged', until: actorId, value: readSettings(state).chargeAcPenalty })
  const { stopped } = resolveMovement(chain, action, movementProvoking(action), dice, answers)
  const rider = chain.figure(actorId)
  const target = targetId ? chain.figure(targetId) : undefined
  const slot = attackRoutine(rider, 'single')[0]
  if (
    !stopped &&
    target &&
    slot &&
    !slot.ranged &&
    ridingMount(chain.state, rider) &&
    reaches(chain.state, rider, target)
  )
    swing(
      chain,
      actorId,
      target.id,
      mountedChargeSlot(chain.state, rider, slot),
      dice,
      swingOptions(action, answers),
      'charge'
    )
  spendBudget(chain, state, action, mount, mountEvent)
}

/** Resolves the §4.12 actions and a rider's movement; false when the action is not one of them. */
export function resolveMounted(chain: Chain, action: Action, dice: DiceRoller, answers: Answers): boolean {
  const state = chain.state
  const rider = chain.figure(action.actorId)
  if (action.kind === 'mount') {
    const steed = figure(state, action.targetId)
    if (steed) chain.emit(joinEvents(rider, steed))
    return true
  }
  if (action.kind === 'dismount') {
    const mount = linkedMount(state, rider)
    const cell = action.path?.[0] ?? (mount ? landingSquare(state, rider, mount) : null)
    if (!mount || !cell) return true
    chain.emit(partEvents(rider, mount))
    chain.emit([
      { type: 'moved', id: rider.id, path: [{ x: cell.x, y: cell.y, z: rider.pos.z }], facing: rider.facing }
    ])
    return true
  }
  const mount = ridingMount(state, rider)
  if (action.kind === 'mountAttack') {
    const slot = mount ? attackRoutine(mount, 'single')[0] : undefined
    if (!mount || !slot || !action.targetId) return true
    swing(chain, mount.id, action.targetId, slot, dice, { answers })
    spendBudget(chain, state, action, mount, STANDARD)
    return true
  }
  if (!mount) return false
  if (action.kind === 'charge') {
    resolveMountedCharge(chain, action, mount, dice, answers)
    return true
  }
  if (!MOVING.has(action.kind)) return false
  const mountEvent = chargeOf(mountView(state, mount), asMount(action, mount))
  // §3.2 Run: it is the mount that runs (and loses its Dex to AC until the rider's next turn).
  if (action.kind === 'run') addEffect(chain, mount.id, { id: 'running', until: rider.id })
  resolveMovement(chain, action, movementProvoking(action), dice, answers)
  spendBudget(chain, state, action, mount, mountEvent)
  return true
}

/** The mount's budget as it stands, for tests and the UI (standard, move, step of the mount this turn). */
export function mountBudgetOf(state: EncounterState, rider: Combatant): Record<string, number> | null {
  const mount = ridingMount(state, rider)
  return mount ? mountEconomy(state, mount).context : null
}
