import { footprintCells, isFractional } from '../../rules/core/footprint'
import { planGap } from '../../rules/core/inches/measure'
import { canonicalJson } from '../../rules/core/hash'
import { withSystemState } from '../../rules/core/system-state'
import type { Combatant, Command, EncounterState } from '../../rules/core/types'
import { isHelpless } from '../../rules/systems/pathfinder1e/defense'
import { InvariantError } from './invariant-error'

// The invariants every state of every ruleset keeps, checked by the random player after every accepted
// command (random-play.ts).

/** True when the rules let these two figures stand on a common square. */
export type MayShare = (state: EncounterState, a: Combatant, b: Combatant) => boolean

/**
 * What every ruleset allows: a tiny (fractional size) figure shares, and a rider sits on its mount (both
 * name each other in `stats.mountId` / `stats.riderId`). Pathfinder also lets a figure stop in a helpless
 * creature's square (canEndIn), so a paralyzed or held figure may be shared with. On a board measured in
 * inches (Carnevale) the "square" is one unit of position, and bases at other heights never block (one
 * figure on a bridge, one swimming under it: rules/core/inches/segments.ts), so only a common height counts.
 */
export function mayShareFor(system: string): MayShare {
  return (state, a, b) => {
    if (isFractional(a.size) || isFractional(b.size)) return true
    if (state.board.inches && a.pos.z !== b.pos.z) return true
    const sa = a.stats as { mountId?: string; riderId?: string }
    const sb = b.stats as { mountId?: string; riderId?: string }
    if (sa.mountId === b.id || sa.riderId === b.id || sb.mountId === a.id || sb.riderId === a.id) return true
    return system === 'pathfinder1e' && (isHelpless(a) || isHelpless(b))
  }
}

/** The invariants every state of every ruleset keeps; throws an InvariantError naming the broken one. */
export function checkInvariants(
  state: EncounterState,
  commands: readonly Command[],
  mayShare: MayShare
): void {
  const fail = (message: string, extra?: unknown): never => {
    throw new InvariantError(message, commands, extra)
  }
  // Life within its bounds; a figure at its floor is out of the fight.
  for (const c of state.combatants) {
    const min = c.lifeMin ?? 0
    if (!Number.isFinite(c.life) || c.life < min || c.life > c.lifeMax)
      fail(`life of ${c.id} out of [${min}, ${c.lifeMax}]`, { life: c.life })
    if (c.life <= min && !c.out) fail(`${c.id} at its life floor ${min} but not out`)
  }
  // No two standing figures on one square unless the rules allow it.
  const seen = new Map<string, Combatant[]>()
  for (const c of state.combatants.filter((x) => !x.out)) {
    for (const p of footprintCells(c.pos, c.size)) {
      const key = `${p.x},${p.y}`
      for (const o of seen.get(key) ?? [])
        if (!mayShare(state, c, o)) fail(`${c.id} and ${o.id} share square ${key}`)
      seen.set(key, [...(seen.get(key) ?? []), c])
    }
  }
  // On a measured table, bases standing at one height never overlap (rules/core/inches/segments.ts lets a
  // base at another height pass over or under; 0.1" allows the rounding of positions to whole units).
  if (state.board.inches) {
    const standing = state.combatants.filter((x) => !x.out)
    for (let i = 0; i < standing.length; i++)
      for (let j = i + 1; j < standing.length; j++) {
        const a = standing[i]!
        const b = standing[j]!
        if (a.pos.z === b.pos.z && planGap(state.board, a, b) < -0.1)
          fail(`the bases of ${a.id} and ${b.id} overlap`, { gap: planGap(state.board, a, b) })
      }
  }
  // Budgets never negative, in the running activation and in any set aside.
  const { turn } = state
  const economies = turn ? [turn.economy, ...(turn.paused ?? []).map((p) => p.economy)] : []
  for (const economy of economies)
    for (const [k, v] of Object.entries(economy.context)) if (!(v >= 0)) fail(`economy ${k} = ${v}`, economy)
  // The phase and the turn agree.
  if (state.phase === 'running' && !turn && !state.pending) fail('running without a turn')
  if (state.phase === 'ended' && (turn || state.pending)) fail('ended with a turn or a pending decision')
  if (turn && !state.combatants.some((c) => c.id === turn.activeId)) fail(`active ${turn.activeId} unknown`)
  if (state.phase === 'ended') checkVerdict(state, fail)
  // The ruleset's slice, kept event by event, is what a read of the whole log gives (its save migration).
  const { systemState: kept, ...bare } = state
  if (kept !== undefined) {
    const rebuilt = withSystemState(bare).systemState
    if (canonicalJson(rebuilt) !== canonicalJson(kept))
      fail('system state differs from its log', { kept, rebuilt })
  }
}

/**
 * An ended fight names a side of the encounter or a draw; without objectives, the last side standing is
 * the winner, so no figure of another side may stand (with objectives, a side that held out or escaped
 * wins with its foes still up).
 */
function checkVerdict(state: EncounterState, fail: (message: string, extra?: unknown) => never): void {
  const { winner } = state
  if (winner !== null && !state.sides.some((s) => s.id === winner)) fail(`winner ${winner} is no side`)
  if (winner === null || (state.objectives?.length ?? 0) > 0) return
  const standing = state.combatants.filter((c) => c.side !== winner && !c.out)
  if (standing.length > 0) fail(`${winner} won with ${standing.map((c) => c.id).join(', ')} still standing`)
}
