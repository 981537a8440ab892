import { mean } from '../rules/core/distribution'
import { openEconomy, spendEconomy } from '../rules/core/economy'
import { chebyshev, neighbours8, onBoard } from '../rules/core/geometry'
import { DEFAULT_BASE_MM, edgeDistance, isInchesBoard, MM_PER_INCH } from '../rules/core/inches'
import type { Ruleset } from '../rules/core/ruleset'
import type { Action, Board, Combatant, EncounterState, Vec3 } from '../rules/core/types'
import { bodyKey, fightKey, freshFight, sceneKey } from './fight-keys'
import { chargeOf } from './rules-memo'

// How far and how hard a figure can strike next turn, asked of the ruleset itself: the figure is given a
// hypothetical fresh activation (its economy opened as at the start of its turn) and the rules list what
// it could do. Generic approximations, stated: mobility is the longest move after which the economy still
// pays for one of its attacks (so a PF run, which ends the turn, is not counted), asked with the figure
// alone on open ground (the board's size and kind with no walls, terrain or heights, the figure in its
// middle: the distance fields already cost walls, water and climbs, so mobility is the budget alone, and
// it stays the same wherever the figure moves, so it is measured once per figure (all but its square)
// and fight rather than at every square); reach is the farthest figure its attacks can target from where
// it stands, at least touching; punch is the best mean damage of any attack it could make on the target standing
// beside it, the two alone on open ground. Every hypothetical depends only on what its cache key names
// (fight-keys.ts), so the same state always gives the same answer, whatever was asked before, in this game
// or another (determinism). The open-ground ones are asked of a fresh fight (no log, no turn): they measure
// the figure itself, and so stay cached while the fight goes on; where a figure stands now is asked of the
// real state, log and all, and cached on that state's parts.

/** What the AI knows of one figure's striking power (in the board's unit: squares or inches). */
export interface Striker {
  id: string
  /** How far it can move and still attack. */
  mobility: number
  /** How far its attacks reach from where it stands (1 square / 1 inch at least). */
  reach: number
}

/** The state as if `figure` had just begun its activation. */
export function asActive(state: EncounterState, ruleset: Ruleset, figure: Combatant): EncounterState {
  if (state.turn?.activeId === figure.id) return state
  return {
    ...state,
    pending: null,
    turn: {
      sideId: figure.side,
      activeId: figure.id,
      activated: [figure.id],
      economy: openEconomy(ruleset.economy, state, figure),
      actions: 0
    }
  }
}

/** The gap between two figures' positions in the board's unit (squares, or inches edge to edge). */
export function gap(state: EncounterState, a: Combatant, at: Vec3, b: Combatant): number {
  if (isInchesBoard(state.board)) return edgeDistance(state.board, { pos: at, baseMm: a.baseMm }, b)
  return chebyshev(at, b.pos)
}

function pathLength(state: EncounterState, from: Vec3, path: readonly Vec3[]): number {
  if (!isInchesBoard(state.board)) return path.length
  const u = state.board.inches.unitsPerInch
  let total = 0
  let at = from
  for (const p of path) {
    total += Math.hypot(p.x - at.x, p.y - at.y) / u
    at = p
  }
  return total
}

const mobilityCache = new WeakMap<Ruleset, Map<string, number>>()
const attacksCache = new WeakMap<Ruleset, Map<string, Action[]>>()
const punchCache = new WeakMap<Ruleset, Map<string, number>>()
const beyondCache = new WeakMap<Ruleset, Map<string, boolean>>()
const CACHE_SIZE = 2048

function cached<T>(store: WeakMap<Ruleset, Map<string, T>>, ruleset: Ruleset, key: string, make: () => T): T {
  let map = store.get(ruleset)
  if (!map) store.set(ruleset, (map = new Map()))
  const hit = map.get(key)
  if (hit !== undefined) return hit
  if (map.size >= CACHE_SIZE) map.clear()
  const made = make()
  map.set(key, made)
  return made
}

const openBoards = new WeakMap<Board, Map<number, Board>>()

/**
 * The board's kind with nothing on it, `side` units across at most (the board's own size when smaller or
 * absent); one object per board and size, so the rules' own caches hold.
 */
