import type { DiceRoller } from '../../core/rng'
import type { Action, Combatant, EncounterState } from '../../core/types'
import { attackRoutine, type AttackSlot } from './attack-routine'
import { splitDamage } from './attack-math'
import type { Chain } from '../../core/chain'
import { applyDamage } from './damage'
import { cmb, cmd, isHelpless } from './defense'
import { pfDistanceSquares, sideOf, type Cell } from './grid'
import {
  adjacent,
  changeStats,
  maneuverCheck,
  rollCheck,
  withConditions,
  withoutConditions,
  type GrappleOption
} from './maneuver-check'
import { canEndIn } from './movement'
import { freed } from './maneuver-release'
import { hasCondition, readStats } from './stats'

// pathfinder1e.md §4.11 Grapple [TEXT L459; SRD for the options, A11]: the hold, maintaining it (+5) with one
// option per success (damage, pin, move, tie up) or releasing it, and breaking free (CMB or Escape Artist
// against the grappler's CMD; 20 + the binder's CMB against bonds, where a natural 20 is no success, §4.10).

/**
 * The top-left squares where `mover` would stand touching `anchor`, in a fixed order: clockwise round the
 * anchor starting at its north-west corner (north row west to east, east column, south row, west column).
 */
export function squaresAround(anchor: Combatant, mover: Combatant): Cell[] {
  const a = sideOf(anchor)
  const m = sideOf(mover)
  const [x0, y0, x1, y1] = [anchor.pos.x - m, anchor.pos.y - m, anchor.pos.x + a, anchor.pos.y + a]
  const ring: Cell[] = []
  for (let x = x0; x <= x1; x++) ring.push({ x, y: y0 })
  for (let y = y0 + 1; y <= y1; y++) ring.push({ x: x1, y })
  for (let x = x1 - 1; x >= x0; x--) ring.push({ x, y: y1 })
  for (let y = y1 - 1; y > y0; y--) ring.push({ x: x0, y })
  return ring
}

/** The free squares beside `anchor` where `mover` may stand (not its own square), in `squaresAround` order. */
export function freeSquaresAround(state: EncounterState, anchor: Combatant, mover: Combatant): Cell[] {
  return squaresAround(anchor, mover).filter(
    (c) => !(c.x === mover.pos.x && c.y === mover.pos.y) && canEndIn(state, mover, c)
  )
}

/**
 * §4.11: where a grappled target not adjacent is pulled: the free square beside the grappler nearest to it
 * (by §2 distance, then straight-line distance, then `squaresAround` order).
 */
export function pullSquare(state: EncounterState, grappler: Combatant, target: Combatant): Cell | undefined {
  const free = freeSquaresAround(state, grappler, target)
  const away = (c: Cell) => {
    const dx = c.x - target.pos.x
    const dy = c.y - target.pos.y
    return [pfDistanceSquares(dx, dy), dx * dx + dy * dy] as const
  }
  const closer = (a: Cell, b: Cell) => {
    const [pa, ea] = away(a)
    const [pb, eb] = away(b)
    return pa < pb || (pa === pb && ea < eb)
  }
  return free.reduce<Cell | undefined>((best, c) => (!best || closer(c, best) ? c : best), undefined)
}

/**
 * The `move` option's destination: the square the action names (`path[0]`) when it is free and beside the
 * grappler, else the first free one in `squaresAround` order (we move only the target: the grappler stays).
 */
export function moveSquare(
  state: EncounterState,
  grappler: Combatant,
  target: Combatant,
  action: Action
): Cell | undefined {
  const free = freeSquaresAround(state, grappler, target)
  const wanted = action.path?.[0]
  if (wanted) return free.find((c) => c.x === wanted.x && c.y === wanted.y)
  return free[0]
}

function place(chain: Chain, id: string, to: Cell): void {
  const from = chain.figure(id).pos
  chain.emit([{ type: 'pushed', id, from, to: { x: to.x, y: to.y, z: from.z } }])
}

