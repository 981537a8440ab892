import { spendEconomy } from '../../core/economy'
import { ObjectMemo } from '../../core/state-memo'
import type { EventObject } from 'xstate'
import type { Action, Combatant, EncounterState, Violation } from '../../core/types'
import { economy } from './economy'
import { completeVariants, fullRoundPhaseViolation, startVariants } from './full-round'
import type { PfEconomyEvent } from './economy.machine'
import { attackRoutine } from './attack-routine'
import { chargeLane, runLaneViolation, runMultiplier, runPathTo } from './charge'
import { isHelpless } from './defense'
import { distanceFt, type Cell } from './grid'
import { canAct, healthOf } from './health'
import { chargeManeuverViolation, maneuverActions, validateManeuver } from './maneuver-actions'
import { inSaddle, ridingMount } from './mount'
import { mountedCandidates, mountedMoves, mountedViolation } from './mount-actions'
import { canEndIn, pathCost } from './movement'
import { reachableSquares } from './reachable'
import { restBudget, restLeft, restViolation } from './run-limit'
import { readSettings } from './settings'
import { spellActions, validateCast } from './spell-actions'
import { hasCondition, readStats } from './stats'
import { attackSetup } from './situation'
import { hasOffHandAttack } from './attack-sequence'
import { slotFor } from './resolve-attack'
import { initiativeOrderOf } from './turn-order'
import { threatenedBy, threatens } from './threat'
import { speedSquares, startParity } from './costs'

// What a Pathfinder figure may do now (pathfinder1e.md §3.2) and why not when it may not. The economy
// machine says whether the turn can pay; these checks say whether the rules allow the action at all.

const refuse = (code: string, params?: Violation['params']): Violation =>
  params ? { code, params } : { code }

function figure(state: EncounterState, id: string | undefined): Combatant | undefined {
  return id === undefined ? undefined : state.combatants.find((c) => c.id === id)
}

function context(state: EncounterState): Record<string, number> {
  return state.turn?.economy.context ?? {}
}

/** Move actions the turn can still pay for movement: the move, and the standard turned into a move. */
export function moveActionsLeft(state: EncounterState): number {
  const c = context(state)
  if ((c._stepped ?? 0) > 0) return 0
  const n = (c.move ?? 0) + (c.standard ?? 0)
  return c._restricted ? Math.min(1, n) : n
}

const fullRoundFree = (state: EncounterState): boolean => {
  const c = context(state)
  return (c.standard ?? 0) > 0 && (c.move ?? 0) > 0 && !c._restricted
}

/** §3.2 restricted turn (surprise round, staggered, disabled): one standard or one move action. */
const restrictedTurn = (state: EncounterState): boolean => (context(state)._restricted ?? 0) > 0

/**
 * Whether a moving full-round action (charge, withdraw, run) can still be taken: nothing spent yet. On a
 * restricted turn it is the turn's one action [SRD]: a charge or a withdraw up to speed, never a run.
 */
const movingFullRoundFree = (state: EncounterState): boolean => {
  const c = context(state)
  return (c.standard ?? 0) > 0 && (c.move ?? 0) > 0
}

/** Cells of a target any square of which the attacker could strike in melee. */
function inMeleeReach(state: EncounterState, attacker: Combatant, target: Combatant): boolean {
  const n = Math.max(1, Math.ceil(target.size ?? 1))
  for (let dy = 0; dy < n; dy++)
    for (let dx = 0; dx < n; dx++)
      if (threatens(state, attacker, { x: target.pos.x + dx, y: target.pos.y + dy })) return true
  return false
}

/** Why `attacker` cannot swing at `target` with its next attack now, or null. */
export function attackViolation(
  state: EncounterState,
  attacker: Combatant,
  target: Combatant,
  action: Action
): Violation | null {
  if (target.side === attacker.side && !readSettings(state).friendlyFire) return refuse('friendlyFire')
  if (target.out) return refuse('targetOut')
  const slot = slotFor(state, attacker, action)
  if (!slot) return refuse('noAttack')
  // §4.12: a rider strikes, and is struck, from any square of its mount's space.
  if (!slot.ranged && !inMeleeReach(state, inSaddle(state, attacker), inSaddle(state, target)))
    return refuse('outOfReach')
  if (slot.ranged && hasCondition(readStats(attacker), 'prone')) return refuse('proneRanged')
  const setup = attackSetup(state, attacker, target, slot, {})
  return setup.violation ? refuse(setup.violation) : null
}

