import type { AiStep } from '../../ai/types'
import type { Combatant, EncounterState } from '../../rules/core/types'
import { pathfinder1e } from '../../rules/systems/pathfinder1e'
import { withTurn } from '../../rules/systems/pathfinder1e/flow-fixtures'
import { areaTargets } from '../../rules/systems/pathfinder1e/spell-area'
import { cleric, SPELL, wizard } from '../../rules/systems/pathfinder1e/spell-fixtures'
import { spellById } from '../../rules/systems/pathfinder1e/spells'
import { pfArmor, pfFigure, pfState } from '../../rules/systems/pathfinder1e/test-fixtures'
import { isFlanking } from '../../rules/systems/pathfinder1e/flanking'
import { threatenedBy } from '../../rules/systems/pathfinder1e/threat'
import { cheb, declared, endOf, enemiesOf, fig, patchFigure, withProfile } from './helpers'
import type { Puzzle } from './types'

// Pathfinder 1e (pathfinder1e.md): 5-ft squares, a standard + a move action (or a full-round one), attacks of
// opportunity for leaving threatened squares (§3.4) but never for a 5-ft step, +2 for flanking (§4.7), 0 hp
// = disabled (§5). Monsters are plain Medium fighters (BAB +2, Str 14, longsword, chain shirt: AC 15).

const SIDES = [
  { id: 'monsters', name: 'Monsters' },
  { id: 'heroes', name: 'Heroes' }
]

function monster(id: string, x: number, y: number, life = 12): Combatant {
  return pfFigure(id, {
    side: 'monsters',
    pos: { x, y },
    life,
    stats: { bab: 2, abilities: { str: 14, dex: 12, con: 12, int: 8, wis: 10, cha: 8 }, armor: pfArmor(4, 4) }
  })
}

/** The heroes' cleric (a caster with cures) at (x, y) with `life` of 20. */
function heroCleric(x: number, y: number, life: number): Combatant {
  return { ...cleric({}, { pos: { x, y }, life }), id: 'cleric', name: 'cleric', side: 'heroes', lifeMax: 20 }
}

function hero(id: string, x: number, y: number, life: number, lifeMax = life): Combatant {
  return pfFigure(id, {
    side: 'heroes',
    pos: { x, y },
    life,
    lifeMax,
    stats: {
      bab: 3,
      abilities: { str: 16, dex: 12, con: 14, int: 10, wis: 10, cha: 10 },
      armor: pfArmor(6, 2)
    }
  })
}

/** The encounter with `actorId`'s turn open (its standard, move and 5-ft step all unspent). */
function position(combatants: Combatant[], actorId: string): EncounterState {
  // A 14 × 12 room: big enough for every move the puzzles need, small enough to search fast.
  return withTurn(pfState(combatants, { sides: SIDES, width: 14, height: 12 }), actorId)
}

/** The movement action's reactions (attacks of opportunity) as the rules read them before it is made. */
function provokes(state: EncounterState, step: AiStep): string[] {
  const a = declared(step)
  return a ? (pathfinder1e.moveInfo?.(state, a).provokes ?? []) : []
}

/** The state with the actor standing where the action ends. */
function movedTo(state: EncounterState, step: AiStep, actorId: string): EncounterState {
  return patchFigure(state, actorId, { pos: endOf(state, declared(step), actorId) })
}

const MOVES = ['move', 'step', 'withdraw', 'run']
/** The actions that deal damage to their target (trips and disarms do not finish anyone). */
const HITS = ['attack', 'fullAttack', 'charge', 'coupDeGrace']

/** A damaging action aimed at `targetId`. */
function hits(step: AiStep, targetId: string): boolean {
  const a = declared(step)
  return a !== null && HITS.includes(a.kind) && a.targetId === targetId
}

/** A single move (a standard action left to attack) or a 5-ft step. */
function keepsStandard(state: EncounterState, step: AiStep): boolean {
  const a = declared(step)
  if (!a || (a.kind !== 'move' && a.kind !== 'step')) return false
  return (pathfinder1e.moveInfo?.(state, a).band ?? 0) === 0
}