/** Both figures grappled; the initiator (or an escapee turning the hold, never pinned) controls it (§4.11). */
function hold(chain: Chain, grapplerId: string, targetId: string): void {
  changeStats(chain, grapplerId, (s) => ({
    ...withConditions(withoutConditions(s, 'pinned'), 'grappled'),
    grapple: { with: targetId, controls: true }
  }))
  changeStats(chain, targetId, (s) => ({
    ...withConditions(s, 'grappled'),
    grapple: { with: grapplerId, controls: false }
  }))
}

/** Ends a grapple for both figures: no link, neither grappled nor pinned. */
export function endGrapple(chain: Chain, aId: string, bId: string): void {
  changeStats(chain, aId, freed)
  changeStats(chain, bId, freed)
}

/** `grapple` after its reactions: the check, then the hold, pulling a target at reach beside the grappler. */
export function resolveGrapple(chain: Chain, action: Action, dice: DiceRoller, penalty: number): void {
  const { actorId, targetId } = action
  if (!targetId) return
  const check = maneuverCheck(chain.state, chain.figure(actorId), chain.figure(targetId), action, 'grapple', {
    penalty
  })
  if (!rollCheck(chain, dice, actorId, 'pf1.grapple', check).success) return
  const grappler = chain.figure(actorId)
  const target = chain.figure(targetId)
  if (!adjacent(grappler, target)) {
    // §4.11: a target that is not adjacent is moved beside the grappler; with no room, the grapple fails.
    const to = pullSquare(chain.state, grappler, target)
    if (!to) return
    place(chain, targetId, to)
  }
  hold(chain, actorId, targetId)
}

/**
 * The attack whose damage the `damage` option deals (§4.11): unarmed, natural, light or one-handed; a figure
 * holding a two-handed or ranged weapon deals unarmed damage.
 */
export function grappleDamageSlot(actor: Combatant): AttackSlot | undefined {
  const slot = attackRoutine(actor, 'single')[0]
  const weapon =
    slot?.source === 'weapon' ? readStats(actor).weapons.find((w) => w.id === slot.id) : undefined
  const fits =
    slot && !slot.ranged && (!weapon || weapon.handedness === 'light' || weapon.handedness === 'one')
  return fits ? slot : attackRoutine(actor, 'single', { weaponId: 'unarmed' })[0]
}

/** Whether the `damage` option deals nonlethal damage: the attack's own kind, or the grappler's choice. */
export function grappleNonlethal(slot: AttackSlot, action: Action): boolean {
  return slot.nonlethal || action.options?.nonlethal === 1
}

function dealDamage(chain: Chain, action: Action, targetId: string, dice: DiceRoller): void {
  const slot = grappleDamageSlot(chain.figure(action.actorId))
  if (!slot) return
  let total = slot.damage.bonus
  for (let i = 0; i < slot.damage.count; i++) {
    const face = dice.roll(slot.damage.sides, { purpose: 'pf1.damage', actorId: action.actorId })
    chain.emit([
      {
        type: 'dice.rolled',
        actorId: action.actorId,
        purpose: 'pf1.damage',
        sides: slot.damage.sides,
        result: face,
        success: true
      }
    ])
    total += face
  }
  const amount = splitDamage(total, { nonlethal: grappleNonlethal(slot, action) })
  applyDamage(chain, targetId, amount, 'pf1.grapple', dice, { singleAttack: true })
}

/** §4.11 tie up: −10 unless the target is pinned, tied up or helpless (unconscious, paralyzed...). */
export function tieUpPenalty(target: Combatant): number {
  const s = readStats(target)
  return hasCondition(s, 'pinned') || hasCondition(s, 'tiedUp') || isHelpless(target) ? 0 : -10
}

/**
 * `grappleMaintain {targetId, options.option}`: release is free and rolls nothing; otherwise the check at +5
 * (tie up −10 against a target only grappled). Failure ends the hold; success keeps it and does the option.
 * A pin lasts as long as the hold (later options do not lift it).
 * A tied-up target leaves the grapple bound (tiedUp) and keeps a link to its binder, whose CMB sets the DC
 * of its bonds; the binder is free.
 */
