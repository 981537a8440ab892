import type { Action, Combatant, EncounterState } from '../../core/types'
import { cellsOf, cellKey, type Cell } from './grid'
import { healthOf } from './health'
import { areaTargets } from './spell-area'
import { harmsTarget } from './spell-touch'
import { validateCast } from './spell-validate'
import { spellById, type PfSpell } from './spells'
import { readStats } from './stats'
import { provocationsForAction } from './threat'

// The cast actions a figure could declare now (pathfinder1e.md §3.2 "Spells"), few enough for the AI to
// score them all: each targeted spell at each sensible target, bursts at the corners of each foe's squares,
// cones in the 8 directions, and — when a foe threatens the caster — the same casts made defensively (§3.4).

type Cast = Omit<Action, 'kind' | 'actorId'>

function cast(actor: Combatant, spell: PfSpell, rest: Cast): Action {
  return { kind: 'cast', actorId: actor.id, ...rest, options: { ...rest.options, spell: spell.id } }
}

function friends(state: EncounterState, actor: Combatant): Combatant[] {
  return state.combatants.filter((c) => c.side === actor.side)
}

function foes(state: EncounterState, actor: Combatant): Combatant[] {
  return state.combatants.filter((c) => c.side !== actor.side && !c.out)
}

/** Who a targeted spell is worth casting on: wounded friends (and undead foes, for cures), friends without the armor, foes otherwise. */
function sensibleTargets(state: EncounterState, actor: Combatant, spell: PfSpell): Combatant[] {
  switch (spell.effect.key) {
    case 'heal':
      return [
        ...friends(state, actor).filter(
          (c) => c.life < c.lifeMax && healthOf(c) !== 'dead' && !harmsTarget(spell, c)
        ),
        ...foes(state, actor).filter((c) => harmsTarget(spell, c))
      ]
    case 'armorBonus': {
      const { effect } = spell.effect
      return friends(state, actor).filter((c) => !c.out && !readStats(c).effects.some((e) => e.id === effect))
    }
    case 'condition': {
      const { effect } = spell.effect
      return foes(state, actor).filter((c) => !effect || !readStats(c).effects.some((e) => e.id === effect))
    }
    case 'damage':
      return foes(state, actor)
  }
}

/** The intersections at the corners of each foe's squares: where a burst catches that foe for sure. */
function burstPoints(state: EncounterState, actor: Combatant): Cell[] {
  const points = new Map<string, Cell>()
  for (const foe of foes(state, actor))
    for (const cell of cellsOf(foe))
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1]
      ] as const) {
        const p = { x: cell.x + dx, y: cell.y + dy }
        points.set(cellKey(p), p)
      }
  return [...points.values()]
}

/**
 * An area cast aimed as `aim`, with `targetId` = the first foe it affects (the AI scores actions by their
 * target); none when it catches no foe, or catches the caster or a friend (those stay declarable by hand).
 */
function areaCast(state: EncounterState, actor: Combatant, spell: PfSpell, aim: Cast): Action[] {
  const probe = cast(actor, spell, aim)
  const caught = areaTargets(state, actor, spell, probe)
  if (caught.some((c) => c.side === actor.side)) return []
  const first = caught.find((c) => c.side !== actor.side)
  return first ? [{ ...probe, targetId: first.id }] : []
}

function castsOf(state: EncounterState, actor: Combatant, spell: PfSpell): Action[] {
  if (spell.area?.shape === 'cone')
    return [0, 1, 2, 3, 4, 5, 6, 7].flatMap((facing) => areaCast(state, actor, spell, { facing }))
  if (spell.area?.shape === 'burst')
    return burstPoints(state, actor).flatMap((p) =>
      areaCast(state, actor, spell, { path: [{ x: p.x, y: p.y, z: actor.pos.z }] })
    )
  return sensibleTargets(state, actor, spell).map((t) => cast(actor, spell, { targetId: t.id }))
}

/** Whether the figure can still cast a spell with an area (a cone, a burst): uses left of a known area spell. */
export function hasAreaSpell(actor: Combatant): boolean {
  const stats = readStats(actor)
  if (!stats.castingAbility || !stats.spells) return false
  return stats.spells.some((slot) => slot.uses > 0 && spellById(slot.id)?.area !== undefined)
}

/**
 * Candidate `cast` actions for every spell the figure still has a cast of (`options.spell` = the spell id),
 * each one legal as declared. When a foe threatens the caster, each provoking cast also comes cast
 * defensively (`options.defensive = 1`: no attack of opportunity, a concentration check instead).
 */
export function spellActions(state: EncounterState, actor: Combatant): Action[] {
  const stats = readStats(actor)
  if (!stats.castingAbility || !stats.spells) return []
  const threatened = provocationsForAction(state, actor, 'cast').length > 0
  const out: Action[] = []
  const seen = new Set<string>()
  for (const slot of stats.spells) {
    const spell = spellById(slot.id)
    if (!spell || slot.uses <= 0 || seen.has(spell.id)) continue
    seen.add(spell.id)
    for (const action of castsOf(state, actor, spell)) {
      if (validateCast(state, actor, action)) continue
      out.push(action)
      if (threatened && spell.provokes) out.push({ ...action, options: { ...action.options, defensive: 1 } })
    }
  }
  return out
}
