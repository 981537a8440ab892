import type { Cell, MapEffect } from './view'

// When each effect of a `play` call runs, and the pure curves the animations follow. Kept apart from the
// Pixi layer so the timing rules are tested without a renderer.

/** Durations in milliseconds. */
export const TIMING = {
  /** a move slides this long per square… */
  square: 80,
  /** …but never longer than this in all, so a long AI move does not hold the table up */
  moveCap: 600,
  /** knockback slide, then the shake where it lands */
  push: 220,
  shake: 160,
  /** the flash on a hit and the swish of a miss */
  hit: 380,
  miss: 420,
  /** a damage or healing number floating up */
  number: 700,
  /** the pulse on the AI's acting figure, and how long before what it does starts */
  focus: 560,
  focusLead: 360,
  /** a hit or miss lands this long before the next thing (its number) shows */
  beat: 150
} as const

/** One effect placed on the timeline of a `play` call. */
export interface Scheduled {
  effect: MapEffect
  /** ms from the start of the call */
  start: number
  /** ms */
  duration: number
}

/** How long a move along `squares` steps lasts: 80 ms a square, capped at 600 ms (0 steps: nothing). */
export function moveDuration(squares: number): number {
  return Math.min(TIMING.moveCap, TIMING.square * Math.max(0, squares))
}

/**
 * Places the effects in their order: the focus pulse leads, a move or knockback plays to its end before the
 * next thing starts, a hit or miss lands a beat before what follows (its damage number), and numbers that
 * follow one another float up together. Returns the schedule and the total length.
 */
export function schedule(
  effects: readonly MapEffect[],
  moveSquares: (e: MapEffect) => number
): {
  items: Scheduled[]
  total: number
} {
  const items: Scheduled[] = []
  let cursor = 0
  for (const effect of effects) {
    let duration: number
    let advance: number
    switch (effect.kind) {
      case 'focus':
        duration = TIMING.focus
        advance = TIMING.focusLead
        break
      case 'move':
        duration = advance = moveDuration(moveSquares(effect))
        break
      case 'push':
        duration = advance = TIMING.push + TIMING.shake
        break
      case 'hit':
      case 'miss':
        duration = effect.kind === 'hit' ? TIMING.hit : TIMING.miss
        advance = TIMING.beat
        break
      case 'damage':
      case 'heal':
        duration = TIMING.number
        advance = 0
        break
    }
    if (duration > 0) items.push({ effect, start: cursor, duration })
    cursor += advance
  }
  const total = items.reduce((end, s) => Math.max(end, s.start + s.duration), 0)
  return { items, total }
}

/** The point `t` (0..1) of the way along a path of squares, each step taking the same time. */
export function alongPath(cells: readonly Cell[], t: number): { x: number; y: number } {
  const first = cells[0]
  if (!first) return { x: 0, y: 0 }
  const steps = cells.length - 1
  if (steps <= 0) return { x: first.x, y: first.y }
  const at = Math.min(1, Math.max(0, t)) * steps
  const i = Math.min(steps - 1, Math.floor(at))
  const a = cells[i]!
  const b = cells[i + 1]!
  const f = at - i
  return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f }
}

/**
 * The squares a move slides through: from where the figure stood through `path`. The rules' `moved` event
 * lists the squares entered (the start left out), so the start is `from` when the effect says it, else the
 * token's square if it has not reached the end yet (the map was not synced), else the path alone.
 */
export function moveCells(path: readonly Cell[], from: Cell | undefined, now: Cell | undefined): Cell[] {
  const same = (a: Cell | undefined, b: Cell | undefined) => !!a && !!b && a.x === b.x && a.y === b.y
  const end = path[path.length - 1]
  const start = from ?? (now && !same(now, end) ? now : undefined)
  if (!start || same(start, path[0])) return [...path]
  return [start, ...path]
}

/** Fast start, soft landing. */
export function easeOut(t: number): number {
  const u = 1 - Math.min(1, Math.max(0, t))
  return 1 - u * u * u
}

/** Sideways offset of a shake at `t` (0..1): three swings dying out, in units of the amplitude. */
export function shake(t: number): number {
  const u = Math.min(1, Math.max(0, t))
  return Math.sin(u * Math.PI * 6) * (1 - u)
}

/**
 * The effects with the start of every move made explicit, read once when the call begins: a move without
 * `from` starts where the token stands then (`cellOf`) unless that is already its end (the map was synced
 * to the new state first), and a token's later move or knockback starts where its previous one ended. Read
 * later, the token's square may already be its end, and the slide would lose its first step.
 */
export function withStarts(
  effects: readonly MapEffect[],
  cellOf: (id: string) => Cell | undefined
): MapEffect[] {
  const at = new Map<string, Cell | undefined>()
  const where = (id: string) => (at.has(id) ? at.get(id) : cellOf(id))
  return effects.map((e) => {
    if (e.kind === 'push') {
      at.set(e.id, e.to)
      return e
    }
    if (e.kind !== 'move' || e.path.length === 0) return e
    const start = moveCells(e.path, e.from, where(e.id))[0]
    at.set(e.id, e.path[e.path.length - 1])
    const from = start && start !== e.path[0] ? start : e.from
    return from ? { ...e, from } : e
  })
}
