import type { Campaign } from '../../../rules/core/schemas'
import type { Combatant, EncounterState } from '../../../rules/core/types'
import { footprintSideOf } from './map-edit-figures'

// What the editor reads from outside the map: background pictures and the figures a campaign holds.

/** Picture types a background may be (the save schema accepts these data: URLs). */
export const BACKGROUND_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const

/** The largest background file: 4 MB grows to ~5.4 MB of base64, under the schema's 6 MB of text. */
export const BACKGROUND_MAX_BYTES = 4 * 1024 * 1024

/** How many figures a resize to width × height would drop (their footprint no longer fits). */
export function droppedByResize(state: EncounterState, width: number, height: number): number {
  return state.combatants.filter((c) => {
    const n = footprintSideOf(c.size)
    return c.pos.x + n > width || c.pos.y + n > height
  }).length
}

/**
 * The figures the GM can copy onto a map: the campaign has no bestiary of its own, so its party and
 * monsters are the figures of all its encounters (this one first), one per kind (name without its
 * trailing number, side and size; the figures on the map now first), and only of the sides this encounter has.
 */
export function figureModels(campaign: Campaign, encounterId: string, state: EncounterState): Combatant[] {
  const sides = new Set(state.sides.map((s) => s.id))
  // The saved start of this encounter too: a figure removed while editing can still be put back.
  const own = campaign.encounters.filter((e) => e.id === encounterId)
  const others = [...own, ...campaign.encounters.filter((e) => e.id !== encounterId)].flatMap(
    (e) => e.initial.combatants
  )
  const seen = new Set<string>()
  const models: Combatant[] = []
  for (const c of [...state.combatants, ...others]) {
    const kind = `${c.name.replace(/\s+\d+$/, '')}|${c.side}|${c.size ?? 1}`
    if (!sides.has(c.side) || seen.has(kind)) continue
    seen.add(kind)
    models.push(c as Combatant)
  }
  return models
}