function pathOf(action: Action): Cell[] {
  return (action.path ?? []).map(({ x, y }) => ({ x, y }))
}

function movementViolation(state: EncounterState, actor: Combatant, action: Action): Violation | null {
  const path = pathOf(action)
  const last = path[path.length - 1]
  if (!last) return refuse('emptyPath')
  const stats = readStats(actor)
  if (hasCondition(stats, 'prone')) return refuse('prone')
  if (hasCondition(stats, 'grappled') || hasCondition(stats, 'pinned')) return refuse('grappled')
  const cost = pathCost(state, actor, path, startParity(state))
  if (!cost) return refuse('blockedPath')
  if (!canEndIn(state, actor, last)) return refuse('occupied')
  const speed = speedSquares(state, actor.id)
  const half = healthOf(actor) === 'disabled' ? 0.5 : 1
  // §3.2 Run [TEXT L205]: resting after running to its limit, no faster than one move action (run-limit.ts).
  const resting = restViolation(
    stats,
    action.kind,
    cost.cost,
    Math.floor(speed * half),
    context(state)._moved
  )
  if (resting) return resting
  switch (action.kind) {
    case 'move':
      return cost.cost > Math.floor(speed * half) * moveActionsLeft(state)
        ? refuse('tooFar', { cost: cost.cost * 5 })
        : null
    case 'step':
      if (path.length !== 1 || stats.speed.land <= 5) return refuse('notAStep')
      return reachableSquares(state, actor, { budget: 1, parity: startParity(state), mode: 'step' }).has(
        `${last.x},${last.y}`
      )
        ? null
        : refuse('notAStep')
    case 'withdraw':
      if (hasCondition(stats, 'blinded')) return refuse('blinded')
      // From a square no foe threatens a withdraw is a double move by another name: the list offers only that.
      if (threatenedBy(state, actor.pos, actor.side).length === 0) return refuse('withdrawUnthreatened')
      // [SRD] restricted withdraw: as the turn's one action, up to the figure's speed.
      return cost.cost > speed * (restrictedTurn(state) ? 1 : 2)
        ? refuse('tooFar', { cost: cost.cost * 5 })
        : null
    case 'run': {
      if (restrictedTurn(state)) return refuse('restrictedRun')
      if (hasCondition(stats, 'blinded')) return refuse('blinded')
      if (cost.cost > speed * runMultiplier(stats)) return refuse('tooFar', { cost: cost.cost * 5 })
      // No further than a double move, a run only loses Dex to AC (§3.2): the list offers the double move.
      if (cost.cost <= speed * 2) return refuse('runShort')
      // §3.2 Run [TEXT L203, L207]: a straight lane, no difficult terrain, obstacles or squeezing (charge.ts).
      const lane = runLaneViolation(state, actor, path)
      return lane ? refuse(lane.violation) : null
    }
    default:
      return null
  }
}

/**
 * A charge no further than the figure's speed: on a restricted turn [SRD], or resting after running to its
 * limit (§3.2 Run [TEXT L205], run-limit.ts).
 */
function chargesOnlySpeed(state: EncounterState, actor: Combatant): boolean {
  return restrictedTurn(state) || restLeft(readStats(actor)) > 0
}

function chargeViolation(state: EncounterState, actor: Combatant, action: Action): Violation | null {
  const target = figure(state, action.targetId)
  if (!target || target.out) return refuse('noTarget')
  if (target.side === actor.side && !readSettings(state).friendlyFire) return refuse('friendlyFire')
  if (hasCondition(readStats(actor), 'prone')) return refuse('prone')
  const lane = chargeLane(state, actor, target, { restricted: chargesOnlySpeed(state, actor) })
  if ('violation' in lane) return refuse(lane.violation)
  const last = lane.path[lane.path.length - 1]
  const end = pathOf(action)[(action.path?.length ?? 0) - 1]
  if (!last || !end || last.x !== end.x || last.y !== end.y) return refuse('chargePath')
  // §4.11: a bull rush or overrun made as part of the charge (maneuver-charge.ts).
  return chargeManeuverViolation(state, actor, action)
}

