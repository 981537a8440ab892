import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { spendEconomy } from '../../core/economy'
import type { Action, Combatant, EncounterState } from '../../core/types'
import { applyCommand } from '../../flow/engine'
import { pathfinder1e } from '.'
import { chargeLane } from './charge'
import { withTurn } from './flow-fixtures'
import { reachableSquares } from './reachable'
import type { PfStats } from './stats'
import { dagger, longbow, longsword, pfFigure, pfState, shortSword, spear } from './test-fixtures'

// Issue 20: "make `validate` and `legalActions` one source of truth, so that no declared action can be
// accepted that the legal list would not offer (a property test over random states)". Random small fights
// (sizes, conditions that restrict or forbid, weapons, BAB, life), the first figure's turn open, sometimes
// after one legal action already taken; every action a person could declare (each attack-like kind at each
// figure, a charge along the lane an unrestricted charger would take, every movement kind to every square
// a long search reaches) that `validate` accepts must be in the legal list: the same kind at the same
// target, or the same kind to the same square (the list keeps one path per square).

const LOADOUTS: Array<Pick<PfStats, 'weapons' | 'wielding'>> = [
  { weapons: [longsword], wielding: { main: longsword.id, off: null } },
  { weapons: [longbow], wielding: { main: longbow.id, off: null } },
  { weapons: [spear], wielding: { main: spear.id, off: null } },
  { weapons: [longsword, shortSword], wielding: { main: longsword.id, off: shortSword.id } },
  { weapons: [dagger], wielding: { main: dagger.id, off: null } }
]
const CONDITIONS = ['staggered', 'prone', 'blinded', 'grappled', 'entangled', 'dazzled'] as const
const SIZES = ['T', 'S', 'M', 'L'] as const
const TARGETED = ['attack', 'fullAttack', 'trip', 'disarm', 'sunder', 'bullRush', 'grapple', 'feint']
const MOVES = ['move', 'step', 'withdraw', 'run'] as const

const figureArb = fc.record({
  x: fc.integer({ min: 0, max: 9 }),
  y: fc.integer({ min: 0, max: 9 }),
  size: fc.constantFrom(...SIZES),
  loadout: fc.integer({ min: 0, max: LOADOUTS.length - 1 }),
  bab: fc.integer({ min: 0, max: 11 }),
  conditions: fc.subarray([...CONDITIONS], { maxLength: 2 }),
  life: fc.constantFrom(10, 10, 10, 0),
  feats: fc.subarray(['TwoWeaponFighting', 'ImprovedTrip', 'PreciseShot'] as PfStats['feats'], {
    maxLength: 2
  })
})

type FigureSpec = typeof figureArb extends fc.Arbitrary<infer T> ? T : never

function fight(specs: FigureSpec[]): EncounterState | null {
  const taken = new Set<string>()
  const figures: Combatant[] = []
  specs.forEach((s, i) => {
    const key = `${s.x},${s.y}`
    if (taken.has(key) || (s.size === 'L' && (s.x > 8 || s.y > 8))) return
    for (const dx of s.size === 'L' ? [0, 1] : [0])
      for (const dy of s.size === 'L' ? [0, 1] : [0]) taken.add(`${s.x + dx},${s.y + dy}`)
    figures.push(
      pfFigure(`f${i}`, {
        side: i % 2 === 0 ? 'a' : 'b',
        pos: { x: s.x, y: s.y },
        life: s.life,
        lifeMax: 10,
        stats: {
          size: s.size,
          bab: s.bab,
          conditions: [...s.conditions],
          feats: [...s.feats],
          ...LOADOUTS[s.loadout]!
        }
      })
    )
  })
  if (figures.length < 2 || figures[0]!.id !== 'f0') return null
  const initiative = Object.fromEntries(figures.map((f, i) => [f.id, 30 - i]))
  const state = pfState(figures, { width: 12, height: 12, initiative, settings: { gmPrompts: 'auto' } })
  return withTurn(state, 'f0')
}

/** Every action a person could declare for the active figure. */
function declarable(state: EncounterState, actor: Combatant, legal: Action[]): Action[] {
  const out: Action[] = []
  for (const other of state.combatants) {
    if (other.id === actor.id) continue
    for (const kind of TARGETED) out.push({ kind, actorId: actor.id, targetId: other.id })
    const lane = chargeLane(state, actor, other)
    if ('path' in lane)
      out.push({
        kind: 'charge',
        actorId: actor.id,
        targetId: other.id,
        path: lane.path.map(({ x, y }) => ({ x, y, z: 0 }))
      })
  }
  const paths = new Map<string, Action['path']>()
  for (const a of legal) if (a.path?.length) paths.set(JSON.stringify(a.path.at(-1)), a.path)
  for (const r of reachableSquares(state, actor, { budget: 30, parity: 0, mode: 'move' }).values())
    if (r.path.length)
      paths.set(
        JSON.stringify({ ...r.path.at(-1), z: 0 }),
        r.path.map((c) => ({ ...c, z: 0 }))
      )
  for (const path of paths.values()) for (const kind of MOVES) out.push({ kind, actorId: actor.id, path })
  return out
}

const sameSquare = (a: Action, b: Action) => {
  const p = a.path?.at(-1)
  const q = b.path?.at(-1)
  return !!p && !!q && p.x === q.x && p.y === q.y
}

const offered = (legal: Action[], a: Action) =>
  legal.some(
    (l) =>
      l.kind === a.kind &&
      l.targetId === a.targetId &&
      (MOVES.includes(a.kind as (typeof MOVES)[number]) ? sameSquare(l, a) : true)
  )

/** What the engine accepts: the rules' validation, then the turn's economy paying for it (rules/flow). */
function accepted(state: EncounterState, action: Action): boolean {
  if (pathfinder1e.validate(state, action) !== null || !state.turn) return false
  return (
    spendEconomy(pathfinder1e.economy, state.turn.economy, pathfinder1e.economy.charge(state, action)) !==
    null
  )
}

describe('validate accepts only what legalActions offers (Pathfinder, random states)', () => {
  it('no accepted declaration is missing from the legal list', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(
        fc.array(figureArb, { minLength: 2, maxLength: 4 }),
        fc.nat({ max: 1000 }),
        (specs, pick) => {
          let state = fight(specs)
          if (!state) return
          const first = pathfinder1e.legalActions(state, 'f0')
          // Half the time, one legal action first: the checks then run mid-turn (an attack made, a move spent).
          if (pick % 2 === 1 && first.length > 0) {
            const done = applyCommand(
              state,
              { type: 'action.declare', action: first[pick % first.length]! },
              pathfinder1e
            )
            if (!done.ok || done.state.turn?.activeId !== 'f0' || done.state.pending) return
            state = done.state
          }
          const actor = state.combatants.find((c) => c.id === 'f0')!
          const legal = pathfinder1e.legalActions(state, 'f0')
          for (const action of declarable(state, actor, legal)) {
            if (!accepted(state, action)) continue
            expect(offered(legal, action), JSON.stringify(action)).toBe(true)
          }
        }
      ),
      {
        numRuns: Number(process.env.PF_LEGAL_RUNS ?? 60),
        seed: Number(process.env.PF_LEGAL_SEED ?? 20261202)
      }
    )
  })
})