function openBoard(board: Board, side = Infinity): Board {
  let sizes = openBoards.get(board)
  if (!sizes) openBoards.set(board, (sizes = new Map()))
  let open = sizes.get(side)
  if (!open) {
    const width = Math.min(board.width, side)
    const height = Math.min(board.height, side)
    open = board.inches
      ? { width, height, blocks: [], inches: { ...board.inches, pieces: [] } }
      : { width, height, blocks: [] }
    sizes.set(side, open)
  }
  return open
}

/** What an open-ground hypothetical depends on besides the figures: the fight, the board's size and unit. */
const openKey = (state: EncounterState): string => {
  const board = state.board
  return `${fightKey(state)}${board.width}x${board.height}${board.inches ? `/${board.inches.unitsPerInch}` : ''}`
}

/** The middle of a board, at table level (squares, or board units on an inches board). */
function middle(board: Board): Vec3 {
  const u = board.inches?.unitsPerInch ?? 1
  const x = Math.floor((board.width * u) / 2)
  const y = Math.floor((board.height * u) / 2)
  return { x, y, z: 0 }
}

/**
 * `figures` alone on open ground in a fresh fight, the first in the middle (the others are placed by the
 * caller): what the state holds besides is named by `openKey`.
 */
function onOpenGround(state: EncounterState, figures: Combatant[], side = Infinity): EncounterState {
  const board = openBoard(state.board, side)
  const [first, ...rest] = figures
  return { ...freshFight(state), board, combatants: [{ ...first!, pos: middle(board) }, ...rest] }
}

/**
 * A figure's mobility and reach. Mobility asks the rules for every move of a hypothetical activation with
 * the figure alone on open ground, the costliest question here, kept per figure and fight (not its
 * square: open ground is the same everywhere); reach is kept per state (board, figures and log).
 */
export function strikerOf(state: EncounterState, ruleset: Ruleset, figure: Combatant): Striker {
  const key = `${openKey(state)}|${bodyKey(figure, ruleset)}`
  const mobility = cached(mobilityCache, ruleset, key, () => measureMobility(state, ruleset, figure))
  let reach = 1
  // Most figures strike only what touches them: the places of every figure (the costly question below,
  // asked again whenever anyone moves) can only give them a reach of 1.
  if (!cached(beyondCache, ruleset, key, () => strikesBeyondTouch(state, ruleset, figure)))
    return { id: figure.id, mobility, reach }
  for (const a of attacksHere(state, ruleset, figure)) {
    const t = state.combatants.find((c) => c.id === a.targetId)
    if (t && t.side !== figure.side && !t.out) reach = Math.max(reach, gap(state, figure, figure.pos, t))
  }
  return { id: figure.id, mobility, reach }
}

/**
 * The attacks (targeted, no path) a figure could make from where it stands, in a fresh activation: asked
 * of the real state (log, board and figures) with no turn under way and fixed dice, so keyed on the rest.
 */
function attacksHere(state: EncounterState, ruleset: Ruleset, figure: Combatant): Action[] {
  const key = `${sceneKey(state)}|${figure.id}`
  return cached(attacksCache, ruleset, key, () => {
    const fresh = { ...freshFight(state), log: state.log }
    const hypo = asActive(fresh, ruleset, figure)
    if (!hypo.turn) return []
    return ruleset
      .legalActions(hypo, figure.id, 'targeted')
      .filter((a) => a.targetId !== undefined && !a.path)
  })
}

/**
 * Whether any attack of the figure (no path) can target a probe (a copy of itself on another side) just
 * beyond touch, the two alone on open ground, where nothing blocks sight or reach: if not, no figure
 * farther than touching is ever a target of its attacks. A figure bigger than a square answers yes (its
 * gap is measured from its corner, so touching may read as farther), and so the full question is asked.
 */
