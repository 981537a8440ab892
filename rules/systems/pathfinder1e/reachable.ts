import { DIRECTIONS } from '../../core/geometry'
import { StableHeap } from '../../core/stable-heap'
import { ObjectMemo } from '../../core/state-memo'
import type { Combatant, EncounterState } from '../../core/types'
import { cellKey, type Cell } from './grid'
import {
  canEndIn,
  moveStartParity,
  packedStepCost,
  speedInSquares,
  stepCost,
  type MoveMode,
  type Reach
} from './movement'
import { readSettings } from './settings'
import { hasCondition, readStats } from './stats'
import { REFUSED } from './step-ground'
import { stepProvocations } from './threat'

// pathfinder1e.md §2, §3.2, §3.4: every square a figure can end a movement on, by the path provoking the
// fewest attacks of opportunity, then the cheapest.

interface Label {
  cell: Cell
  cost: number
  parity: 0 | 1
  provokes: string[]
  /** Squares moved to get here. */
  moved: number
  parent: Label | null
  dead: boolean
}

// (provocations, 2·cost + parity): parity 1 at cost c beats parity 0 at c + 1 (the next diagonal costs 2 vs
// 1, so every continuation is at least as cheap), which makes 2·cost + parity a total order of how good a
// label is.
function weight(l: Pick<Label, 'cost' | 'parity'>): number {
  return 2 * l.cost + l.parity
}

function before(a: Label, b: Label): boolean {
  return (
    a.provokes.length < b.provokes.length ||
    (a.provokes.length === b.provokes.length && weight(a) < weight(b))
  )
}

function pathOf(label: Label): Cell[] {
  const path: Cell[] = []
  for (let l: Label | null = label; l?.parent; l = l.parent) path.push(l.cell)
  return path.reverse()
}

/**
 * Every square the figure can end on within `budget` squares, keyed `x,y` (its footprint's top-left square),
 * the start included with an empty path. Among the paths within the budget it keeps the one provoking the
 * fewest attacks of opportunity, then the cheapest (§3.4): a multi-label search, since a path that already
 * provoked a reactor may cross more of its squares for free (`oneAooPerOpportunity`). Squares the figure may
 * pass but not stop in (an ally's) are searched through but not listed. A 5-ft step is one square, never into
 * hindered terrain or darkness, never provoking, impossible at speed 5 ft or less (§3.2 [TEXT L235–241]). Run
 * and withdraw are impossible while blinded (§3.2). Squeeze positions (§2 [TEXT L341], squeeze.ts) are searched
 * and listed like any other square, at their doubled cost.
 */
export function reachableSquares(
  state: EncounterState,
  mover: Combatant,
  opts: { budget: number; parity: 0 | 1; mode: MoveMode }
): ReadonlyMap<string, Reach> {
  // What the search reads: the map (walls, terrain, lights), the settings, the roster (who stands where,
  // who threatens and may still react: `aoosLeft` reads the round) and the mover itself. The AI asks it on
  // every node it weighs; most share those objects, differing only in the turn's economy or the log.
  return reachMemo.get(
    [state.board, state.settings, state.combatants, mover],
    `${opts.mode}|${opts.budget}|${opts.parity}|${state.round}`,
    () => searchReachable(state, mover, opts)
  )
}

const reachMemo = new ObjectMemo<ReadonlyMap<string, Reach>>()

function searchReachable(
  state: EncounterState,
  mover: Combatant,
  opts: { budget: number; parity: 0 | 1; mode: MoveMode }
): Map<string, Reach> {
  const start: Cell = { x: mover.pos.x, y: mover.pos.y }
  const parity = moveStartParity(state, opts.parity)
  const result = new Map<string, Reach>([
    [cellKey(start), { cell: start, path: [], cost: 0, parity, provokes: [] }]
  ])
  const blinded = hasCondition(readStats(mover), 'blinded')
  if ((opts.mode === 'run' || opts.mode === 'withdraw') && blinded) return result
  if (opts.mode === 'step') {
    if (speedInSquares(mover) <= 1) return result
    for (const d of DIRECTIONS) {
      const to = { x: start.x + d.x, y: start.y + d.y }
      const step = stepCost(state, mover, start, to, parity, { mode: 'step' })
      if (step && canEndIn(state, mover, to))
        result.set(cellKey(to), { cell: to, path: [to], cost: 1, parity: step.parity, provokes: [] })
    }
    return result
  }
  const once = readSettings(state).oneAooPerOpportunity
  const scan = stepProvocations(state, mover, { mode: opts.mode })
  // Whether label `a` is at least as good as a label of weight `w` that provoked `provokes` (taken apart
  // rather than as an object: this runs for every neighbour of every label).
  const dominates = (a: Label, w: number, provokes: readonly string[]) =>
    weight(a) <= w &&
    (once
      ? a.provokes.length === 0 || a.provokes.every((id) => provokes.includes(id))
      : a.provokes.length <= provokes.length)
  // Numeric keys: this loop runs for every neighbour of every label.
  const width = state.board.width + 2
  const numKey = (c: Cell) => (c.y + 1) * width + c.x + 1
  const labels = new Map<number, Label[]>()
  const queue = new StableHeap<Label>(before)
  const first: Label = { cell: start, cost: 0, parity, provokes: [], moved: 0, parent: null, dead: false }
  labels.set(numKey(start), [first])
  queue.push(first)
  const settled = new Set<number>()
  for (let item = queue.pop(); item; item = queue.pop()) {
    if (item.dead) continue
    const key = numKey(item.cell)
    if (!settled.has(key)) {
      settled.add(key)
      if (item.moved > 0 && canEndIn(state, mover, item.cell)) {
        const { cell, cost, parity: p, provokes } = item
        result.set(cellKey(cell), { cell, path: pathOf(item), cost, parity: p, provokes })
      }
    }
    for (const d of DIRECTIONS) {
      const toX = item.cell.x + d.x
      const toY = item.cell.y + d.y
      const toKey = (toY + 1) * width + toX + 1
      const known = labels.get(toKey)
      // Cheap prunes first: a step costs at least 1 and only adds provocations, so a label already there that
      // beats the best this step could give makes the step and its provocations pointless to compute.
      const least = 2 * (item.cost + 1)
      if (known?.some((k) => dominates(k, least, item.provokes))) continue
      const step = packedStepCost(state, mover, item.cell, d.x, d.y, item.parity, opts.mode)
      if (step === REFUSED || item.cost + (step >> 1) > opts.budget) continue
      const cost = item.cost + (step >> 1)
      const stepParity = (step & 1) as 0 | 1
      const w = 2 * cost + stepParity
      if (known?.some((k) => dominates(k, w, item.provokes))) continue
      const to = { x: toX, y: toY }
      const found = scan(item.cell, to, item.moved)
      const fresh = once && found.length > 0 ? found.filter((id) => !item.provokes.includes(id)) : found
      const provokes = fresh.length === 0 ? item.provokes : [...item.provokes, ...fresh]
      if (provokes !== item.provokes && known?.some((k) => dominates(k, w, provokes))) continue
      const label: Label = {
        cost,
        parity: stepParity,
        provokes,
        cell: to,
        moved: item.moved + 1,
        parent: item,
        dead: false
      }
      if (!known) labels.set(toKey, [label])
      else {
        let killed = false
        for (const k of known)
          if (dominates(label, weight(k), k.provokes)) {
            k.dead = true
            killed = true
          }
        labels.set(toKey, killed ? [...known.filter((k) => !k.dead), label] : [...known, label])
      }
      queue.push(label)
    }
  }
  return result
}
