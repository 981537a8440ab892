import { spendEconomy } from '../../core/economy'
import { doubledCentre } from '../../core/footprint'
import { directionVector, snapDirection } from '../../core/geometry'
import type { DiceRoller } from '../../core/rng'
import type { Action, Combatant, EncounterState } from '../../core/types'
import type { Chain } from '../../core/chain'
import { speedSquares, startParity } from './costs'
import { isHelpless } from './defense'
import { economy } from './economy'
import type { PfEconomyEvent } from './economy.machine'
import {
  blocksMovement,
  cellsAt,
  cornerBlocked,
  hasTerrain,
  occupantsAt,
  onBoard,
  pfDistanceSquares,
  sharesSpace,
  sideOf,
  sizeIndex,
  type Cell
} from './grid'
import { maneuverCheck, rollCheck } from './maneuver-check'
import { bullRushDistanceFt, sizeAllows } from './maneuver-math'
import { canEndIn, stepCost } from './movement'
import { readStats, sizes } from './stats'

// pathfinder1e.md §4.11 Bull rush [TEXT L453–457]: the push straight away from the attacker, 5 ft + 5 ft per
// full 5 points over the CMD, never into a solid obstacle; another creature in the way is bull-rushed at once
// (−4 per creature beyond the first) and the group goes on for the lesser distance; the attacker may follow.

/**
 * The direction a bull rush pushes: from the attacker's centre through the target's, snapped to 8 ways. Null
 * when the centres coincide (a fallen figure in the attacker's own square, G-13): "away" has no direction.
 */
export function pushDirection(attacker: Combatant, target: Combatant): Cell | null {
  const a = doubledCentre(attacker.pos, attacker.size)
  const t = doubledCentre(target.pos, target.size)
  if (a.x === t.x && a.y === t.y) return null
  return directionVector(snapDirection(t.x - a.x, t.y - a.y))
}

/** The whole steps of `dir` a push of `ft` feet covers, diagonals counted 1-2-1 from a fresh count (§2). */
export function pushSteps(dir: Cell, ft: number): number {
  let k = 0
  while (5 * pfDistanceSquares((k + 1) * dir.x, (k + 1) * dir.y) <= ft) k++
  return k
}

/** What stops one step of a pushed figure: a wall, corner or pit ('block'), the edge, or creatures. */
export type PushBlock = { obstacle: 'block' | 'edge' } | { obstacle: 'figure'; blockers: Combatant[] }

const TINY = sizes.indexOf('T')

/**
 * Why `figure` (standing at its `pos`) cannot be pushed one step along `dir`, or null when it can. The
 * creatures that stop it are those `canEndIn` would refuse to share a square with (standing, or filling their
 * squares, G-13), in roster order. Pits count as obstacles: falling is not modelled.
 */
export function pushBlock(state: EncounterState, figure: Combatant, dir: Cell): PushBlock | null {
  const side = sideOf(figure)
  const next = { x: figure.pos.x + dir.x, y: figure.pos.y + dir.y }
  const cells = cellsAt(next, side)
  if (cells.some((c) => !onBoard(state, c))) return { obstacle: 'edge' }
  const flying = readStats(figure).flying
  const solid = cells.some((c) => blocksMovement(state, c) || (!flying && hasTerrain(state, c, 'pit')))
  const corner = cellsAt(figure.pos, side).some((c) =>
    cornerBlocked(state, c, { x: c.x + dir.x, y: c.y + dir.y })
  )
  if (solid || corner) return { obstacle: 'block' }
  const tiny = sizeIndex(figure) <= TINY
  const blockers: Combatant[] = []
  for (const c of cells)
    for (const o of occupantsAt(state, c, { includeOut: true })) {
      if (o.id === figure.id || sharesSpace(figure, o) || blockers.some((b) => b.id === o.id)) continue
      const fills = readStats(o).fillsSquares && !o.out
      if (fills || !(isHelpless(o) || tiny)) blockers.push(o)
    }
  return blockers.length > 0 ? { obstacle: 'figure', blockers } : null
}

/** A creature the bull rush moves: where it stands now and the steps its own check still allows. */
interface Pushed {
  id: string
  pos: Cell
  left: number
}

/** Options of a bull rush resolution. */
export interface BullRushOptions {
  /** §4.11: made as part of a charge (+2; following costs no movement). */
  charging?: boolean
}

/**
 * Pushes `first` (and whatever it is pushed into) along `dir`, one step at a time, all together; returns the
 * steps the first target moved. A creature in the way: a new check against it at −4 per creature already
 * pushed; success adds it to the group with its own distance, and the group goes on while every member has
 * distance left (the lesser result, §4.11: [TEXT L457]'s goblins move 15 ft and 10 ft). A failure, a wall, the
 * edge, the attacker itself or a creature too large to bull rush stops the push (`collided`).
 */
