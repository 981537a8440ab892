import { ownValue } from '../../core/own-key'
import type { GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import type { Combatant, EncounterState } from '../../core/types'
import { reduceLevel, rollCheck } from './dice'
import { factsOf, isMalherido } from './health'
import { readSettings, type AthkriSettings } from './settings'
import { readStats } from './stats'

// athkri.md §4 Preparación: initiative once per combat, ties, and the extra Major actions it grants.

/** athkri.md §4 A2: Major actions per turn for an initiative result. */
export function majorsFor(total: number, rule: AthkriSettings['majorsRule']): number {
  if (rule === 'fromTwenty') return Math.max(1, Math.floor(total / 10))
  return total > 20 ? 1 + Math.floor((total - 20) / 10) : 1
}

/**
 * athkri.md §4 A17: everyone in the fight rolls Iniciativa + 1o3d10 once; ties the characteristic leaves
 * are settled by a seeded roll-off (G-1), rolled again among those still tied.
 */
export function rollInitiative(state: EncounterState, dice: DiceRoller): GameEvent[] {
  const settings = readSettings(state)
  const events: GameEvent[] = []
  const totals = new Map<string, number>()
  for (const c of state.combatants) {
    if (c.out) continue
    const reduced = reduceLevel(
      settings.initiativeDieLevel,
      isMalherido(state, c) ? 1 : 0,
      settings.lowStepPenalty
    )
    const made = rollCheck(
      dice,
      settings,
      {
        level: reduced.level,
        flat: readStats(c).iniciativa - reduced.penalty
      },
      { purpose: 'initiative', actorId: c.id }
    )
    // A kept 1 is no failure here: the initiative result is just a number.
    events.push({
      type: 'dice.rolled',
      actorId: c.id,
      purpose: 'initiative',
      sides: 10,
      result: made.total,
      success: true
    })
    totals.set(c.id, made.total)
    events.push({ type: 'initiative.rolled', id: c.id, total: made.total })
  }
  if (settings.initiativeTieBreak === 'rollOff') events.push(...rollOffs(state, totals, dice))
  return events
}

function rollOffs(state: EncounterState, totals: Map<string, number>, dice: DiceRoller): GameEvent[] {
  const events: GameEvent[] = []
  const groups = new Map<string, Combatant[]>()
  for (const c of state.combatants) {
    const total = totals.get(c.id)
    if (total === undefined) continue
    const key = `${total}:${readStats(c).iniciativa}`
    groups.set(key, [...(groups.get(key) ?? []), c])
  }
  const settle = (tied: Combatant[]): void => {
    if (tied.length < 2) return
    const faces = tied.map((c) => {
      const result = dice.roll(10, { purpose: 'initiativeTie', actorId: c.id })
      events.push({
        type: 'dice.rolled',
        actorId: c.id,
        purpose: 'initiativeTie',
        sides: 10,
        result,
        success: true
      })
      return result
    })
    // Figures that rolled the same face roll again among themselves.
    for (const face of new Set(faces)) settle(tied.filter((_c, i) => faces[i] === face))
  }
  for (const tied of groups.values()) settle(tied)
  return events
}

/** athkri.md §4: equal totals order by the Iniciativa characteristic, then by the roll-off faces (G-1). */
export function initiativeTieBreak(a: Combatant, b: Combatant, state: EncounterState): number {
  const byStat = readStats(b).iniciativa - readStats(a).iniciativa
  if (byStat !== 0) return byStat
  const { tieRolls } = factsOf(state)
  const ra = ownValue(tieRolls, a.id) ?? []
  const rb = ownValue(tieRolls, b.id) ?? []
  for (let i = 0; i < Math.max(ra.length, rb.length); i++) {
    const d = (rb[i] ?? 0) - (ra[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}
