import { ObjectMemo } from '../../core/state-memo'
import type { Combatant, EncounterState } from '../../core/types'
import { concealmentOf, coverBetween } from './cover'
import {
  cellsAt,
  cellsOf,
  footprintGap,
  occupantsAt,
  pfDistanceSquares,
  sharesSpace,
  sideOf,
  type Cell
} from './grid'
import { isHelpless } from './defense'
import { readSettings } from './settings'
import { abilityMod, hasCondition, hasFeat, readStats, SIZE_TABLE, type PfStats } from './stats'

// pathfinder1e.md §2 threatened squares and reach, §3.4 attacks of opportunity (§4.7 flanking: flanking.ts).

/** Threatened distances in feet: adjacent = 5, the figure's own square = 0. `max < min` threatens nothing. */
export interface ReachRange {
  min: number
  max: number
}

/** The reach of a figure that threatens nothing (unarmed without Improved Unarmed Strike, a bow in hand). */
export const NO_REACH: ReachRange = { min: 0, max: -1 }

/** True when the reach covers no square at all. */
export function threatensNothing(reach: ReachRange): boolean {
  return reach.max < reach.min
}

/** §2 Table 8-1 [SRD]: natural reach in feet by size and shape (tall or long). */
export function naturalReachFt(c: Combatant): number {
  const s = readStats(c)
  const row = SIZE_TABLE[s.size]
  return s.shape === 'tall' ? row.reachTall : row.reachLong
}

/**
 * §2 [TEXT L43; SRD]: the distances a figure threatens. A wielded melee weapon, natural attacks or Improved
 * Unarmed Strike threaten up to the natural reach (adjacent squares included); a wielded reach weapon
 * threatens natural + 5 up to twice the natural reach, so a Small or Medium spear threatens 10 ft but not
 * adjacent. The ranges are contiguous, so their union is one range. Reach-0 figures (Tiny and smaller)
 * threaten only their own square, even with a reach weapon (twice 0 is 0). Unarmed figures without the
 * feat or natural attacks, and figures with only a ranged weapon in hand, threaten nothing.
 */
export function reachOf(c: Combatant): ReachRange {
  const s = readStats(c)
  let reach = reachCache.get(s)
  if (!reach) {
    reach = computeReach(c)
    reachCache.set(s, reach)
  }
  return reach
}

// Reach depends on the stats alone, read for every square a movement search reaches: computed once per stats.
const reachCache = new WeakMap<PfStats, ReachRange>()

function computeReach(c: Combatant): ReachRange {
  const s = readStats(c)
  const natural = naturalReachFt(c)
  const held = [s.wielding.main, s.wielding.off]
    .map((id) => (id === null ? undefined : s.weapons.find((w) => w.id === id)))
    .filter((w) => w !== undefined && w.handedness !== 'ranged')
  let min = Infinity
  let max = -Infinity
  const add = (lo: number, hi: number) => {
    min = Math.min(min, lo)
    max = Math.max(max, hi)
  }
  const close = () => add(natural === 0 ? 0 : 5, natural)
  if (held.some((w) => !w?.reach && w?.handedness !== 'unarmed')) close()
  if (held.some((w) => w?.reach)) add(natural === 0 ? 0 : natural + 5, 2 * natural)
  if (s.naturalAttacks.length > 0 || hasFeat(s, 'ImprovedUnarmedStrike')) close()
  return min > max ? NO_REACH : { min, max }
}

/**
 * True when a square at this footprint gap (squares) lies within the reach. Own square: any figure whose
 * reach starts at 5 ft or less. A5 / G-12: with the exception on, 10 ft of reach also covers the second
 * diagonal.
 */
export function gapWithinReach(reach: ReachRange, gap: Cell, reachDiagonalException: boolean): boolean {
  if (threatensNothing(reach)) return false
  if (gap.x === 0 && gap.y === 0) return reach.min <= 5
  const ft = 5 * pfDistanceSquares(gap.x, gap.y)
  if (ft >= reach.min && ft <= reach.max) return true
  const secondDiagonal = Math.abs(gap.x) === 2 && Math.abs(gap.y) === 2
  return reachDiagonalException && secondDiagonal && reach.min <= 10 && reach.max >= 10
}

/** §6: a figure able to attack at all: not helpless, stunned or pinned. */
export function canThreaten(c: Combatant): boolean {
  if (isHelpless(c)) return false
  const s = readStats(c)
  return !hasCondition(s, 'stunned') && !hasCondition(s, 'pinned')
}

/** §2: true when the reactor threatens the square (setting `reachDiagonalException` unless overridden). */
export function threatens(
  state: EncounterState,
  reactor: Combatant,
  cell: Cell,
  opts: { reachDiagonalException?: boolean } = {}
): boolean {
  if (!canThreaten(reactor)) return false
  const exception = opts.reachDiagonalException ?? readSettings(state).reachDiagonalException
  const gap = footprintGap(reactor.pos, sideOf(reactor), cell, 1)
  return gapWithinReach(reachOf(reactor), gap, exception)
}

