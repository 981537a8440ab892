import { hashString } from '../rules/core/hash'
import type { Ruleset } from '../rules/core/ruleset'
import { encounterStateSchema } from '../rules/core/schemas'
import type { Combatant, EncounterState } from '../rules/core/types'
import { aggregate, proportion, type Proportion, type SimReport } from './sim-report'
import { playOut } from './simulation'

// Auto-balance (issue 16 §7): "make this fight 60 % for the heroes". A search over small changes of the
// foes the rules themselves allow — remove one, add one of a template (the campaign's bestiary, the
// ruleset's content, or a copy of a foe already there: "one more of them"), swap one for another
// template — each one measured by AI-vs-AI games, never guessed:
//
// 1. Baseline: the encounter as it is, on the two screen blocks of seeds and on `refineGames` games of its
//    own (the anchor of every estimate below).
// 2. Screen: every change one step from the best encounters so far (at most `perLevel` each, the most
//    promising kinds first: adds and tougher swaps when the heroes win too often, removals and weaker
//    swaps when they lose too often; big steps first, small ones for a second change) plays `screenGames`
//    games (block A); the `2 × keep` closest to the target play block B too (sequential screening: a few
//    games weed out the far ones, more sort the near ones). Every candidate plays the same seeds as the
//    baseline (common random numbers), and its estimate is the anchor's rate plus its difference from the
//    baseline on those seeds (a control variate): the luck of the seeds cancels out. If the `keep`
//    closest are not all within the tolerance yet, the `beam` closest that have not crossed the target
//    are changed once more (up to `depth` changes in all).
// 3. Refine: the `keep + 1` closest, and the closest on each side of the target, play `refineGames`
//    fresh games (seeds no screen used). Those games alone give the reported win % and Wilson 95 %
//    interval: the best of noisy screens is overrated (the winner's curse), games played after the pick
//    are an honest measure. (The final order among the few finalists uses the same games, a small bias:
//    see the coverage measured in balance.test.ts.)
//
// Pure and deterministic given the seed: the games are played by the `simulate` given (Node in tests, a
// Web Worker in the app), and everything else is ordered by the encounter's own figures and templates.

/** A figure the search may add: `model`'s stats and profile (its side, place and life are set on adding). */
export interface BalanceTemplate {
  /** Where it comes from (a bestiary id, `minecraft:zombie`...): proposals name it. */
  key: string
  name: string
  model: Combatant
}

/** One change a proposal makes to the encounter. */
export type BalanceChange =
  | { kind: 'add'; id: string; name: string; template: string }
  | { kind: 'remove'; id: string; name: string }
  | { kind: 'swap'; id: string; name: string; template: string; newId: string; newName: string }

/** A balanced version of the encounter, with its measured odds. */
export interface BalanceProposal {
  state: EncounterState
  /** From the original encounter, in order. */
  changes: BalanceChange[]
  /** The heroes' wins over the refine games (rate and Wilson 95 % interval), and those games. */
  win: Proportion
  games: number
  /** |win − target|. */
  distance: number
  /** The screening estimate that selected it (biased by the pick: for diagnosis only). */
  screen: number
}

export interface BalanceResult {
  target: number
  tolerance: number
  heroSide: string
  /** The encounter as it is, over all the games it played (screen blocks and anchor). */
  baseline: Proportion
  baselineGames: number
  /** The encounter as it is is already within `tolerance` of the target. */
  baselineReached: boolean
  /** The closest first (at most `keep`); empty when nothing could be changed (or cancelled early). */
  proposals: BalanceProposal[]
  /** The best proposal is within `tolerance` of the target (else it is the closest the search found). */
  reached: boolean
  cancelled: boolean
  /** Games played in all. */
  games: number
}

/** Plays `games` games of `state` with seeds `seed` .. `seed + games − 1`. */
export type Simulate = (state: EncounterState, games: number, seed: number) => Promise<SimReport> | SimReport

export interface BalanceProgress {
  phase: 'baseline' | 'screen' | 'refine'
  /** Games played so far, and an upper bound on the games of the whole search. */
  done: number
  total: number
}