/** Pathfinder 1e puzzles: finishing, attacks of opportunity, flanking, area spells, personalities. */
export const pathfinderPuzzles: Puzzle[] = [
  {
    id: 'pf.finish-disabled-cleric',
    system: 'pathfinder1e',
    title: 'Goblin between a fresh fighter and the cleric at 0 hp (disabled): drop the cleric',
    tags: ['finish'],
    ci: true,
    actorId: 'goblin',
    build: () =>
      position([monster('goblin', 5, 5), hero('fighter', 4, 5, 20), heroCleric(6, 5, 0)], 'goblin'),
    accept: (step) => hits(step, 'cleric')
  },
  {
    id: 'pf.finish-wounded-cleric',
    system: 'pathfinder1e',
    title: 'Goblin beside the fighter and the cleric at 4/20 hp with cures left: take the cleric down',
    tags: ['finish', 'focus'],
    ci: false,
    actorId: 'goblin',
    build: () =>
      position([monster('goblin', 5, 5), hero('fighter', 5, 4, 20), heroCleric(6, 6, 4)], 'goblin'),
    accept: (step) => hits(step, 'cleric')
  },
  {
    id: 'pf.aoo-five-foot-step',
    system: 'pathfinder1e',
    title:
      'Goblin next to the fighter, the wounded wizard one square beyond: 5-ft step to it, never walk (AoO)',
    tags: ['aoo'],
    ci: true,
    actorId: 'goblin',
    build: () =>
      position(
        [
          monster('goblin', 5, 5),
          hero('fighter', 4, 5, 20),
          {
            ...wizard({}, { pos: { x: 7, y: 5 }, life: 3 }),
            id: 'wizard',
            name: 'wizard',
            side: 'heroes',
            lifeMax: 14
          }
        ],
        'goblin'
      ),
    // Any movement that ends beside the wizard without provoking (only the 5-ft step can, from here).
    accept: (step, state) => {
      const a = declared(step)
      if (!a || !MOVES.includes(a.kind) || provokes(state, step).length > 0) return false
      return a.kind !== 'withdraw' && cheb(endOf(state, a, 'goblin'), fig(state, 'wizard').pos) === 1
    }
  },
  {
    id: 'pf.aoo-path-around',
    system: 'pathfinder1e',
    title: "Goblin walking to the archer: take the path around the fighter's threatened squares",
    tags: ['aoo'],
    ci: true,
    actorId: 'goblin',
    build: () =>
      position([monster('goblin', 2, 4), hero('fighter', 4, 3, 20), hero('archer', 7, 5, 4, 12)], 'goblin'),
    // Ends next to the archer with a standard action left, and nobody gets an attack of opportunity.
    accept: (step, state) => {
      const a = declared(step)
      if (!a || (a.kind !== 'charge' && !keepsStandard(state, step)) || provokes(state, step).length > 0)
        return false
      return cheb(endOf(state, a, 'goblin'), fig(state, 'archer').pos) === 1
    }
  },
  {
    id: 'pf.flank',
    system: 'pathfinder1e',
    title: 'Second goblin: move to the square opposite its ally so both flank the fighter (+2)',
    tags: ['flank'],
    ci: true,
    actorId: 'goblin2',
    build: () =>
      position([monster('goblin1', 4, 5), monster('goblin2', 8, 2), hero('fighter', 5, 5, 20)], 'goblin2'),
    accept: (step, state) => {
      const a = declared(step)
      if (!a || (a.kind !== 'charge' && !keepsStandard(state, step)) || provokes(state, step).length > 0)
        return false
      const moved = movedTo(state, step, 'goblin2')
      return isFlanking(moved, fig(moved, 'goblin2'), fig(moved, 'fighter'))
    }
  },
  {
    id: 'pf.aoe-cluster',
    system: 'pathfinder1e',
    title:
      'Kobold sorcerer facing three heroes bunched in a row: burning hands on the cluster, not one missile',
    tags: ['aoe'],
    ci: true,
    actorId: 'w',
    build: () =>
      position(
        [
          { ...wizard({}, { pos: { x: 5, y: 5 }, life: 14 }), side: 'monsters' },
          hero('h1', 7, 4, 7, 20),
          hero('h2', 7, 5, 7, 20),
          hero('h3', 7, 6, 7, 20)
        ],
        'w'
      ),
    // A cone or burst that catches at least two heroes and no monster.
    accept: (step, state) => {
      const a = declared(step)
      const spell = a?.kind === 'cast' ? spellById(String(a.options?.spell)) : undefined
      if (!a || !spell?.area) return false
      const caught = areaTargets(state, fig(state, 'w'), spell, a)
      return caught.every((c) => c.side === 'heroes') && caught.length >= 2
    }
  },
  {
    id: 'pf.no-overkill',
    system: 'pathfinder1e',
    title: 'Sorcerer, a lone hero at 2 hp 10 ft away: the magic missile kills for sure; keep burning hands',
    tags: ['overkill', 'resources'],
    ci: false,
    actorId: 'w',
    // Two missiles of 1d4+1 always kill 2 hp; burning hands (3d4, Reflex half) can leave it standing and
    // spends the only cone the sorcerer has for the two heroes still coming.
    build: () =>
      position(
        [
          { ...wizard({}, { pos: { x: 5, y: 5 }, life: 14 }), side: 'monsters' },
          hero('h1', 7, 5, 2, 20),
          hero('h2', 12, 2, 20),
          hero('h3', 12, 9, 20)
        ],
        'w'
      ),
    accept: (step) => {
      const a = declared(step)
      return a?.kind === 'cast' && a.targetId === 'h1' && a.options?.spell === SPELL.missile
    }
  },
  {
    id: 'pf.coward-withdraws',
    system: 'pathfinder1e',
    title: 'Coward goblin at 2/12 hp beside the fighter: withdraw out of reach, never walk off provoking',
    tags: ['flee', 'coward', 'aoo'],
    ci: true,
    actorId: 'goblin',
    build: () =>
      withProfile(position([monster('goblin', 5, 5, 2), hero('fighter', 4, 5, 20)], 'goblin'), 'goblin', {
        personality: 'coward'
      }),
    accept: (step, state) => {
      const a = declared(step)
      if (!a || !MOVES.includes(a.kind) || provokes(state, step).length > 0) return false
      const from = fig(state, 'goblin').pos
      const end = endOf(state, a, 'goblin')
      return (
        threatenedBy(state, end, 'monsters').length === 0 &&
        enemiesOf(state, 'goblin').every((e) => cheb(end, e.pos) > cheb(from, e.pos))
      )
    }
  },
  {
    id: 'pf.caster-keeps-distance',
    system: 'pathfinder1e',
    title:
      'Caster (magic missile left) 3 squares from the fighter: cast from where it stands or back off, never close in',
    tags: ['kite', 'caster'],
    ci: false,
    actorId: 'w',
    build: () =>
      withProfile(
        position(
          [{ ...wizard({}, { pos: { x: 5, y: 5 }, life: 14 }), side: 'monsters' }, hero('fighter', 8, 5, 20)],
          'w'
        ),
        'w',
        { personality: 'caster' }
      ),
    accept: (step, state) => {
      const a = declared(step)
      if (!a) return false
      if (a.kind === 'cast') return cheb(fig(state, 'w').pos, fig(state, 'fighter').pos) >= 2
      if (!MOVES.includes(a.kind)) return false
      const end = endOf(state, a, 'w')
      return enemiesOf(state, 'w').every((e) => cheb(end, e.pos) >= 3)
    }
  },
  {
    id: 'pf.protector-stays',
    system: 'pathfinder1e',
    title: "Bodyguard beside its shaman, the fighter 4 squares off: stay by the ward, don't charge off",
    tags: ['protect'],
    ci: true,
    actorId: 'guard',
    build: () =>
      withProfile(
        position(
          [
            monster('guard', 5, 5, 14),
            {
              ...cleric({}, { pos: { x: 4, y: 5 }, life: 14 }),
              id: 'shaman',
              name: 'shaman',
              side: 'monsters'
            },
            hero('fighter', 9, 5, 20)
          ],
          'guard'
        ),
        'guard',
        { personality: 'protector' }
      ),
    // Whatever it does, it ends its step beside the shaman (ending the turn there included).
    accept: (step, state) => {
      if (step.command.type === 'turn.end') return true
      const a = declared(step)
      if (!a) return false
      return cheb(endOf(state, a, 'guard'), fig(state, 'shaman').pos) === 1
    }
  }
]
