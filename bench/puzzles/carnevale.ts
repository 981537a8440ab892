import type { TerrainPiece } from '../../rules/core/types'
import { cvFigure, cvState, pistol, sword, withTurn } from '../../rules/systems/carnevale/test-fixtures'
import { readSettings } from '../../rules/systems/carnevale/settings'
import { declared, endOf, enemiesOf, fig, planar, withProfile } from './helpers'
import type { Puzzle } from './types'

// Carnevale (carnevale.md): inches (board units of 1/10"), 3 AP a turn, d10 pools; moving into base contact
// is a charge with a free attack (§4), leaving it a Disengage; a jump's drop is a fall (falling.ts
// placeholder: 1 Damage per inch from 3", against Protection). 30 mm bases touch 11.8 units apart.

const roof: TerrainPiece = { id: 'palazzo', kind: 'building', x: 100, y: 100, w: 60, h: 60, top: 40 }
/** The roof's east edge, 4" up. */
const edge = { x: 155, y: 130, z: 40 }

/** Whether the action leaps down far enough to fall (landing lower than the safe height allows). */
function fallingJump(
  state: Parameters<Puzzle['accept']>[1],
  action: ReturnType<typeof declared>,
  actorId: string
) {
  if (action?.kind !== 'jump') return false
  const landing = action.path?.[action.path.length - 1]
  if (!landing) return false
  const dropInches = (fig(state, actorId).pos.z - landing.z) / (state.board.inches?.unitsPerInch ?? 10)
  return dropInches >= readSettings(state).fallSafeHeight
}

/** A Combat action with a weapon that reaches beyond base contact. */
function shoots(
  step: Parameters<Puzzle['accept']>[0],
  state: Parameters<Puzzle['accept']>[1],
  actorId: string
) {
  const a = declared(step)
  if (a?.kind !== 'combat') return false
  const weapons = (fig(state, actorId).stats.weapons ?? []) as Array<{ rangeIn: number }>
  return (weapons[Number(a.options?.weapon)]?.rangeIn ?? 0) > 0
}

/** A move (no charge) that ends farther from every enemy than the figure stands now. */
function backsOff(
  step: Parameters<Puzzle['accept']>[0],
  state: Parameters<Puzzle['accept']>[1],
  actorId: string
) {
  const a = declared(step)
  if (a?.kind !== 'move' || a.targetId !== undefined || fallingJump(state, a, actorId)) return false
  const from = fig(state, actorId).pos
  const end = endOf(state, a, actorId)
  return enemiesOf(state, actorId).every((e) => planar(end, e.pos) > planar(from, e.pos))
}

/** Carnevale puzzles: the roof leap that costs more than it gains, finishing, fleeing, keeping range. */
export const carnevalePuzzles: Puzzle[] = [
  {
    id: 'cv.no-roof-jump',
    system: 'carnevale',
    title:
      'Bravo at 4 Life on a 4" roof, a PRO 3 enemy below: shoot down, don\'t leap (the fall costs more than the blow)',
    tags: ['fall', 'risk'],
    ci: true,
    actorId: 'a',
    // The leap falls 4" (4 Damage against 2 Protection dice: ≈ 3 Life of its 4) for a charge worth ≈ 2.5.
    build: () =>
      withTurn(
        cvState(
          [
            cvFigure('a', 'x', edge, { life: 4, stats: { weapons: [sword, pistol] } }),
            cvFigure('b', 'y', { x: 178, y: 130, z: 0 }, { stats: { pro: 3 } })
          ],
          { pieces: [roof] }
        ),
        'a'
      ),
    // Anything but a leap that falls: a shot, a climb down, a guard, ending the activation.
    accept: (step, state) => !fallingJump(state, declared(step), 'a')
  },
  {
    id: 'cv.finish',
    system: 'carnevale',
    title: 'Bravo in contact with two enemies, one at 1 Life: strike the wounded one',
    tags: ['finish', 'focus'],
    ci: true,
    actorId: 'a',
    build: () =>
      withTurn(
        cvState([
          cvFigure('a', 'x', { x: 100, y: 100, z: 0 }),
          cvFigure('fresh', 'y', { x: 112, y: 100, z: 0 }),
          cvFigure('hurt', 'y', { x: 88, y: 100, z: 0 }, { life: 1 })
        ]),
        'a'
      ),
    accept: (step) => {
      const a = declared(step)
      return a?.targetId === 'hurt' && (a.kind === 'combat' || a.kind === 'drown')
    }
  },
  {
    id: 'cv.coward-backs-off',
    system: 'carnevale',
    title: 'Coward at 1 Life, an enemy 4" away: back off, don\'t charge',
    tags: ['flee', 'coward'],
    ci: true,
    actorId: 'c',
    build: () =>
      withProfile(
        withTurn(
          cvState([
            cvFigure('c', 'x', { x: 100, y: 100, z: 0 }, { life: 1 }),
            cvFigure('e', 'y', { x: 140, y: 100, z: 0 })
          ]),
          'c'
        ),
        'c',
        { personality: 'coward' }
      ),
    accept: (step, state) => backsOff(step, state, 'c')
  },
  {
    id: 'cv.caster-keeps-distance',
    system: 'carnevale',
    title: 'Pistolero (caster) 5" from a swordsman: shoot or back off, don\'t charge into contact',
    tags: ['kite', 'caster', 'ranged'],
    ci: true,
    actorId: 'p',
    build: () =>
      withProfile(
        withTurn(
          cvState([
            cvFigure('p', 'x', { x: 100, y: 100, z: 0 }, { stats: { weapons: [sword, pistol] } }),
            cvFigure('e', 'y', { x: 150, y: 100, z: 0 })
          ]),
          'p'
        ),
        'p',
        { personality: 'caster' }
      ),
    accept: (step, state) => shoots(step, state, 'p') || backsOff(step, state, 'p')
  }
]