export interface BalanceOptions {
  /** The side whose win % is balanced; every other side's figures are the foes it may change. */
  heroSide: string
  /** The heroes' win rate wanted, 0.05..0.95. */
  target: number
  templates: readonly BalanceTemplate[]
  simulate: Simulate
  seed: number
  /** Games per candidate in the first screen (default 12). */
  screenGames?: number
  /** Games per finalist, fresh seeds (default 40). */
  refineGames?: number
  /** Proposals returned (default 3). */
  keep?: number
  /** Candidates screened per encounter expanded (default 10). */
  perLevel?: number
  /** Changes at most per proposal (default 2). */
  depth?: number
  /** Encounters expanded again when the first changes fall short (default 2). */
  beam?: number
  /** What counts as on target (default 0.05: ±5 points). */
  tolerance?: number
  /** Stacks (PF rider and mount): a removed figure takes its companions along; added stats are detached. */
  ruleset?: Pick<Ruleset, 'stacks'>
  onProgress?: (progress: BalanceProgress) => void
  /** Asked between simulations: true stops the search (the result so far is returned, `cancelled`). */
  cancelled?: () => boolean
}

/** A candidate encounter with what its screens measured. */
interface Node {
  state: EncounterState
  changes: BalanceChange[]
  sig: string
  /** Hero wins and games on the screen seeds: block A, and block B too when `blockB`. */
  wins: number
  runs: number
  blockB: boolean
}

const r4 = (x: number): number => Math.round(x * 1e4) / 1e4

/** What makes two figures "the same monster": their stats, life and size, not their names or places. */
function kindOf(c: Pick<Combatant, 'stats' | 'lifeMax' | 'size' | 'lifeMin'>): string {
  return hashString(JSON.stringify([c.stats, c.lifeMax, c.lifeMin ?? null, c.size ?? 1]))
}

/** A name without its trailing number ("Zombie 3" → "Zombie"). */
const baseName = (name: string): string => name.replace(/\s+\d+$/, '') || name