/** True when the reactor threatens any square of the target's footprint. */
export function threatensFigure(state: EncounterState, reactor: Combatant, target: Combatant): boolean {
  return cellsOf(target).some((cell) => threatens(state, reactor, cell))
}

/** §3.4 [SRD]: attacks of opportunity per round: 1, plus the Dex modifier with Combat Reflexes. */
export function aoosPerRound(c: Combatant): number {
  const s = readStats(c)
  return 1 + (hasFeat(s, 'CombatReflexes') ? Math.max(0, abilityMod(s.abilities.dex)) : 0)
}

/** §3.4: attacks of opportunity the figure has left this round (`aooUsed` counts only in `aooRound`). */
export function aoosLeft(state: EncounterState, c: Combatant): number {
  const s = readStats(c)
  return aoosPerRound(c) - (s.aooRound === state.round ? s.aooUsed : 0)
}

/**
 * §3.4: whether the figure may make an attack of opportunity now: it threatens something, is not helpless,
 * stunned or pinned, not flat-footed (unless Combat Reflexes or Uncanny Dodge, §3.1), not in total defense,
 * not grappled, and has one left this round.
 */
export function canMakeAoo(state: EncounterState, reactor: Combatant): boolean {
  if (!canThreaten(reactor) || threatensNothing(reachOf(reactor))) return false
  const s = readStats(reactor)
  if (s.flatFooted && !hasFeat(s, 'CombatReflexes') && !hasFeat(s, 'UncannyDodge')) return false
  if (s.effects.some((e) => e.id === 'totalDefense')) return false
  if (hasCondition(s, 'grappled') || s.grapple) return false
  return aoosLeft(state, reactor) > 0
}

/** §3.4 [TEXT L361, L383]: the reactor may attack the target: no cover (soft aside) nor total concealment. */
export function canTargetWithAoo(state: EncounterState, reactor: Combatant, target: Combatant): boolean {
  const cover = coverBetween(state, reactor, target, 'melee')
  if (cover !== 'none' && cover !== 'soft') return false
  return concealmentOf(state, reactor, target) !== 'total'
}

/**
 * An attack of opportunity someone gets. `index` is the number of squares moved before it, i.e. the index in
 * `[start, ...path]` of the square being left (0 = the start square); −1 = an action before moving.
 */
export interface Provocation {
  reactorId: string
  index: number
}

/** How the figure moves, for §3.4: a 5-ft step never provokes, a withdraw's start square is exempt. */
export type ProvokingMode = 'move' | 'step' | 'withdraw' | 'charge' | 'run' | 'overrun'

function placed(c: Combatant, at: Cell): Combatant {
  return { ...c, pos: { x: at.x, y: at.y, z: c.pos.z } }
}

/**
 * The reactors that get an opportunity in one step of a move, leaving `from` for `to` after `index` squares:
 * §3.4 (a) leaving a threatened square (withdraw: not the start square, for foes the mover can see); (c)
 * entering a square an enemy occupies (overrun: the target's own attack is the maneuver's, §4.10).
 */
export function stepProvocations(
  state: EncounterState,
  mover: Combatant,
  opts: { mode: ProvokingMode; targetId?: string }
): (from: Cell, to: Cell, index: number) => string[] {
  // The scan (and the squares it has already read) serves every path of the same mover on the same map,
  // settings, roster and round — what it reads (reactors, reach, cover, concealment; `aoosLeft` reads the
  // round) — so the map and the AI, asking what each of dozens of moves provokes on states that differ
  // only in the turn's economy or the log, share it. The engine replaces those objects, never mutates them.
  return scans.get(
    [state.board, state.settings, state.combatants, mover],
    `${opts.mode}|${opts.targetId ?? ''}|${state.round}`,
    () => makeScan(state, mover, opts)
  )
}

type Scan = (from: Cell, to: Cell, index: number) => string[]
const scans = new ObjectMemo<Scan>()

