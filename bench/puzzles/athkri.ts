import type { EncounterState } from '../../rules/core/types'
import { FRONT_FLANK_BACK, relativeSector } from '../../rules/core/geometry'
import { athkri } from '../../rules/systems/athkri'
import { makeEncounter, type FigureSpec } from '../../rules/systems/athkri/test-fixtures'
import { cheb, declared, endOf, enemiesOf, fig, fleesAll, play, thenCan, withProfile } from './helpers'
import type { Puzzle } from './types'

// Athkri (athkri.md): 1o3d10 against Defensa (or an opposed dodge, §5.2), a Major and a Minor action a turn
// (a Minor walks half the Movimiento), flanking +2 when two foes reach the target, +4 from behind (§5.2),
// Malherido drops the kept die. Monsters are orcs (Físico 5, Combate 4, battle-axe, Defensa 13, 20 PS).

const orc = (id: string, at: readonly [number, number], facing = 2): FigureSpec => ({
  id,
  side: 'm',
  at,
  facing,
  creature: 'athkri:orco'
})

const MELEE = ['melee', 'twoWeapons']

/** The orc's axe blow on the hero, halted at the hero's choice of passive Defensa or dodge (§5.2). */
function dodgePosition(hero: FigureSpec): EncounterState {
  const s = makeEncounter({
    figures: [orc('orc', [5, 5]), { ...hero, id: 'hero', side: 'h', at: [6, 5], facing: 6 }]
  })
  return play(s, athkri, {
    type: 'action.declare',
    action: { kind: 'melee', actorId: 'orc', targetId: 'hero' }
  })
}

const answered = (step: Parameters<Puzzle['accept']>[0], choice: string) =>
  step.command.type === 'decision.answer' &&
  step.command.decisionId === 'athkri.dodge' &&
  step.command.choice === choice

/** Athkri puzzles: passive Defensa or dodge, finishing the healer, back and flank, the archer, fleeing. */
export const athkriPuzzles: Puzzle[] = [
  {
    id: 'ath.defence-passive',
    system: 'athkri',
    title: "Warrior (Defensa 15, Esquivar 2) under an orc's axe: keep the passive Defensa",
    tags: ['decision', 'defence'],
    ci: true,
    actorId: 'hero',
    // By the rules' exact odds: passive ≈ 2.75 expected damage, dodging ≈ 4.90.
    build: () => dodgePosition({ id: 'hero', at: [6, 5], creature: 'athkri:guerrera' }),
    accept: (step) => answered(step, 'passive')
  },
  {
    id: 'ath.defence-dodge',
    system: 'athkri',
    title: "Unarmoured duellist (Defensa 8, Esquivar 6) under an orc's axe: dodge",
    tags: ['decision', 'defence'],
    ci: true,
    actorId: 'hero',
    // By the rules' exact odds: passive ≈ 5.35 expected damage, dodging ≈ 3.07.
    build: () =>
      dodgePosition({
        id: 'hero',
        at: [6, 5],
        creature: 'athkri:guerrera',
        stats: { defensa: 8, skills: { esquivar: 6 } }
      }),
    accept: (step) => answered(step, 'dodge')
  },
  {
    id: 'ath.finish-healer',
    system: 'athkri',
    title: 'Orc beside the fresh warrior and the badly wounded acolyte (3 PS): cut the healer down',
    tags: ['finish', 'focus'],
    ci: true,
    actorId: 'orc',
    build: () =>
      makeEncounter({
        figures: [
          orc('orc', [5, 5]),
          { id: 'warrior', side: 'h', at: [4, 5], facing: 2, creature: 'athkri:guerrera' },
          { id: 'acolyte', side: 'h', at: [6, 5], facing: 6, creature: 'athkri:clerigo-acolito', life: 3 }
        ]
      }),
    // The blow now, or a Minor walk (to her back, say) that leaves the Major to strike her.
    accept: (step, state) => {
      const a = declared(step)
      if (a?.kind === 'move') return thenCan(state, athkri, step, 'orc', 'acolyte', MELEE)
      return a !== null && MELEE.includes(a.kind) && a.targetId === 'acolyte'
    }
  },
  {
    id: 'ath.back-and-flank',
    system: 'athkri',
    title:
      'Second orc: come in behind the warrior its ally is fighting (+2 flank, +4 back) with the Major left to strike',
    tags: ['flank', 'back'],
    ci: true,
    actorId: 'orc2',
    // The warrior faces west toward orc1; orc2 starts north-east of her, its rear squares two steps away.
    build: () =>
      makeEncounter({
        figures: [
          orc('orc2', [8, 2], 4),
          orc('orc1', [4, 5]),
          { id: 'warrior', side: 'h', at: [5, 5], facing: 6, creature: 'athkri:guerrera' }
        ]
      }),
    accept: (step, state) => {
      const a = declared(step)
      if (a?.kind !== 'move') return false
      const w = fig(state, 'warrior')
      const end = endOf(state, a, 'orc2')
      if (cheb(end, w.pos) !== 1 || relativeSector(end, w.pos, w.facing, FRONT_FLANK_BACK) !== 'back')
        return false
      return thenCan(state, athkri, step, 'orc2', 'warrior', MELEE)
    }
  },
  {
    id: 'ath.archer-shoots',
    system: 'athkri',
    title:
      'Goblin archer 6 squares from the warrior: shoot now (or step and shoot), not walk up to her and lose the shot',
    tags: ['kite', 'ranged'],
    ci: true,
    actorId: 'archer',
    build: () =>
      makeEncounter({
        figures: [
          { id: 'archer', side: 'm', at: [3, 5], facing: 2, creature: 'athkri:goblin-arquero' },
          { id: 'warrior', side: 'h', at: [9, 5], facing: 6, creature: 'athkri:guerrera' }
        ]
      }),
    accept: (step, state) => {
      const a = declared(step)
      if (a?.kind === 'ranged') return true
      if (a?.kind !== 'move') return false
      const end = endOf(state, a, 'archer')
      return (
        enemiesOf(state, 'archer').every((e) => cheb(end, e.pos) >= 2) &&
        thenCan(state, athkri, step, 'archer', null, ['ranged'])
      )
    }
  },
  {
    id: 'ath.coward-flees',
    system: 'athkri',
    title: 'Coward goblin archer, badly wounded (2 PS) beside the warrior: get away',
    tags: ['flee', 'coward'],
    ci: false,
    actorId: 'archer',
    build: () =>
      withProfile(
        makeEncounter({
          figures: [
            { id: 'archer', side: 'm', at: [5, 5], facing: 2, creature: 'athkri:goblin-arquero', life: 2 },
            { id: 'warrior', side: 'h', at: [6, 5], facing: 6, creature: 'athkri:guerrera' }
          ]
        }),
        'archer',
        { personality: 'coward' }
      ),
    accept: (step, state) => fleesAll(state, step, 'archer')
  }
]
