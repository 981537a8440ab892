import type { Cell, Combatant, Command, EncounterState, Objective } from '../../rules/core/types'
import { hostileCommand } from './hostile-commands'
import type { Choice, Planned } from './step-plan'

// Issue 18: random play must reach the end of a fight, or the end's whole path goes untested: the
// verdict, objectives, the ended state, commands refused after it, replay and undo across it. Random moves
// and swings alone almost never finish a side, so the random player gets help of two kinds: encounter
// variants that add an objective (hold out for a round or two, escape, protect a ward), and the GM's
// finishing blow (the token HUD's life edit) on the side with the fewest figures left.

/** How a run's encounter differs from the sample: as it is, or with one objective added. */
export type VariantKind = 'asIs' | 'survive' | 'protect' | 'escape'

const KINDS: readonly VariantKind[] = ['asIs', 'asIs', 'asIs', 'survive', 'protect', 'escape']

/** The squares two steps from any of the figures, on the board: an exit a figure must walk to. */
function ringAround(state: EncounterState, figures: readonly Combatant[]): Cell[] {
  const cells = new Map<string, Cell>()
  for (const f of figures)
    for (let dx = -2; dx <= 2; dx++)
      for (let dy = -2; dy <= 2; dy++) {
        const x = f.pos.x + dx
        const y = f.pos.y + dy
        const inside = x >= 0 && y >= 0 && x < state.board.width && y < state.board.height
        if (inside && Math.max(Math.abs(dx), Math.abs(dy)) === 2) cells.set(`${x},${y}`, { x, y })
      }
  return [...cells.values()]
}

/**
 * The run's encounter, picked by `pick`: the sample as it is (half the runs), or with an objective for one
 * of its sides. Exits are squares, so a board measured in inches (Carnevale) holds out instead of escaping.
 */
export function encounterVariant(
  initial: EncounterState,
  pick: number
): { kind: VariantKind; state: EncounterState } {
  // The same variant is the same object across runs, so what is cached per state (the initial state's
  // whole save check, legal action lists) is worked out once.
  let variants = made.get(initial)
  if (!variants) made.set(initial, (variants = new Map()))
  const key = `${pick % KINDS.length} ${(pick >> 3) % initial.sides.length} ${(pick >> 6) % 64}`
  let variant = variants.get(key)
  if (!variant) variants.set(key, (variant = makeVariant(initial, pick)))
  return variant
}

const made = new WeakMap<EncounterState, Map<string, { kind: VariantKind; state: EncounterState }>>()

function makeVariant(initial: EncounterState, pick: number): { kind: VariantKind; state: EncounterState } {
  const side = initial.sides[(pick >> 3) % initial.sides.length]!.id
  const figures = initial.combatants.filter((c) => c.side === side)
  const wanted = KINDS[pick % KINDS.length]!
  // A side without figures (random-play.test.ts's one-sided board) has nothing to hold, guard or lead out.
  const kind =
    figures.length === 0 ? 'asIs' : wanted === 'escape' && initial.board.inches ? 'survive' : wanted
  const objective = ((): Objective | null => {
    switch (kind) {
      case 'asIs':
        return null
      case 'survive':
        return { kind: 'survive', side, rounds: 1 + ((pick >> 6) % 2) }
      case 'protect':
        return { kind: 'protect', side, figureId: figures[(pick >> 6) % figures.length]!.id }
      case 'escape':
        return { kind: 'escape', side, cells: ringAround(initial, figures), count: 1 }
    }
  })()
  if (!objective) return { kind, state: initial }
  return { kind, state: { ...initial, objectives: [...(initial.objectives ?? []), objective] } }
}

/**
 * The GM's life edit: mostly a finishing blow on a standing figure of the side with the fewest left (down
 * to its floor, which is death at −Con in Pathfinder; now and then to 0, PF's disabled, still up), else a
 * wound or a healing of any figure, which may bring one that was out back in.
 */
export function gmLifeEdit(state: EncounterState, choice: Choice): Planned {
  const [roll, a, b] = choice
  const standing = state.combatants.filter((c) => !c.out)
  const count = (side: string) => standing.filter((c) => c.side === side).length
  const sides = state.sides.map((s) => s.id).filter((id) => count(id) > 0)
  const fewest = Math.min(...sides.map(count))
  const weakest = sides.filter((id) => count(id) === fewest)
  const side = weakest[a % weakest.length]
  if (roll % 4 !== 0 && side !== undefined) {
    const figures = standing.filter((c) => c.side === side)
    const figure = figures[b % figures.length]!
    const life = b % 5 === 0 ? 0 : (figure.lifeMin ?? 0)
    const command: Command = { type: 'life.set', id: figure.id, life }
    return life === figure.life
      ? { command, expect: 'refuse', code: 'lifeUnchanged' }
      : { command, expect: 'accept' }
  }
  const figure = state.combatants[a % state.combatants.length]!
  const floor = figure.lifeMin ?? 0
  const life = floor + (b % (figure.lifeMax - floor + 1))
  return { command: { type: 'life.set', id: figure.id, life }, expect: 'either' }
}

/**
 * A command tried once the fight has ended: any of them is refused, a new start as already started, one
 * the save schema refuses by the contract, everything else as not running.
 */
export function afterTheEnd(state: EncounterState, choice: Choice): Planned {
  const [roll, a, b] = choice
  const figure = state.combatants[a % state.combatants.length]!
  if (roll < 15) return { ...hostileCommand(state, figure, b), expect: 'refuse', hostile: true }
  if (roll < 30) return { command: { type: 'encounter.start' }, expect: 'refuse', code: 'alreadyStarted' }
  const step = { x: figure.pos.x + 1, y: figure.pos.y, z: figure.pos.z }
  const commands: Command[] = [
    { type: 'turn.end' },
    { type: 'activation.select', actorId: figure.id },
    { type: 'action.declare', action: { kind: 'move', actorId: figure.id, path: [step] } },
    { type: 'life.set', id: figure.id, life: figure.life === figure.lifeMax ? 0 : figure.lifeMax }
  ]
  return { command: commands[b % commands.length]!, expect: 'refuse', code: 'notRunning' }
}