/** Null when the action is legal now; otherwise the reason a person can read. */
export function validateAction(state: EncounterState, action: Action): Violation | null {
  const actor = figure(state, action.actorId)
  if (!actor) return refuse('unknownActor')
  if (!canAct(actor)) return refuse('cannotAct')
  // §4.12: mounting, dismounting, the mount's attack, and a rider's movement (its mount's) — mount-actions.ts.
  const mounted = mountedViolation(state, actor, action, movementViolation)
  if (mounted !== undefined) return mounted
  // §3.2: starting a full-round action on a restricted turn, or completing it on the next.
  const phase = fullRoundPhaseViolation(state, action)
  if (phase) return phase
  const stats = readStats(actor)
  const target = figure(state, action.targetId)
  switch (action.kind) {
    case 'move':
    case 'step':
    case 'run':
    case 'withdraw':
      return movementViolation(state, actor, action)
    case 'charge':
      return chargeViolation(state, actor, action)
    case 'attack':
    case 'fullAttack':
      return target ? attackViolation(state, actor, target, action) : refuse('noTarget')
    case 'coupDeGrace': {
      if (!target || !isHelpless(target) || hasCondition(readStats(target), 'dead'))
        return refuse('notHelpless')
      if (readStats(target).immuneCrit) return refuse('immuneCrit')
      const slot = attackRoutine(actor, 'single')[0]
      if (
        !slot ||
        (slot.ranged && distanceFt(actor, target) > 5) ||
        (!slot.ranged && !inMeleeReach(state, actor, target))
      )
        return refuse('outOfReach')
      return null
    }
    case 'totalDefense':
      return null
    case 'standUp':
      return hasCondition(stats, 'prone') ? null : refuse('notProne')
    case 'dropProne':
      return hasCondition(stats, 'prone') ? refuse('alreadyProne') : null
    case 'drawWeapon': {
      const id = action.options?.weapon
      if (!stats.weapons.some((w) => w.id === id)) return refuse('noSuchWeapon')
      return stats.wielding.main === id ? refuse('alreadyWielding') : null
    }
    case 'delay': {
      // §3.2 Delay: `options.after` names the figure to act right after (a place in the order, not a target).
      const after = figure(state, String(action.options?.after ?? ''))
      if (!after || after.id === actor.id) return refuse('noTarget')
      const order = initiativeOrderOf(state)
      return order.findIndex((c) => c.id === after.id) > order.findIndex((c) => c.id === actor.id)
        ? null
        : refuse('delayTarget')
    }
    case 'ready':
      return ['entersReach', 'attacks', 'casts', 'charges'].includes(String(action.options?.trigger))
        ? null
        : refuse('readyTrigger')
    case 'stabilize':
      if (!target || target.side !== actor.side || healthOf(target) !== 'dying') return refuse('notDying')
      return distanceFt(actor, target) > 5 ? refuse('outOfReach') : null
    case 'cast':
      return validateCast(state, actor, action)
    default:
      return validateManeuver(state, actor, action) ?? null
  }
}

/**
 * Whether the turn's economy can pay `event` now. legalActions asks it for every candidate action, on
 * economies many states share (the AI's trials of a turn); core's machine memo keys on the economy's
 * JSON each time, so the answer is also kept per economy snapshot object (never mutated: the engine
 * replaces it) and event.
 */
function turnCanPay(state: EncounterState, event: EventObject): boolean {
  const turn = state.turn
  if (!turn) return false
  return payable.get(
    [turn.economy],
    JSON.stringify(event, keepNonFinite),
    () => spendEconomy(economy, turn.economy, event) !== null
  )
}

const payable = new ObjectMemo<boolean>()

// JSON turns NaN and ±Infinity into null: keep them apart in a key (as core/economy.ts does).
const keepNonFinite = (_key: string, v: unknown) =>
  typeof v === 'number' && !Number.isFinite(v) ? `#${v}` : v

