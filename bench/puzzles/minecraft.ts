import { FRONT_FLANK_BACK, relativeSector } from '../../rules/core/geometry'
import type { EncounterState, Vec3 } from '../../rules/core/types'
import { makeEncounter } from '../../rules/systems/minecraft/test-fixtures'
import { cheb, declared, endOf, enemiesOf, fig, fleesAll, withProfile } from './helpers'
import type { Puzzle } from './types'

// Minecraft (minecraft.md): d10 roll-under, 3 AP (1 a square, melee 1, ranged 2), no reactions, facing with
// flank (+3 to hit) and back (automatic hit) sectors. Steve faces west (6) toward the monsters unless said.

/** The sector of `target` an attacker standing at `at` would strike (minecraft.md §2 facing). */
function sectorAt(state: EncounterState, at: Vec3, targetId: string): string {
  const t = fig(state, targetId)
  return relativeSector(at, t.pos, t.facing, FRONT_FLANK_BACK)
}

/** A step that moves (or stays) next to `targetId` in one of `sectors` of its facing. */
function endsIn(
  state: EncounterState,
  step: Parameters<Puzzle['accept']>[0],
  actorId: string,
  targetId: string,
  sectors: string[]
) {
  const a = declared(step)
  // One square: the second of the 2 AP must be left for the blow.
  if (!a || a.kind !== 'move' || a.path?.length !== 1) return false
  const end = endOf(state, a, actorId)
  return cheb(end, fig(state, targetId).pos) === 1 && sectors.includes(sectorAt(state, end, targetId))
}

const steve = { id: 'steve', side: 'h', creature: 'minecraft:steve', facing: 6 } as const

/** Minecraft puzzles: back and flank sectors, shooting, focus, personalities. */
export const minecraftPuzzles: Puzzle[] = [
  {
    id: 'mc.back-attack',
    system: 'minecraft',
    title: 'Zombie with 2 AP: step behind Steve for the automatic hit, not to his flank',
    tags: ['flank', 'back'],
    ci: true,
    actorId: 'zombie',
    // From (8,3) one step reaches Steve's flank (7,4) or his back (8,4); either leaves 1 AP for one blow.
    // Back: hit certain, wound 1/2. Flank: hit 1/2 (T = 2 + 3), so half as likely to wound.
    build: () =>
      makeEncounter({
        figures: [
          { id: 'zombie', side: 'z', at: [8, 3], facing: 4, creature: 'minecraft:zombie' },
          { ...steve, at: [7, 5] }
        ],
        ap: 2
      }),
    accept: (step, state) => endsIn(state, step, 'zombie', 'steve', ['back'])
  },
  {
    id: 'mc.flank',
    system: 'minecraft',
    title: 'Zombie with 2 AP: strike from the flank (+3) rather than the front when the back is out of reach',
    tags: ['flank'],
    ci: true,
    actorId: 'zombie',
    // From (6,3) one step reaches Steve's front (6,4) or his flank (7,4); his back is two steps away.
    build: () =>
      makeEncounter({
        figures: [
          { id: 'zombie', side: 'z', at: [6, 3], facing: 4, creature: 'minecraft:zombie' },
          { ...steve, at: [7, 5] }
        ],
        ap: 2
      }),
    accept: (step, state) => endsIn(state, step, 'zombie', 'steve', ['flank', 'back'])
  },
  {
    id: 'mc.shoot',
    system: 'minecraft',
    title: 'Skeleton with a clear shot at 4 squares: shoot rather than walk into melee',
    tags: ['kite', 'ranged'],
    ci: true,
    actorId: 'skeleton',
    build: () =>
      makeEncounter({
        figures: [
          { id: 'skeleton', side: 'z', at: [3, 5], facing: 2, creature: 'minecraft:skeleton' },
          { ...steve, at: [7, 5] }
        ]
      }),
    // A shot now, or one step that keeps it unengaged and in the same +1 band (it can still shoot after).
    accept: (step, state) => {
      const a = declared(step)
      if (a?.kind === 'ranged') return true
      if (a?.kind !== 'move' || (a.path?.length ?? 0) !== 1) return false
      const end = endOf(state, a, 'skeleton')
      return enemiesOf(state, 'skeleton').every((e) => cheb(end, e.pos) >= 2 && cheb(end, e.pos) <= 5)
    }
  },
  {
    id: 'mc.focus',
    system: 'minecraft',
    title: 'Zombie between two heroes: hit the one an ally already wounded (1 life left)',
    tags: ['focus', 'finish'],
    ci: true,
    actorId: 'zombie',
    build: () =>
      makeEncounter({
        figures: [
          { id: 'zombie', side: 'z', at: [5, 5], facing: 2, creature: 'minecraft:zombie' },
          { ...steve, at: [6, 5], life: 5 },
          { id: 'alex', side: 'h', at: [4, 5], facing: 2, creature: 'minecraft:alex', life: 1 }
        ]
      }),
    // The blow on Alex now, or a step of at most 2 squares to her side or back that leaves AP to strike her.
    accept: (step, state) => {
      const a = declared(step)
      if (a?.kind === 'melee') return a.targetId === 'alex'
      if (a?.kind !== 'move' || (a.path?.length ?? 3) > 2) return false
      return cheb(endOf(state, a, 'zombie'), fig(state, 'alex').pos) === 1
    }
  },
  {
    id: 'mc.mindless-nearest',
    system: 'minecraft',
    title: 'Mindless zombie goes for the nearest hero, not the wounded one further away',
    tags: ['mindless'],
    ci: true,
    actorId: 'zombie',
    build: () =>
      withProfile(
        makeEncounter({
          figures: [
            { id: 'zombie', side: 'z', at: [5, 5], facing: 2, creature: 'minecraft:zombie' },
            { ...steve, at: [7, 5] },
            { id: 'alex', side: 'h', at: [5, 9], facing: 0, creature: 'minecraft:alex', life: 1 }
          ]
        }),
        'zombie',
        { personality: 'mindless' }
      ),
    // Steve is 2 squares away, Alex 4: any step that ends closer to Steve than it started, or hits him.
    accept: (step, state) => {
      const a = declared(step)
      if (!a) return false
      if (a.targetId) return a.targetId === 'steve'
      if (a.kind !== 'move') return false
      const s = fig(state, 'steve').pos
      return cheb(endOf(state, a, 'zombie'), s) < cheb(fig(state, 'zombie').pos, s)
    }
  },
  {
    id: 'mc.coward-flees',
    system: 'minecraft',
    title: 'Coward skeleton at 1 life next to Steve: get away, not trade blows',
    tags: ['flee', 'coward'],
    ci: true,
    actorId: 'skeleton',
    build: () =>
      withProfile(
        makeEncounter({
          figures: [
            { id: 'skeleton', side: 'z', at: [5, 5], facing: 2, creature: 'minecraft:skeleton', life: 1 },
            { ...steve, at: [6, 5] }
          ]
        }),
        'skeleton',
        { personality: 'coward' }
      ),
    accept: (step, state) => fleesAll(state, step, 'skeleton')
  }
]
