import { statsSet } from '../../core/stats'
import type { GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import type { Combatant, EncounterState } from '../../core/types'
import { healthOf } from './health'
import { readSettings } from './settings'
import { abilityMod, readStats } from './stats'

// pathfinder1e.md §3.1: initiative is rolled once as the encounter starts. Ties go to the higher modifier,
// then to a seeded roll-off (G-5) or roster order; the tie order is written into the totals as a fraction
// (15 + 1/100 acts before 15) so the turn order can compare counts alone. The UI shows the whole part.

/** §3.1 [SRD]: the initiative modifier, Dex modifier + misc (Improved Initiative and the like). */
export function initiativeModifier(c: Combatant): number {
  const stats = readStats(c)
  return abilityMod(stats.abilities.dex) + stats.initiativeMisc
}

interface Rolled {
  c: Combatant
  total: number
  modifier: number
}

/** G-5: the tied roll a d20 each, highest first; those still tied roll again among themselves. */
function rollOff(tied: Rolled[], dice: DiceRoller, events: GameEvent[]): Rolled[] {
  if (tied.length < 2) return tied
  const faces = tied.map((r) => {
    const face = dice.roll(20, { purpose: 'pf1.initiative-tie', actorId: r.c.id })
    events.push({
      type: 'dice.rolled',
      actorId: r.c.id,
      purpose: 'pf1.initiative-tie',
      sides: 20,
      result: face,
      success: true
    })
    return face
  })
  const distinct = [...new Set(faces)].sort((a, b) => b - a)
  return distinct.flatMap((face) =>
    rollOff(
      tied.filter((_r, i) => faces[i] === face),
      dice,
      events
    )
  )
}

/** One tie group (equal totals) in acting order: higher modifier first, then the table's tie-break. */
function orderTie(group: Rolled[], rollOffs: boolean, dice: DiceRoller, events: GameEvent[]): Rolled[] {
  const modifiers = [...new Set(group.map((r) => r.modifier))].sort((a, b) => b - a)
  return modifiers.flatMap((m) => {
    const tied = group.filter((r) => r.modifier === m)
    return rollOffs ? rollOff(tied, dice, events) : tied
  })
}

/**
 * §3.1: every figure that is not dead rolls d20 + Dex modifier + misc (`roll.pf1.initiative`); ties are
 * broken as above and encoded as hundredths. Everyone is flat-footed until its first turn (§3.1, §3.5
 * ENCOUNTER_START), so figures not yet marked are marked here.
 */
export function rollInitiative(state: EncounterState, dice: DiceRoller): GameEvent[] {
  const rollOffs = readSettings(state).initiativeTieBreak === 'rollOff'
  const events: GameEvent[] = []
  const rolled: Rolled[] = []
  for (const c of state.combatants) {
    if (healthOf(c) === 'dead') continue
    const modifier = initiativeModifier(c)
    const total = dice.roll(20, { purpose: 'pf1.initiative', actorId: c.id }) + modifier
    events.push({
      type: 'dice.rolled',
      actorId: c.id,
      purpose: 'pf1.initiative',
      sides: 20,
      result: total,
      success: true
    })
    rolled.push({ c, total, modifier })
  }
  const counts = new Map<string, number>()
  for (const total of new Set(rolled.map((r) => r.total))) {
    const group = rolled.filter((r) => r.total === total)
    const ordered = orderTie(group, rollOffs, dice, events)
    // The first in a group of n gets (n − 1) hundredths, the last none: all stay below total + 1.
    const step = 1 / Math.max(100, ordered.length)
    ordered.forEach((r, i) => counts.set(r.c.id, total + (ordered.length - 1 - i) * step))
  }
  for (const r of rolled) {
    events.push({ type: 'initiative.rolled', id: r.c.id, total: counts.get(r.c.id) ?? r.total })
    const stats = readStats(r.c)
    if (!stats.flatFooted) events.push(statsSet(r.c, { ...stats, flatFooted: true }))
  }
  return events
}