/** The foes of an encounter as a multiset of kinds: encounters with the same foes, wherever they stand. */
function signatureOf(state: EncounterState, heroSide: string): string {
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
  const rest = JSON.stringify({ ...state, combatants: [], log: [], initiative: {} })
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
function children(
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
function templatesOf(state: EncounterState, opts: BalanceOptions): BalanceTemplate[] {
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

/** The heroes' wins in a report. */
function heroWins(report: SimReport, heroSide: string): number {
  return report.wins.find((w) => w.side === heroSide)?.count ?? 0
}

/**
 * Proposes up to `keep` versions of the encounter whose heroes win about `target` of the time, each
 * measured by games played after it was picked (see the top of this file).
 */
export async function autoBalance(initial: EncounterState, opts: BalanceOptions): Promise<BalanceResult> {
  const target = Math.min(0.95, Math.max(0.05, opts.target))
  const tolerance = opts.tolerance ?? 0.05
  const screenGames = Math.max(1, opts.screenGames ?? 12)
  const refineGames = Math.max(1, opts.refineGames ?? 40)
  const keep = Math.max(1, opts.keep ?? 3)
  const depth = Math.max(1, opts.depth ?? 2)
  const beam = Math.max(1, opts.beam ?? 2)
  const perLevel = opts.perLevel ?? 10
  const { heroSide } = opts
  const templates = templatesOf(initial, opts)
  // Screen blocks A and B (seeds every candidate shares), the baseline's anchor, the finalists' refine.
  const seedA = opts.seed
  const seedB = opts.seed + screenGames
  const anchorSeed = opts.seed + 2_000_000
  const refineSeed = opts.seed + 1_000_000

  // An upper bound of the games, for the progress bar: every level at its widest, every refine.
  const level = (nodes: number) => nodes * perLevel * screenGames + 2 * keep * screenGames
  const total =
    2 * screenGames + refineGames + level(1) + (depth - 1) * level(beam) + (keep + 3) * refineGames
  let played = 0
  let stopped = false
  const isCancelled = () => (stopped ||= opts.cancelled?.() ?? false)
  const progress = (phase: BalanceProgress['phase']) =>
    opts.onProgress?.({ phase, done: played, total: Math.max(total, played) })

  /** Games of `state`; null when the rules refused it (a start they would not allow) or on a cancel. */
  const run = async (state: EncounterState, games: number, seed: number): Promise<SimReport | null> => {
    if (isCancelled()) return null
    try {
      const report = await opts.simulate(state, games, seed)
      played += report.runs
      return report
    } catch {
      played += games
      return null
    }
  }
  const count = (report: SimReport | null) => ({
    wins: report ? heroWins(report, heroSide) : 0,
    runs: report?.runs ?? 0
  })

  // The baseline on both screen blocks, and on games of its own (the anchor).
  progress('baseline')
  const baseA = count(await run(initial, screenGames, seedA))
  progress('baseline')
  const baseB = count(await run(initial, screenGames, seedB))
  progress('baseline')
  const anchor = count(await run(initial, refineGames, anchorSeed))
  progress('baseline')
  const baseWins = baseA.wins + baseB.wins + anchor.wins
  const baseRuns = baseA.runs + baseB.runs + anchor.runs
  const baseRate = baseRuns ? baseWins / baseRuns : 0.5

  // A candidate's estimate: the baseline's rate plus what the change did on the shared seeds (a control
  // variate: the luck of the screen seeds, common to all candidates and to the baseline, cancels out).
  const rate = (n: Node) => {
    if (!n.runs) return baseRate
    const same = n.blockB ? { wins: baseA.wins + baseB.wins, runs: baseA.runs + baseB.runs } : baseA
    const shift = same.runs ? n.wins / n.runs - same.wins / same.runs : 0
    return Math.min(1, Math.max(0, baseRate + shift))
  }
  const root: Node = {
    state: initial,
    changes: [],
    sig: signatureOf(initial, heroSide),
    wins: 0,
    runs: 0,
    blockB: false
  }
  const distance = (n: Node) => Math.abs(rate(n) - target)
  const byDistance = (a: Node, b: Node) => distance(a) - distance(b) || a.changes.length - b.changes.length
  const seen = new Set([root.sig])
  const pool: Node[] = []
  let frontier = [root]

  for (let d = 0; d < depth && !isCancelled(); d++) {
    const fresh: Node[] = []
    for (const parent of frontier) {
      const harder = rate(parent) > target
      for (const child of children(parent, templates, harder, { ...opts, perLevel })) {
        const sig = signatureOf(child.state, heroSide)
        if (seen.has(sig)) continue
        seen.add(sig)
        const report = await run(child.state, screenGames, seedA)
        progress('screen')
        if (!report) continue
        fresh.push({
          state: child.state,
          changes: [...parent.changes, child.change],
          sig,
          ...count(report),
          blockB: false
        })
      }
    }
    // Sequential screening: the closest play the second block before they are ranked.
    fresh.sort(byDistance)
    for (const node of fresh.slice(0, 2 * keep)) {
      const more = await run(node.state, screenGames, seedB)
      progress('screen')
      if (!more) continue
      node.wins += heroWins(more, heroSide)
      node.runs += more.runs
      node.blockB = true
    }
    pool.push(...fresh)
    pool.sort(byDistance)
    if (pool.length >= keep && pool.slice(0, keep).every((n) => distance(n) <= tolerance)) break
    // Still short: the closest that have not crossed the target go one change further.
    const wasAbove = baseRate > target
    frontier = fresh
      .filter((n) => (wasAbove ? rate(n) > target : rate(n) < target))
      .sort(byDistance)
      .slice(0, beam)
    if (!frontier.length) frontier = fresh.slice(0, beam)
    if (!frontier.length) break
  }

  // Refine: fresh seeds for the finalists; their reported odds come from these games only.
  // The closest `keep + 1`, and the closest on either side of the target if they are not among them: the
  // screens share their seeds, so their error is alike at alike odds and the closest-looking ones may all
  // sit on one side; the refine then measures the encounters that bracket the target.
  const finalists = pool.slice(0, keep + 1)
  for (const above of [true, false]) {
    const side = pool.find((n) => (above ? rate(n) >= target : rate(n) < target))
    if (side && !finalists.includes(side)) finalists.push(side)
  }
  const proposals: BalanceProposal[] = []
  for (const node of finalists) {
    const report = await run(node.state, refineGames, refineSeed)
    progress('refine')
    if (!report) continue
    const win = proportion(heroWins(report, heroSide), report.runs)
    proposals.push({
      state: node.state,
      changes: node.changes,
      win,
      games: report.runs,
      distance: r4(Math.abs(win.rate - target)),
      screen: r4(rate(node))
    })
  }
  proposals.sort((a, b) => a.distance - b.distance || a.changes.length - b.changes.length)
  const best = proposals.slice(0, keep)
  opts.onProgress?.({ phase: 'refine', done: played, total: stopped ? Math.max(total, played) : played })
  return {
    target,
    tolerance,
    heroSide,
    baseline: proportion(baseWins, baseRuns),
    baselineGames: baseRuns,
    baselineReached: baseRuns > 0 && Math.abs(baseWins / baseRuns - target) <= tolerance + 1e-9,
    proposals: best,
    reached: best.length > 0 && best[0]!.distance <= tolerance + 1e-9,
    cancelled: stopped,
    games: played
  }
}

/** A `Simulate` that plays the games here and now with `playOut` (Node tests, benches, a worker). */
export function playingSimulate(ruleset: Ruleset, maxSteps = 3000): Simulate {
  return (state, games, seed) => {
    const summaries = Array.from({ length: games }, (_, i) => playOut(state, ruleset, seed + i, { maxSteps }))
    return aggregate(
      summaries,
      state.sides.map((s) => s.id)
    )
  }
}