/** Whether the turn can pay an economy event (one check per kind of movement, not per square). */
function affords(state: EncounterState, event: PfEconomyEvent): boolean {
  return turnCanPay(state, event)
}

/**
 * The movement actions to every square the figure can reach (§3.2–3.3). The search builds legal paths,
 * so they skip `validateAction`; whether the turn can pay is checked once per kind of movement.
 */
function moveActions(state: EncounterState, actor: Combatant): Action[] {
  const stats = readStats(actor)
  if (hasCondition(stats, 'prone') || hasCondition(stats, 'grappled') || hasCondition(stats, 'pinned'))
    return []
  const actions: Action[] = []
  const parity = startParity(state)
  const speed = speedSquares(state, actor.id)
  const half = healthOf(actor) === 'disabled' ? 0.5 : 1
  const single = Math.floor(speed * half)
  const left = moveActionsLeft(state)
  const toAction = (kind: string, path: Cell[]): Action => ({
    kind,
    actorId: actor.id,
    path: path.map(({ x, y }) => ({ x, y, z: actor.pos.z }))
  })
  const canMove = affords(state, { type: 'economy.move', move: 1, squares: 1, _parity: parity })
  const canDouble = affords(state, { type: 'economy.doubleMove', move: 2, squares: 1, _parity: parity })
  const c = context(state)
  // §3.2 Run [TEXT L205]: a resting figure moves no further this turn than one move action (run-limit.ts).
  const cap = restBudget(stats, single, c._moved)
  if (left > 0 && (canMove || canDouble)) {
    const budget = Math.min(single * (canDouble ? left : 1), cap)
    for (const r of reachableSquares(state, actor, { budget, parity, mode: 'move' }).values())
      if (r.path.length > 0 && (r.cost <= single ? canMove : canDouble))
        actions.push(toAction('move', r.path))
  }
  if (
    (c.step ?? 0) > 0 &&
    (c._moved ?? 0) === 0 &&
    stats.speed.land > 5 &&
    affords(state, { type: 'economy.step', step: 1, _parity: parity })
  )
    for (const r of reachableSquares(state, actor, { budget: 1, parity, mode: 'step' }).values())
      if (r.path.length === 1) actions.push(toAction('step', r.path))
  const canFull = affords(state, { type: 'economy.full', full: 1, squares: 1, _parity: parity })
  const restricted = restrictedTurn(state)
  if (
    canFull &&
    movingFullRoundFree(state) &&
    (c._moved ?? 0) === 0 &&
    (c._stepped ?? 0) === 0 &&
    !hasCondition(stats, 'blinded')
  ) {
    if (threatenedBy(state, actor.pos, actor.side).length > 0)
      for (const r of reachableSquares(state, actor, {
        budget: Math.min(speed * (restricted ? 1 : 2), restBudget(stats, Math.floor(speed * half))),
        parity,
        mode: 'withdraw'
      }).values())
        if (r.path.length > 0) actions.push(toAction('withdraw', r.path))
    const runBudget = speed * runMultiplier(stats)
    // §3.2 Run [TEXT L203, L205]: in a straight line — the search's path, or the straightest one (charge.ts);
    // never while resting (run-limit.ts).
    const runs =
      restLeft(stats) > 0 || restricted
        ? []
        : reachableSquares(state, actor, { budget: runBudget, parity, mode: 'run' })
    for (const r of runs.values()) {
      const lane = r.cost > speed * 2 ? runPathTo(state, actor, r) : null
      // The search prefers fewer provocations to fewer squares, so the straight lane can cost less than its
      // path: a lane no longer than a double move is no run (validate: runShort).
      const laneCost = lane && lane.length > 0 ? (pathCost(state, actor, lane, parity)?.cost ?? 0) : 0
      if (lane && laneCost > speed * 2) actions.push(toAction('run', lane))
    }
  }
  return actions
}

/**
 * The variations of an opening attack (§3.2 fighting defensively, −4 to hit for +2 dodge AC; §4.1 nonlethal
 * damage with a lethal weapon, −4), for the person at the table; the AI weighs the plain attacks.
 */