function strikesBeyondTouch(state: EncounterState, ruleset: Ruleset, figure: Combatant): boolean {
  if ((figure.size ?? 1) > 1) return true
  const alone = onOpenGround(state, [figure])
  const there = alone.combatants[0]!
  const side = state.sides.find((x) => x.id !== figure.side)?.id ?? `${figure.side}~probe`
  const board = alone.board
  let dx = 2
  if (board.inches) {
    const u = board.inches.unitsPerInch
    // Centre to centre: the two radii (one diameter, the probe being a copy), an inch and a unit more.
    const diameter = (figure.baseMm ?? DEFAULT_BASE_MM) / MM_PER_INCH
    dx = Math.ceil((diameter + 1) * u) + 1
  }
  const probe: Combatant = {
    ...there,
    id: `${figure.id}~probe`,
    side,
    pos: { ...there.pos, x: there.pos.x + dx }
  }
  const pair: EncounterState = { ...alone, combatants: [there, probe] }
  if (gap(pair, there, there.pos, probe) <= 1) return true
  const hypo = asActive(pair, ruleset, there)
  if (!hypo.turn) return false
  return ruleset.legalActions(hypo, figure.id, 'targeted').some((a) => a.targetId === probe.id && !a.path)
}

/** The state with only these figures on the board (a hypothetical the cache key fully describes). */
function solo(state: EncounterState, figures: Combatant[]): EncounterState {
  return { ...state, combatants: figures }
}

/** Half the side of the first patch of open ground mobility is measured on (squares or inches). */
const FIRST_HALF = 8

function measureMobility(state: EncounterState, ruleset: Ruleset, figure: Combatant): number {
  // The rules list every square a figure can reach, so the whole board costs far more than the few
  // squares around it that a move and an attack can span: measured on a patch of open ground first, and
  // on a patch twice as wide while the figure's moves reach the patch's edge. A path no longer than half
  // the patch fits in it whatever its direction, and one that long goes straight, so a mobility short of
  // the half is the whole board's. The answer depends only on the figure and the board (the cache key).
  const whole = Math.max(state.board.width, state.board.height)
  for (let half = FIRST_HALF; ; half *= 2) {
    const side = 2 * half + 1
    if (side >= whole) return mobilityOn(state, ruleset, figure, Infinity)
    const m = mobilityOn(state, ruleset, figure, side)
    if (m < half) return m
  }
}

function mobilityOn(state: EncounterState, ruleset: Ruleset, figure: Combatant, side: number): number {
  const alone = onOpenGround(state, [figure], side)
  const there = alone.combatants[0]!
  const hypo = asActive(alone, ruleset, there)
  if (!hypo.turn) return 0
  const actions = ruleset.legalActions(hypo, figure.id)
  const attackCharges = uniqueCharges(hypo, ruleset, probeAttacks(alone, ruleset, there))
  const canStillAttack = new Map<string, boolean>()
  // Longest first: the first move that still leaves an attack is the answer, and the economy (whose
  // charge for a move may price its whole path) is never asked about the shorter ones.
  const moves = actions
    .filter((a) => a.path && a.path.length > 0 && a.targetId === undefined)
    .map((a) => ({ a, length: pathLength(alone, there.pos, a.path!) }))
    .sort((x, y) => y.length - x.length)
  for (const { a, length } of moves) {
    const charge = chargeOf(hypo, ruleset, a)
    const ck = JSON.stringify(charge)
    let ok = canStillAttack.get(ck)
    if (ok === undefined) {
      const after = spendEconomy(ruleset.economy, hypo.turn.economy, charge)
      // With no attack known (the probe drew none), any move counts: a mover is a threat.
      ok =
        !!after &&
        (attackCharges.length === 0 || attackCharges.some((c) => spendEconomy(ruleset.economy, after, c)))
      canStillAttack.set(ck, ok)
    }
    if (ok) return length
  }
  return 0
}

/**
 * The figure's attacks against a probe (a copy of itself on another side) beside it: what its attacks
 * cost the economy, asked without any real figure in the picture (`state` holds the figure alone).
 */
function probeAttacks(state: EncounterState, ruleset: Ruleset, figure: Combatant): Action[] {
  const side = state.sides.find((x) => x.id !== figure.side)?.id ?? `${figure.side}~probe`
  const probe: Combatant = { ...figure, id: `${figure.id}~probe`, side, pos: { ...figure.pos } }
  const at = besideTarget(solo(state, [figure]), probe, figure)
  if (!at) return []
  const pair = solo(state, [figure, { ...probe, pos: at }])
  const hypo = asActive(pair, ruleset, figure)
  if (!hypo.turn) return []
  return ruleset.legalActions(hypo, figure.id, 'targeted').filter((a) => a.targetId === probe.id && !a.path)
}