export function resolveMaintain(chain: Chain, action: Action, dice: DiceRoller): void {
  const { actorId, targetId } = action
  const option = action.options?.option as GrappleOption | undefined
  if (!targetId || !option) return
  if (option === 'release') return endGrapple(chain, actorId, targetId)
  const target = chain.figure(targetId)
  const extra = option === 'tieUp' ? tieUpPenalty(target) : 0
  const check = maneuverCheck(chain.state, chain.figure(actorId), target, action, 'grapple', {
    maintain: true,
    extra
  })
  if (!rollCheck(chain, dice, actorId, 'pf1.grappleMaintain', check).success)
    return endGrapple(chain, actorId, targetId)
  switch (option) {
    case 'pin':
      return changeStats(chain, targetId, (s) => withConditions(s, 'pinned'))
    case 'damage':
      return dealDamage(chain, action, targetId, dice)
    case 'move': {
      const to = moveSquare(chain.state, chain.figure(actorId), target, action)
      return to ? place(chain, targetId, to) : undefined
    }
    case 'tieUp':
      changeStats(chain, targetId, (s) =>
        withConditions(withoutConditions(s, 'grappled', 'pinned'), 'tiedUp')
      )
      return changeStats(chain, actorId, freed)
  }
}

/** How a held figure tries to break free: the better of its CMB and Escape Artist, against what DC. */
export interface EscapeCheck {
  bonus: number
  dc: number
  /** 'cmb': a maneuver check (a natural 1 fails; a natural 20 succeeds except against bonds); 'skill': none. */
  mode: 'cmb' | 'skill'
  bonds: boolean
}

/**
 * §4.11 "if grappled" [SRD]: CMB or Escape Artist against the grappler's CMD; a tied-up figure against its
 * bonds, DC 20 + the binder's CMB. Null when the figure is not held.
 */
export function escapeCheck(state: EncounterState, actor: Combatant): EscapeCheck | null {
  const s = readStats(actor)
  const bonds = hasCondition(s, 'tiedUp')
  const hold = s.grapple
  const other = hold ? state.combatants.find((c) => c.id === hold.with) : undefined
  let dc: number
  if (bonds) dc = 20 + (other ? cmb(other) : 0)
  else if (other && hold && !hold.controls) dc = cmd(other)
  else return null
  const artist = s.skills.escapeArtist
  const own = cmb(actor)
  return artist !== undefined && artist > own
    ? { bonus: artist, dc, mode: 'skill', bonds }
    : { bonus: own, dc, mode: 'cmb', bonds }
}

/** Whether a d20 face breaks free under `check`. */
export function escapeFaceSucceeds(face: number, check: EscapeCheck): boolean {
  if (check.mode === 'cmb' && face === 1) return false
  if (check.mode === 'cmb' && face === 20 && !check.bonds) return true
  return face + check.bonus >= check.dc
}

/**
 * `escape`: one roll (`pf1.escape`); success frees the figure from the hold or its bonds, both sides — or,
 * with `options.reverse = 1`, turns the hold ([SRD] "you can become the grappler"): the escapee, no longer
 * pinned, controls it and the former grappler is the one held. Bonds cannot be turned: it just gets free.
 */
export function resolveEscape(chain: Chain, action: Action, dice: DiceRoller): void {
  const { actorId } = action
  const check = escapeCheck(chain.state, chain.figure(actorId))
  if (!check) return
  const face = dice.roll(20, { purpose: 'pf1.escape', actorId })
  const success = escapeFaceSucceeds(face, check)
  const natural =
    check.mode === 'cmb' && face === 1
      ? 'failure'
      : check.mode === 'cmb' && face === 20 && !check.bonds
        ? 'success'
        : undefined
  chain.emit([
    {
      type: 'dice.rolled',
      actorId,
      purpose: 'pf1.escape',
      sides: 20,
      result: face + check.bonus,
      target: check.dc,
      success,
      ...(natural ? { natural } : {})
    }
  ])
  if (!success) return
  const otherId = readStats(chain.figure(actorId)).grapple?.with
  if (check.bonds) return changeStats(chain, actorId, (s) => freed(withoutConditions(s, 'tiedUp')))
  if (!otherId) return
  if (action.options?.reverse === 1) hold(chain, actorId, otherId)
  else endGrapple(chain, actorId, otherId)
}
