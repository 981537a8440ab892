import { hashString } from '../rules/core/hash'
import { encounterStateSchema } from '../rules/core/schemas'
import type { Combatant, EncounterState } from '../rules/core/types'
import type { BalanceChange, BalanceOptions, BalanceTemplate } from './balance'

// The encounter edits auto-balance (balance.ts) searches over: what makes two foes the same kind, where a new
// figure may stand, fresh ids and names, and the one-step changes (remove, add, swap) a search node opens.

/** A candidate encounter with what its screens measured. */
export interface Node {
  state: EncounterState
  changes: BalanceChange[]
  sig: string
  /** Hero wins and games on the screen seeds: block A, and block B too when `blockB`. */
  wins: number
  runs: number
  blockB: boolean
}

/** What makes two figures "the same monster": their stats, life and size, not their names or places. */
function kindOf(c: Pick<Combatant, 'stats' | 'lifeMax' | 'size' | 'lifeMin'>): string {
  return hashString(JSON.stringify([c.stats, c.lifeMax, c.lifeMin ?? null, c.size ?? 1]))
}

/** A name without its trailing number ("Zombie 3" → "Zombie"). */
const baseName = (name: string): string => name.replace(/\s+\d+$/, '') || name

/** The foes of an encounter as a multiset of kinds: encounters with the same foes, wherever they stand. */
export function signatureOf(state: EncounterState, heroSide: string): string {
  return state.combatants
    .filter((c) => c.side !== heroSide && !c.out)
    .map(kindOf)
    .sort()
    .join(',')
}

/** Squares per side of a footprint (a tiny figure still stands on one square). */
const sideOf = (size: number | undefined): number => Math.max(1, Math.ceil(size ?? 1))

/** The squares no figure may stand on: blocks and impassable ground. */
function solidOf(state: EncounterState): Set<string> {
  const solid = new Set(state.board.blocks.map((b) => `${b.x},${b.y}`))
  for (const g of state.board.ground ?? []) if (g.kind === 'impassable') solid.add(`${g.x},${g.y}`)
  return solid
}

function takenOf(state: EncounterState): Set<string> {
  const taken = new Set<string>()
  for (const c of state.combatants) {
    if (c.out) continue
    const n = sideOf(c.size)
    for (let dy = 0; dy < n; dy++) for (let dx = 0; dx < n; dx++) taken.add(`${c.pos.x + dx},${c.pos.y + dy}`)
  }
  return taken
}

/** Whether a figure of `size` may stand with its top-left square at (x, y): on the board, walkable, free. */
export function fits(state: EncounterState, x: number, y: number, size: number | undefined): boolean {
  const solid = solidOf(state)
  const taken = takenOf(state)
  return fitsIn(state, solid, taken, x, y, size)
}

function fitsIn(
  state: EncounterState,
  solid: Set<string>,
  taken: Set<string>,
  x: number,
  y: number,
  size: number | undefined
): boolean {
  const n = sideOf(size)
  for (let dy = 0; dy < n; dy++)
    for (let dx = 0; dx < n; dx++) {
      const cx = x + dx
      const cy = y + dy
      if (cx < 0 || cy < 0 || cx >= state.board.width || cy >= state.board.height) return false
      const key = `${cx},${cy}`
      if (solid.has(key) || taken.has(key)) return false
    }
  return true
}

/**
 * Where a new figure of `side` stands: the first free square of its start zone, else the free square
 * nearest its side's figures (a walk over walkable squares from them, nearest first), else the first free
 * square row by row. Null on a full board or an inches table (no squares to choose from).
 */
export function spotFor(
  state: EncounterState,
  side: string,
  size: number | undefined
): { x: number; y: number } | null {
  if (state.board.inches) return null
  const solid = solidOf(state)
  const taken = takenOf(state)
  const ok = (x: number, y: number) => fitsIn(state, solid, taken, x, y, size)
  for (const c of state.board.startZones?.find((z) => z.sideId === side)?.cells ?? [])
    if (ok(c.x, c.y)) return { x: c.x, y: c.y }
  const { width, height } = state.board
  const seen = new Set<string>()
  const queue: Array<{ x: number; y: number }> = []
  for (const c of state.combatants)
    if (c.side === side && !c.out && !seen.has(`${c.pos.x},${c.pos.y}`)) {
      seen.add(`${c.pos.x},${c.pos.y}`)
      queue.push({ x: c.pos.x, y: c.pos.y })
    }
  const steps = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
    [1, 1],
    [1, -1],
    [-1, 1],
    [-1, -1]
  ] as const
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i]!
    if (ok(at.x, at.y)) return at
    for (const [dx, dy] of steps) {
      const x = at.x + dx
      const y = at.y + dy
      const key = `${x},${y}`
      if (x < 0 || y < 0 || x >= width || y >= height || seen.has(key) || solid.has(key)) continue
      seen.add(key)
      queue.push({ x, y })
    }
  }
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (ok(x, y)) return { x, y }
  return null
}