function uniqueCharges(state: EncounterState, ruleset: Ruleset, attacks: readonly Action[]) {
  const seen = new Map<string, ReturnType<Ruleset['economy']['charge']>>()
  for (const a of attacks) {
    const c = chargeOf(state, ruleset, a)
    seen.set(JSON.stringify(c), c)
  }
  return [...seen.values()]
}

/**
 * The best mean damage `striker` could deal `target` with one of its actions next turn: asked of the
 * rules with the two alone on open ground and the striker active on the first free square beside the
 * target (on an inches board: touching it on the east). Cached on the two figures and the fight, not
 * their squares, so it holds while they move.
 */
export function punchOf(
  state: EncounterState,
  ruleset: Ruleset,
  striker: Combatant,
  target: Combatant
): number {
  // Neither position: measurePunch places the target on open ground and the striker beside it.
  const key = `${openKey(state)}|${bodyKey(striker, ruleset)}|${bodyKey(target, ruleset)}`
  return cached(punchCache, ruleset, key, () => measurePunch(state, ruleset, striker, target))
}

function bestDamage(
  state: EncounterState,
  ruleset: Ruleset,
  striker: Combatant,
  targetId: string,
  actions: readonly Action[]
): number | null {
  const hypo = asActive(state, ruleset, striker)
  let best: number | null = null
  for (const a of actions) {
    if (a.targetId !== targetId) continue
    const odds = ruleset.odds(hypo, a)
    if (!odds) continue
    best = Math.max(best ?? 0, mean(odds.damage))
  }
  return best
}

function measurePunch(
  state: EncounterState,
  ruleset: Ruleset,
  striker: Combatant,
  target: Combatant
): number {
  // The two alone on open ground, the striker beside the target: what it can do once it gets there,
  // wherever either stands now; the answer depends only on what the cache key names.
  const pair = onOpenGround(state, [target, striker])
  const beside = besideTarget(pair, striker, pair.combatants[0]!)
  if (!beside) return 0
  const there = moved(pair, striker.id, beside)
  const s2 = there.combatants.find((c) => c.id === striker.id)!
  const hypo = asActive(there, ruleset, s2)
  const actions = hypo.turn ? ruleset.legalActions(hypo, striker.id, 'targeted') : []
  return bestDamage(there, ruleset, s2, target.id, actions) ?? 0
}

function moved(state: EncounterState, id: string, pos: Vec3): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? { ...c, pos } : c)) }
}

/** A free position touching `target`, on the side `striker` comes from; null when there is none. */
function besideTarget(state: EncounterState, striker: Combatant, target: Combatant): Vec3 | null {
  const board = state.board
  if (isInchesBoard(board)) {
    const u = board.inches.unitsPerInch
    // A fixed side (east, or west at the table's edge): the answer must not depend on where it stands.
    const east = target.pos.x + 2 * u < board.width * u
    const dx = east ? 1 : -1
    const dy = 0
    const len = 1
    const radii = ((striker.baseMm ?? DEFAULT_BASE_MM) + (target.baseMm ?? DEFAULT_BASE_MM)) / 2 / MM_PER_INCH
    const d = (radii + 0.25) * u
    return {
      x: Math.round(target.pos.x + (dx / len) * d),
      y: Math.round(target.pos.y + (dy / len) * d),
      z: target.pos.z
    }
  }
  const blocked = new Set(board.blocks.map((b) => `${b.x},${b.y}`))
  for (const c of state.combatants) if (!c.out && c.id !== striker.id) blocked.add(`${c.pos.x},${c.pos.y}`)
  const free = neighbours8(target.pos)
    .filter((p) => onBoard(p, board.width, board.height) && !blocked.has(`${p.x},${p.y}`))
    .sort((a, b) => a.y - b.y || a.x - b.x)
  const p = free[0]
  if (!p) return null
  return { x: p.x, y: p.y, z: target.pos.z }
}