function groupPush(
  chain: Chain,
  action: Action,
  first: Pushed,
  dir: Cell,
  dice: DiceRoller,
  opts: BullRushOptions
): number {
  const { actorId } = action
  const group: Pushed[] = [first]
  let moved = 0
  const flush = () => {
    for (const m of group) {
      const from = chain.figure(m.id).pos
      if (from.x !== m.pos.x || from.y !== m.pos.y)
        chain.emit([{ type: 'pushed', id: m.id, from, to: { x: m.pos.x, y: m.pos.y, z: from.z } }])
    }
  }
  const collide = (m: Pushed, obstacle: 'block' | 'figure' | 'edge') => {
    flush()
    const z = chain.figure(m.id).pos.z
    chain.emit([{ type: 'collided', id: m.id, at: { x: m.pos.x + dir.x, y: m.pos.y + dir.y, z }, obstacle }])
  }
  while (group.every((m) => m.left > 0)) {
    const ids = new Set(group.map((m) => m.id))
    const rest = { ...chain.state, combatants: chain.state.combatants.filter((c) => !ids.has(c.id)) }
    const blocks = group.map((m) => {
      const figure = chain.figure(m.id)
      return { m, block: pushBlock(rest, { ...figure, pos: { ...figure.pos, ...m.pos } }, dir) }
    })
    const solid = blocks.find((b) => b.block && b.block.obstacle !== 'figure')
    if (solid?.block) {
      collide(solid.m, solid.block.obstacle)
      break
    }
    const crowded = blocks.find((b) => b.block?.obstacle === 'figure')
    const blocker = crowded?.block?.obstacle === 'figure' ? crowded.block.blockers[0] : undefined
    if (crowded && blocker) {
      const attacker = chain.figure(actorId)
      if (blocker.id === actorId || !sizeAllows(attacker, blocker)) {
        collide(crowded.m, 'figure')
        break
      }
      flush()
      const check = maneuverCheck(chain.state, attacker, chain.figure(blocker.id), action, 'bullRush', {
        extra: -4 * group.length,
        ...(opts.charging ? { charging: true } : {})
      })
      const result = rollCheck(chain, dice, actorId, 'pf1.bullRush', check)
      if (!result.success) {
        collide(crowded.m, 'figure')
        break
      }
      const pos = chain.figure(blocker.id).pos
      group.push({
        id: blocker.id,
        pos: { x: pos.x, y: pos.y },
        left: pushSteps(dir, bullRushDistanceFt(result.margin))
      })
      continue
    }
    for (const m of group) {
      m.pos = { x: m.pos.x + dir.x, y: m.pos.y + dir.y }
      m.left--
    }
    moved++
  }
  flush()
  return moved
}

/**
 * §4.11 "you may follow, spending movement" [TEXT L455]: the attacker moves along the push line, up to the
 * steps the target moved, ending on the last square it may stand in. Part of a charge it is free; otherwise it
 * needs the turn's move action (not restricted, no 5-ft step taken), paid with the squares walked (at most
 * its speed) as an `economy.changed` after the bull rush's own cost. A rider does not follow. Simplified: the
 * walk provokes nothing, since reactions are asked before the roll decides how far it goes.
 */
function follow(chain: Chain, action: Action, dir: Cell, steps: number, free: boolean): void {
  const { actorId } = action
  const state = chain.state
  const actor = chain.figure(actorId)
  if (readStats(actor).mountId !== undefined) return
  const turn = state.turn
  const paid = !free && turn ? spendEconomy(economy, turn.economy, economy.charge(state, action)) : null
  if (!free && !paid) return
  const budget = free ? Infinity : speedSquares(state, actorId)
  let from: Cell = { x: actor.pos.x, y: actor.pos.y }
  let parity = startParity(state)
  let cost = 0
  const path: Cell[] = []
  let end = { length: 0, cost: 0, parity }
  for (let i = 0; i < steps; i++) {
    const to = { x: from.x + dir.x, y: from.y + dir.y }
    const step = stepCost(state, actor, from, to, parity, { mode: 'move' })
    if (!step || cost + step.cost > budget) break
    cost += step.cost
    parity = step.parity
    path.push(to)
    from = to
    if (canEndIn(state, actor, to)) end = { length: path.length, cost, parity }
  }
  if (end.length === 0) return
  const move: PfEconomyEvent = { type: 'economy.move', move: 1, squares: end.cost, _parity: end.parity }
  const after = paid ? spendEconomy(economy, paid, move) : null
  if (!free && !after) return
  const walked = path.slice(0, end.length).map((c) => ({ x: c.x, y: c.y, z: actor.pos.z }))
  chain.emit([{ type: 'moved', id: actorId, path: walked, facing: actor.facing }])
  if (after) chain.emit([{ type: 'economy.changed', actorId, economy: after }])
}

/**
 * §4.11 bull rush after its reactions (`penalty`: the damage of the target's attack of opportunity, §4.10
 * step 4, taken off the first check only — the chained checks provoke nothing): the push (`pushed`, then
 * `collided` when something stops it short) and, with `options.follow = 1`, the attacker following. The
 * pushed figures provoke nothing (Greater Bull Rush's exception is not modelled).
 */
export function resolveBullRush(
  chain: Chain,
  action: Action,
  targetId: string,
  dice: DiceRoller,
  penalty: number,
  opts: BullRushOptions = {}
): void {
  const attacker = chain.figure(action.actorId)
  const check = maneuverCheck(chain.state, attacker, chain.figure(targetId), action, 'bullRush', {
    penalty,
    ...(opts.charging ? { charging: true } : {})
  })
  const result = rollCheck(chain, dice, action.actorId, 'pf1.bullRush', check)
  if (!result.success) return
  const target = chain.figure(targetId)
  const dir = pushDirection(attacker, target)
  if (!dir) return // validation refuses this ('sameSquare'); kept safe for a figure moved by a reaction
  const first = { id: targetId, pos: { x: target.pos.x, y: target.pos.y }, left: 0 }
  first.left = pushSteps(dir, bullRushDistanceFt(result.margin))
  const moved = groupPush(chain, action, first, dir, dice, opts)
  if (action.options?.follow === 1 && moved > 0) follow(chain, action, dir, moved, opts.charging === true)
}
