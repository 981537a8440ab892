import type { EncounterState } from '../../rules/core/types'
import { FRONT_FLANK_BACK, relativeSector } from '../../rules/core/geometry'
import { hq2 } from '../../rules/systems/hq2'
import { makeEncounter } from '../../rules/systems/hq2/test-fixtures'
import { cheb, declared, endOf, fig, fleesAll, play, withProfile } from './helpers'
import type { Puzzle } from './types'

// HQ2 (hq2.md): skulls against shields, one action plus free movement (orthogonal steps), no reactions; an
// attack from behind halves the defence (§4.3), and a defender may trade its basic defence for a skill
// (§4.8). Positions: an orc (attack 13, defence 6, 8 MP) against heroes.

const orc = (at: readonly [number, number], facing = 2) =>
  ({ id: 'orc', side: 'm', at, facing, creature: 'hq2:orc' }) as const

/**
 * The orc's blow on the elf, halted at the elf's choice of defence (hq2.md §4.8): `defenseBase` and
 * `esquivar` set which defence leaves it less damage.
 */
function defencePosition(defenseBase: number, esquivar: number): EncounterState {
  const s = makeEncounter({
    beings: [
      orc([5, 5]),
      { id: 'elf', side: 'h', at: [6, 5], facing: 6, life: 30, stats: { defenseBase, skills: { esquivar } } }
    ]
  })
  return play(s, hq2, { type: 'action.declare', action: { kind: 'melee', actorId: 'orc', targetId: 'elf' } })
}

const answered = (step: Parameters<Puzzle['accept']>[0], choice: string) =>
  step.command.type === 'decision.answer' &&
  step.command.decisionId === 'hq2.defense' &&
  step.command.choice === choice

/** HQ2 puzzles: the defender's choice of defence, attacks from behind, finishing, fleeing. */
export const hq2Puzzles: Puzzle[] = [
  {
    id: 'hq2.defence-dodge',
    system: 'hq2',
    title: "Elf with a poor defence (2) and Esquivar 4 under the orc's blow: dodge",
    tags: ['decision', 'defence'],
    ci: true,
    actorId: 'elf',
    // By the rules' exact odds: basic defence leaves ≈ 7.8 damage, dodging ≈ 0.16.
    build: () => defencePosition(2, 4),
    accept: (step) => answered(step, 'dodge')
  },
  {
    id: 'hq2.defence-basic',
    system: 'hq2',
    title: 'Elf in heavy armour (defence 40) with an untrained Esquivar 0: keep the basic defence',
    tags: ['decision', 'defence'],
    ci: true,
    actorId: 'elf',
    // By the rules' exact odds: basic defence leaves ≈ 0.14 damage, dodging ≈ 2.3.
    build: () => defencePosition(40, 0),
    accept: (step) => answered(step, 'basic')
  },
  {
    id: 'hq2.back-attack',
    system: 'hq2',
    title: "Orc with 8 MP: walk round to the barbarian's back (defence halved) before striking",
    tags: ['flank', 'back'],
    ci: true,
    actorId: 'orc',
    build: () =>
      makeEncounter({
        beings: [
          orc([4, 3]),
          { id: 'barbarian', side: 'h', at: [6, 5], facing: 6, creature: 'hq2:barbarian' }
        ]
      }),
    // Any walk that ends in one of the three squares behind him (hq2.md §2 rear squares).
    accept: (step, state) => {
      const a = declared(step)
      if (a?.kind !== 'move') return false
      const b = fig(state, 'barbarian')
      const end = endOf(state, a, 'orc')
      return cheb(end, b.pos) === 1 && relativeSector(end, b.pos, b.facing, FRONT_FLANK_BACK) === 'back'
    }
  },
  {
    id: 'hq2.finish-wizard',
    system: 'hq2',
    title: 'Orc between the fresh barbarian and the wizard at 2 Body Points: take the wizard out',
    tags: ['finish', 'focus'],
    ci: true,
    actorId: 'orc',
    build: () =>
      makeEncounter({
        beings: [
          orc([5, 5]),
          { id: 'barbarian', side: 'h', at: [4, 5], facing: 2, creature: 'hq2:barbarian' },
          { id: 'wizard', side: 'h', at: [6, 5], facing: 6, creature: 'hq2:wizard', life: 2 }
        ]
      }),
    // Strike the wizard now, or first step round to its back (HQ2 has no attacks of opportunity, and a
    // being keeps its attack after moving): from behind its defence is halved, so the kill is likelier.
    accept: (step, state) => {
      const a = declared(step)
      if (a?.targetId === 'wizard' && a.kind !== 'face') return true
      if (a?.kind !== 'move') return false
      const w = fig(state, 'wizard')
      const end = endOf(state, a, 'orc')
      return cheb(end, w.pos) === 1 && relativeSector(end, w.pos, w.facing, FRONT_FLANK_BACK) === 'back'
    }
  },
  {
    id: 'hq2.coward-flees',
    system: 'hq2',
    title: 'Coward goblin at 1 Body Point next to the barbarian: run (no attacks of opportunity here)',
    tags: ['flee', 'coward'],
    ci: true,
    actorId: 'goblin',
    build: () =>
      withProfile(
        makeEncounter({
          beings: [
            { id: 'goblin', side: 'm', at: [5, 5], facing: 2, creature: 'hq2:goblin', life: 1 },
            { id: 'barbarian', side: 'h', at: [6, 5], facing: 6, creature: 'hq2:barbarian' }
          ]
        }),
        'goblin',
        { personality: 'coward' }
      ),
    accept: (step, state) => fleesAll(state, step, 'goblin')
  }
]