function makeScan(
  state: EncounterState,
  mover: Combatant,
  opts: { mode: ProvokingMode; targetId?: string }
): Scan {
  if (opts.mode === 'step') return () => []
  const reactors = state.combatants.filter(
    (r) =>
      r.id !== mover.id && !r.out && r.side !== mover.side && !sharesSpace(r, mover) && canMakeAoo(state, r)
  )
  if (reactors.length === 0) return () => []
  const side = sideOf(mover)
  // Numeric square keys (x, y ≥ −1 on boards up to 200 squares): this runs for every step a search tries.
  const num = (x: number, y: number) => (y + 1) * 65536 + x + 1
  const leaving = new Map<number, string[]>()
  const reactorCells = new Set<number>()
  for (const r of reactors) for (const c of cellsOf(r)) reactorCells.add(num(c.x, c.y))
  return (from, to, index) => {
    const key = num(from.x, from.y) * 2 + (index === 0 ? 0 : 1)
    let ids = leaving.get(key)
    if (!ids) {
      const cells = cellsAt(from, side)
      const here = placed(mover, from)
      ids = reactors
        .filter((r) => cells.some((cell) => threatens(state, r, cell)) && canTargetWithAoo(state, r, here))
        .filter(
          (r) => !(opts.mode === 'withdraw' && index === 0 && concealmentOf(state, mover, r) !== 'total')
        )
        .map((r) => r.id)
      leaving.set(key, ids)
    }
    // The squares of the block at `to` outside the block at `from` that a reactor stands on, in order.
    let entered: Cell[] | null = null
    for (let y = to.y; y < to.y + side; y++)
      for (let x = to.x; x < to.x + side; x++) {
        const inFrom = x >= from.x && y >= from.y && x < from.x + side && y < from.y + side
        if (!inFrom && reactorCells.has(num(x, y))) (entered ??= []).push({ x, y })
      }
    if (entered === null) return ids
    const through = new Set<string>()
    for (const cell of entered)
      for (const o of occupantsAt(state, cell))
        if (
          reactors.includes(o) &&
          !(opts.mode === 'overrun' && o.id === opts.targetId) &&
          threatens(state, o, cell)
        )
          through.add(o.id)
    return [...ids, ...[...through].filter((id) => !ids.includes(id))]
  }
}

/**
 * §3.4 (a)/(c): the attacks of opportunity a move along `path` (start excluded) gives, in path order. With
 * `oneAooPerOpportunity` (default) each reactor gets one per move, at the first square it could strike.
 */
export function provocationsAlong(
  state: EncounterState,
  mover: Combatant,
  path: readonly Cell[],
  opts: { mode: ProvokingMode; targetId?: string }
): Provocation[] {
  const scan = stepProvocations(state, mover, opts)
  const once = readSettings(state).oneAooPerOpportunity
  const seen = new Set<string>()
  const out: Provocation[] = []
  let from: Cell = mover.pos
  for (const [index, to] of path.entries()) {
    for (const reactorId of scan(from, to, index)) {
      if (once && seen.has(reactorId)) continue
      seen.add(reactorId)
      out.push({ reactorId, index })
    }
    from = to
  }
  return out
}

/** §3.4 (b): actions that provoke; 'other' stands for the rest of the Table 8-2 list. */
export type ProvokingAction =
  | 'ranged'
  | 'cast'
  | 'maneuver'
  | 'standUp'
  | 'coupDeGrace'
  | 'stabilize'
  | 'unarmed'
  | 'drinkPotion'
  | 'other'

/**
 * §3.4 (b): who gets an attack of opportunity (index −1) when the actor does this in place: every enemy that
 * threatens it and may target it. A maneuver (§4.10 step 4) and an unarmed attack without Improved Unarmed
 * Strike provoke only from their target, `targetOnly` (nobody when it is missing); for other kinds
 * `targetOnly` narrows the list too. Whether the action provokes at all (feats, casting defensively) is the
 * caller's call.
 */
export function provocationsForAction(
  state: EncounterState,
  actor: Combatant,
  kind: ProvokingAction,
  targetOnly?: string
): Provocation[] {
  if ((kind === 'maneuver' || kind === 'unarmed') && targetOnly === undefined) return []
  return state.combatants
    .filter(
      (r) =>
        r.id !== actor.id &&
        !r.out &&
        r.side !== actor.side &&
        (targetOnly === undefined || r.id === targetOnly) &&
        canMakeAoo(state, r) &&
        threatensFigure(state, r, actor) &&
        canTargetWithAoo(state, r, actor)
    )
    .map((r) => ({ reactorId: r.id, index: -1 }))
}

/** The ids of the figures not of `sideId` that threaten the square (for the battlemap's marks). */
export function threatenedBy(state: EncounterState, cell: Cell, sideId: string): string[] {
  return state.combatants
    .filter((c) => !c.out && c.side !== sideId && threatens(state, c, cell))
    .map((c) => c.id)
}

/**
 * §4.1 [SRD] shooting into melee: the target is engaged with a friend of the shooter — some standing figure
 * of `shooterSide` (other than the shooter) threatens it or is threatened by it.
 */
export function engagedInMelee(
  state: EncounterState,
  target: Combatant,
  shooterSide: string,
  shooterId?: string
): boolean {
  if (target.side === shooterSide) return false
  return state.combatants.some(
    (c) =>
      !c.out &&
      c.side === shooterSide &&
      c.id !== shooterId &&
      (threatensFigure(state, c, target) || threatensFigure(state, target, c))
  )
}
