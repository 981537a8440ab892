import { newEncounter } from '../../../rules/core/encounter'
import { checkPath, contactsOf, measurePath, reachable } from '../../../rules/core/inches'
import type { Ruleset } from '../../../rules/core/ruleset'
import type { Action, Combatant, EncounterState, TerrainPiece } from '../../../rules/core/types'

// A Venetian corner on a 36" × 36" table (board units are tenths of an inch) for the inches map's tests and
// harness page while no ruleset with an inches sample exists: a canal down the middle with a bridge over it,
// two buildings with roofs of different heights, low walls, and five figures a side, one on a roof, one on the
// bridge and one swimming, so every way the map draws a figure shows up.

/** Board units per inch of the fixture. */
export const FIXTURE_UPI = 10

const piece = (p: TerrainPiece): TerrainPiece => p

/** The fixture's terrain: canal, bridge, two buildings, three low walls. */
export const FIXTURE_PIECES: TerrainPiece[] = [
  piece({ id: 'rio', kind: 'water', x: 160, y: 0, w: 40, h: 360, top: 0, name: 'Rio' }),
  piece({ id: 'ponte', kind: 'bridge', x: 145, y: 160, w: 70, h: 30, top: 10, name: 'Ponte' }),
  piece({ id: 'palazzo', kind: 'building', x: 30, y: 40, w: 90, h: 70, top: 40, name: 'Palazzo' }),
  piece({ id: 'casa', kind: 'building', x: 250, y: 230, w: 70, h: 80, top: 30, name: 'Casa' }),
  piece({ id: 'muro-1', kind: 'wall', x: 50, y: 220, w: 70, h: 5, top: 10 }),
  piece({ id: 'muro-2', kind: 'wall', x: 270, y: 90, w: 5, h: 70, top: 10 }),
  piece({ id: 'muro-3', kind: 'wall', x: 225, y: 320, w: 5, h: 40, top: 5 })
]

function figure(
  id: string,
  name: string,
  side: string,
  x: number,
  y: number,
  z = 0,
  extra: Partial<Combatant> = {}
): Combatant {
  return {
    id,
    name,
    side,
    controller: side === 'guild' ? 'human' : 'ai',
    pos: { x, y, z },
    facing: side === 'guild' ? 2 : 6,
    life: 8,
    lifeMax: 8,
    out: false,
    stats: {},
    ...extra
  }
}

/** The fixture's figures: the Guild (people at the table) west of the canal, the Tritone (AI) east of it. */
export const FIXTURE_FIGURES: Combatant[] = [
  figure('capitano', 'Capitano', 'guild', 100, 160),
  figure('bravo', 'Bravo', 'guild', 70, 270, 0, { life: 5 }),
  figure('gondoliere', 'Gondoliere', 'guild', 80, 75, 40),
  figure('duellante', 'Duellante', 'guild', 120, 310, 0, { baseMm: 40 }),
  figure('ragazzo', 'Ragazzo', 'guild', 40, 170, 0, { baseMm: 25, out: true, life: 0 }),
  figure('tritone-1', 'Tritone 1', 'tritone', 240, 150, 0, { life: 3 }),
  figure('tritone-2', 'Tritone 2', 'tritone', 180, 250, 0),
  figure('tritone-3', 'Tritone 3', 'tritone', 195, 175, 10),
  figure('razorback', 'Razorback', 'tritone', 290, 270, 30, { baseMm: 50, lifeMax: 14, life: 14 }),
  figure('mystic', 'Mystic', 'tritone', 320, 60, 0, { baseMm: 40 })
]

/** A running fight on the fixture table, the Capitano active (round 1, nothing spent). */
export function inchesFixture(): EncounterState {
  const state = newEncounter({
    id: 'canal-fixture',
    name: 'Canal fixture',
    system: 'carnevale',
    settings: {},
    board: {
      width: 36,
      height: 36,
      blocks: [],
      inches: { unitsPerInch: FIXTURE_UPI, pieces: FIXTURE_PIECES }
    },
    sides: [
      { id: 'guild', name: 'Guild' },
      { id: 'tritone', name: 'Tritone' }
    ],
    combatants: structuredClone(FIXTURE_FIGURES),
    seed: 7
  })
  return {
    ...state,
    phase: 'running',
    round: 1,
    turn: {
      sideId: 'guild',
      activeId: 'capitano',
      activated: ['capitano'],
      economy: { value: 'acting', context: { ap: 3 } },
      actions: 0
    }
  }
}

/** The fixture's movement: 6″ is one move (band 0), up to 10″ a run (band 1). */
export const FIXTURE_MOVE = 6
/** See FIXTURE_MOVE. */
export const FIXTURE_RUN = 10

/**
 * Stand-in rules for the fixture (a generic `Ruleset`'s map-facing half): moves to sampled points within a
 * run, each as a straight two-point path (the map only reads their ends); a melee attack on each enemy in
 * base contact; any dragged path `checkPath` accepts within a run; bands by the measured cost; leaving an
 * enemy's base contact provokes it.
 */
export const fixtureRules: Pick<Ruleset, 'legalActions' | 'validate' | 'moveInfo'> = {
  legalActions(state, actorId) {
    const actor = state.combatants.find((c) => c.id === actorId)
    if (!actor || actor.out || state.turn?.activeId !== actorId) return []
    const moves: Action[] = reachable(state, actorId, FIXTURE_RUN).map((p) => ({
      kind: 'move',
      actorId,
      path: [{ ...actor.pos }, p.pos]
    }))
    const attacks: Action[] = contactsOf(state, actorId).flatMap((c) => {
      const other = state.combatants.find((o) => o.id === c.id)
      return other && other.side !== actor.side ? [{ kind: 'melee', actorId, targetId: c.id }] : []
    })
    return [...moves, ...attacks]
  },
  validate(state, action) {
    if (state.turn?.activeId !== action.actorId) return { code: 'notYourTurn' }
    if (action.kind !== 'move') return null
    const problem = checkPath(state, action.actorId, action.path ?? [], { maxInches: FIXTURE_RUN })
    return problem ? { code: problem.code } : null
  },
  moveInfo(state, action) {
    const cost = measurePath(state.board, action.path ?? []).inches
    const actor = state.combatants.find((c) => c.id === action.actorId)
    const provokes = contactsOf(state, action.actorId).flatMap((c) => {
      const other = state.combatants.find((o) => o.id === c.id)
      return other && actor && other.side !== actor.side ? [c.id] : []
    })
    return { band: cost <= FIXTURE_MOVE ? 0 : 1, provokes, cost }
  }
}