function attackVariants(state: EncounterState, actorId: string, targetId: string): Action[] {
  if ((context(state)._attacked ?? 0) > 0) return []
  const variants: Action[] = [
    { kind: 'attack', actorId, targetId, options: { defensive: 1 } },
    { kind: 'attack', actorId, targetId, options: { nonlethal: 1 } }
  ]
  if (fullRoundFree(state))
    variants.push({ kind: 'fullAttack', actorId, targetId, options: { defensive: 1 } })
  // §3.2: two-weapon fighting is declared with the first attack, whose penalty it takes (attack-sequence.ts).
  const opener: Action = { kind: 'attack', actorId, targetId, options: { twoWeapon: 1 } }
  const actor = figure(state, actorId)
  if (actor && fullRoundFree(state) && hasOffHandAttack(actor, opener)) variants.push(opener)
  return variants
}

/** Every action the figure could legally take now; `scope` 'targeted' leaves out movement and self actions. */
export function legalActions(
  state: EncounterState,
  actorId: string,
  scope: 'all' | 'targeted' = 'all'
): Action[] {
  const actor = figure(state, actorId)
  if (!actor || !canAct(actor) || !state.turn || state.turn.activeId !== actorId) return []
  const c = context(state)
  // §4.12: a mounted rider's moves are its mount's (mount-actions.ts).
  const mount = ridingMount(state, actor)
  const moves =
    scope !== 'all' ? [] : mount ? mountedMoves(state, actor, mount, moveActions) : moveActions(state, actor)
  const candidates: Action[] = []
  const enemies = state.combatants.filter((e) => e.side !== actor.side)
  for (const enemy of enemies) {
    if (!enemy.out) {
      candidates.push({ kind: 'attack', actorId, targetId: enemy.id })
      if (fullRoundFree(state)) candidates.push({ kind: 'fullAttack', actorId, targetId: enemy.id })
      if (scope === 'all') candidates.push(...attackVariants(state, actorId, enemy.id))
      if (!mount && movingFullRoundFree(state) && (c._moved ?? 0) === 0 && (c._stepped ?? 0) === 0) {
        const lane = chargeLane(state, actor, enemy, { restricted: chargesOnlySpeed(state, actor) })
        if ('path' in lane)
          candidates.push({
            kind: 'charge',
            actorId,
            targetId: enemy.id,
            path: lane.path.map(({ x, y }) => ({ x, y, z: actor.pos.z }))
          })
      }
    }
    if (isHelpless(enemy)) candidates.push({ kind: 'coupDeGrace', actorId, targetId: enemy.id })
  }
  for (const ally of state.combatants)
    if (ally.side === actor.side && ally.id !== actorId && healthOf(ally) === 'dying')
      candidates.push({ kind: 'stabilize', actorId, targetId: ally.id })
  if (scope === 'all') {
    const stats = readStats(actor)
    candidates.push({ kind: 'totalDefense', actorId }, { kind: 'standUp', actorId })
    for (const w of stats.weapons) candidates.push({ kind: 'drawWeapon', actorId, options: { weapon: w.id } })
    for (const trigger of ['entersReach', 'attacks', 'casts', 'charges'])
      candidates.push({ kind: 'ready', actorId, options: { trigger } })
    if ((c.standard ?? 0) > 0 && (c.move ?? 0) > 0 && (c._attacked ?? 0) === 0 && (c._moved ?? 0) === 0) {
      const order = initiativeOrderOf(state)
      const mine = order.findIndex((f) => f.id === actorId)
      for (const later of order.slice(mine + 1))
        candidates.push({ kind: 'delay', actorId, options: { after: later.id } })
    }
  }
  candidates.push(
    ...maneuverActions(state, actor),
    ...spellActions(state, actor),
    ...mountedCandidates(state, actor)
  )
  candidates.push(...startVariants(state, candidates), ...completeVariants(state, candidates))
  const wanted = scope === 'all' ? candidates : candidates.filter((a) => a.targetId !== undefined)
  return [
    ...moves,
    ...wanted.filter((a) => validateAction(state, a) === null && turnCanPay(state, economy.charge(state, a)))
  ]
}