/** An id no figure of the encounter has, from a template key (`minecraft:zombie` → `zombie`, `zombie-2`...). */
function freshId(state: EncounterState, key: string): string {
  const base =
    key
      .replace(/^[a-z0-9]+:/i, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .replace(/-\d+$/, '')
      .slice(0, 50) || 'figure'
  const used = new Set(state.combatants.map((c) => c.id))
  if (!used.has(base)) return base
  let n = 2
  while (used.has(`${base}-${n}`)) n++
  return `${base}-${n}`
}

/** A name no figure has: the template's, else with the first free number ("Zombie 4"). */
function freshName(state: EncounterState, name: string): string {
  const base = baseName(name).slice(0, 70)
  const used = new Set(state.combatants.map((c) => c.name))
  if (!used.has(base)) return base
  let n = 2
  while (used.has(`${base} ${n}`)) n++
  return `${base} ${n}`
}

const heightAt = (state: EncounterState, x: number, y: number): number =>
  state.board.elevation?.[y * state.board.width + x] ?? 0

/** A figure of `template` for `side`, the AI's, full life, standing at (x, y). */
function figureOf(
  state: EncounterState,
  template: BalanceTemplate,
  side: string,
  at: { x: number; y: number },
  facing: number,
  opts: BalanceOptions
): Combatant {
  const model = JSON.parse(JSON.stringify(template.model)) as Combatant
  const stats = opts.ruleset?.stacks?.detach(model.stats) ?? model.stats
  const { escaped: _escaped, ...rest } = model
  return {
    ...rest,
    stats,
    id: freshId(state, template.key),
    name: freshName(state, template.name),
    side,
    controller: 'ai',
    pos: { x: at.x, y: at.y, z: heightAt(state, at.x, at.y) },
    facing,
    life: model.lifeMax,
    out: false
  }
}

/** Whether the encounter's settings (objectives, surprise, exits...) name this figure: it stays put. */
function referenced(state: EncounterState, id: string): boolean {
  const rest = JSON.stringify({ ...state, combatants: [], log: [], initiative: {}, systemState: {} })
  return rest.includes(JSON.stringify(id))
}

/** The figure and the figures that go with it by the rules (PF's rider and mount). */
function stackOf(state: EncounterState, figure: Combatant, opts: BalanceOptions): Set<string> {
  return new Set([figure.id, ...(opts.ruleset?.stacks?.with(state, figure) ?? [])])
}

function without(state: EncounterState, ids: Set<string>): EncounterState {
  return {
    ...state,
    combatants: state.combatants.filter((c) => !ids.has(c.id)),
    surprised: state.surprised?.filter((id) => !ids.has(id))
  }
}

function add(
  state: EncounterState,
  template: BalanceTemplate,
  side: string,
  opts: BalanceOptions
): { state: EncounterState; change: BalanceChange } | null {
  const at = spotFor(state, side, template.model.size)
  if (!at) return null
  const facing = state.combatants.find((c) => c.side === side)?.facing ?? 0
  const figure = figureOf(state, template, side, at, facing, opts)
  return {
    state: { ...state, combatants: [...state.combatants, figure] },
    change: { kind: 'add', id: figure.id, name: figure.name, template: template.key }
  }
}

function remove(
  state: EncounterState,
  figure: Combatant,
  opts: BalanceOptions
): { state: EncounterState; change: BalanceChange } | null {
  const stack = stackOf(state, figure, opts)
  if ([...stack].some((id) => referenced(state, id))) return null
  const next = without(state, stack)
  return { state: next, change: { kind: 'remove', id: figure.id, name: figure.name } }
}

function swap(
  state: EncounterState,
  figure: Combatant,
  template: BalanceTemplate,
  opts: BalanceOptions
): { state: EncounterState; change: BalanceChange } | null {
  // An inches table has no squares to check a new base against: only removals there.
  if (state.board.inches) return null
  const stack = stackOf(state, figure, opts)
  if (stack.size > 1 || referenced(state, figure.id)) return null
  const rest = without(state, stack)
  const here = fits(rest, figure.pos.x, figure.pos.y, template.model.size)
  const at = here ? { x: figure.pos.x, y: figure.pos.y } : spotFor(rest, figure.side, template.model.size)
  if (!at) return null
  const added = figureOf(rest, template, figure.side, at, figure.facing, opts)
  // In the list where the old figure was: turn order by listing stays as it was.
  const combatants = state.combatants.flatMap((c) =>
    c.id === figure.id ? [added] : stack.has(c.id) ? [] : [c]
  )
  return {
    state: { ...rest, combatants },
    change: {
      kind: 'swap',
      id: figure.id,
      name: figure.name,
      template: template.key,
      newId: added.id,
      newName: added.name
    }
  }
}

/** Round-robin over lists, in order: one of each, then the second of each... */
function interleave<T>(lists: T[][]): T[] {
  const out: T[] = []
  for (let i = 0; lists.some((l) => i < l.length); i++)
    for (const l of lists) if (i < l.length) out.push(l[i]!)
  return out
}

/**
 * The changes one step from `node`, the most promising first: `harder` (the heroes win too often) puts
 * adds and swaps to tougher templates first; else removals and swaps to weaker ones. "Tougher" is only an
 * order of trial (by life): the games decide.
 */
export function children(
  node: Node,
  templates: BalanceTemplate[],
  harder: boolean,
  opts: BalanceOptions
): Array<{ state: EncounterState; change: BalanceChange }> {
  const { state } = node
  const foes = state.combatants.filter((c) => c.side !== opts.heroSide && !c.out)
  // The side new figures join: the foe side with the most figures (the first such side).
  const counts = new Map<string, number>()
  for (const c of foes) counts.set(c.side, (counts.get(c.side) ?? 0) + 1)
  const foeSide =
    [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? state.sides.find((s) => s.id !== opts.heroSide)?.id
  if (!foeSide) return []
  // One figure of each kind on the map (the last placed): removing or swapping any of a kind is the same.
  const byKind = new Map<string, Combatant>()
  for (const c of foes) byKind.set(kindOf(c), c)
  const kinds = [...byKind.values()]
  // The first change tries the big steps first (the biggest figures added or removed, the widest swaps),
  // a later one the small steps (fine tuning near the target).
  const first = node.changes.length === 0
  const bySize = (x: number, y: number) => (first ? y - x : x - y)
  const adds = [...templates]
    .sort((a, b) => bySize(a.model.lifeMax, b.model.lifeMax))
    .map((t) => () => add(state, t, foeSide, opts))
  const removes =
    foes.length > 1
      ? [...kinds].sort((a, b) => bySize(a.lifeMax, b.lifeMax)).map((c) => () => remove(state, c, opts))
      : []
  const swaps = kinds
    .flatMap((c) =>
      templates
        .filter(
          (t) =>
            kindOf(t.model) !== kindOf(c) &&
            (harder ? t.model.lifeMax >= c.lifeMax : t.model.lifeMax <= c.lifeMax)
        )
        .map((t) => ({ c, t, gain: Math.abs(t.model.lifeMax - c.lifeMax) }))
    )
    // A swap to a figure of the same life comes last either way (a different figure, maybe no step at all).
    .sort((a, b) => Number(a.gain === 0) - Number(b.gain === 0) || bySize(a.gain, b.gain))
    .map(
      ({ c, t }) =>
        () =>
          swap(state, c, t, opts)
    )
  // The changes that go the way wanted, alternating; the others after them (a noisy first screen can be
  // wrong about which way a change goes).
  const ordered = harder
    ? [...interleave([adds, swaps]), ...removes]
    : [...interleave([removes, swaps]), ...adds]
  const out: Array<{ state: EncounterState; change: BalanceChange }> = []
  const perLevel = opts.perLevel ?? 10
  for (const make of ordered) {
    if (out.length >= perLevel) break
    const made = make()
    if (made && encounterStateSchema.safeParse(made.state).success) out.push(made)
  }
  return out
}

/** The templates the search may use: the ones given and a copy of every foe kind on the map, one per kind. */
export function templatesOf(state: EncounterState, opts: BalanceOptions): BalanceTemplate[] {
  const seen = new Set<string>()
  const out: BalanceTemplate[] = []
  const take = (t: BalanceTemplate) => {
    const kind = kindOf(t.model)
    if (seen.has(kind)) return
    seen.add(kind)
    out.push(t)
  }
  for (const c of state.combatants)
    if (c.side !== opts.heroSide && !c.out) take({ key: c.id, name: baseName(c.name), model: c })
  // The heroes' own kinds (and names: a content pack's player characters) are not foes to add.
  const heroes = state.combatants.filter((c) => c.side === opts.heroSide)
  for (const c of heroes) seen.add(kindOf(c))
  const heroNames = new Set(heroes.map((c) => baseName(c.name).toLowerCase()))
  for (const t of opts.templates) if (!heroNames.has(baseName(t.name).toLowerCase())) take(t)
  return out
}
