import { statsSet } from '../../core/stats'
import type { GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import type { Combatant, EncounterState } from '../../core/types'
import type { Chain } from '../../core/chain'
import { parseDamage } from './dice-expr'
import {
  blocksMovement,
  cellsAt,
  footprintGap,
  hasTerrain,
  occupantsAt,
  pfDistanceSquares,
  sideOf,
  type Cell
} from './grid'
import { linkedMount, linkedRider, MOUNT_FALL_RIDE_DC, skillCheck } from './mount'
import { readSettings } from './settings'
import { readStats, type PfStats } from './stats'

// pathfinder1e.md §4.12 [TEXT L493–495]: parting a rider from its mount — dismounting, the mount falling
// (Ride DC 15 or the fall damage), the rider knocked out (a d100 to stay in the saddle, else it falls and
// takes the damage). A rider that leaves the saddle lands in the nearest free square beside the mount;
// `mountId`, `riderId` and the `mounted` condition go as they part.

/** Damage as the health rules apply it (`applyDamage`), passed in so damage.ts can call back into here. */
export type Hurt = (
  chain: Chain,
  targetId: string,
  amount: { lethal: number; nonlethal: number },
  source: string,
  dice: DiceRoller
) => void

/** The farthest (in squares) a rider looks for a square to land in. */
const LANDING_RANGE = 6

function isFree(state: EncounterState, rider: Combatant, cell: Cell): boolean {
  const flying = readStats(rider).flying
  return cellsAt(cell, sideOf(rider)).every(
    (c) =>
      !blocksMovement(state, c) &&
      (flying || !hasTerrain(state, c, 'pit')) &&
      occupantsAt(state, c, { includeOut: true }).every((o) => o.id === rider.id)
  )
}

/**
 * The nearest square (§2 distance from the mount's space) the rider can stand on outside the mount's space
 * with nobody in it, bodies included; null when there is none within 30 ft. Ties go to the first square in
 * reading order (G-5 would roll: the placement is a rider's natural choice, so we do not spend a die).
 */
export function landingSquare(state: EncounterState, rider: Combatant, mount: Combatant): Cell | null {
  const side = sideOf(rider)
  const mSide = sideOf(mount)
  for (let d = 1; d <= LANDING_RANGE; d++)
    for (let y = mount.pos.y - d - side; y <= mount.pos.y + mSide + d; y++)
      for (let x = mount.pos.x - d - side; x <= mount.pos.x + mSide + d; x++) {
        const gap = footprintGap({ x, y }, side, mount.pos, mSide)
        if (pfDistanceSquares(gap.x, gap.y) === d && isFree(state, rider, { x, y })) return { x, y }
      }
  return null
}

/** Whether `cell` is a square the rider may dismount to: beside the mount's space (within 5 ft) and free. */
export function canLandAt(state: EncounterState, rider: Combatant, mount: Combatant, cell: Cell): boolean {
  const gap = footprintGap(cell, sideOf(rider), mount.pos, sideOf(mount))
  return pfDistanceSquares(gap.x, gap.y) === 1 && isFree(state, rider, cell)
}

const withoutMounted = (s: PfStats): PfStats['conditions'] => s.conditions.filter((k) => k !== 'mounted')

/** The events that part a rider from its mount: both links cleared, the rider no longer `mounted`. */
export function partEvents(rider: Combatant, mount: Combatant): GameEvent[] {
  const { mountId: _mountId, ...riderStats } = readStats(rider)
  const { riderId: _riderId, ...mountStats } = readStats(mount)
  return [
    statsSet(rider, { ...riderStats, conditions: withoutMounted(riderStats) }),
    statsSet(mount, mountStats)
  ]
}

/** The events that join a rider to a mount: each names the other, the rider is `mounted` on its square. */
export function joinEvents(rider: Combatant, mount: Combatant): GameEvent[] {
  const riderStats = readStats(rider)
  const conditions: PfStats['conditions'] = [...withoutMounted(riderStats), 'mounted']
  return [
    statsSet(rider, { ...riderStats, mountId: mount.id, conditions }),
    statsSet(mount, { ...readStats(mount), riderId: rider.id }),
    { type: 'moved', id: rider.id, path: [{ ...mount.pos }], facing: rider.facing }
  ]
}

/** Moves a parted rider to `cell` (if any), prone when it fell. */
function land(chain: Chain, riderId: string, cell: Cell | null, prone: boolean): void {
  const rider = chain.figure(riderId)
  if (cell)
    chain.emit([{ type: 'moved', id: riderId, path: [{ ...cell, z: rider.pos.z }], facing: rider.facing }])
  const landed = chain.figure(riderId)
  const stats = readStats(landed)
  if (prone && !stats.conditions.includes('prone'))
    chain.emit([statsSet(landed, { ...stats, conditions: [...stats.conditions, 'prone'] })])
}

/** §4.12: the fall damage (setting `mountFallDamage`, 1d6), its dice logged as `pf1.damage`. */
function fallDamage(chain: Chain, riderId: string, dice: DiceRoller, hurt: Hurt): void {
  const { count, sides, bonus } = parseDamage(readSettings(chain.state).mountFallDamage)
  let total = bonus
  const rolls: GameEvent[] = []
  for (let i = 0; i < count; i++) {
    const face = dice.roll(sides, { purpose: 'pf1.damage', actorId: riderId })
    total += face
    rolls.push({
      type: 'dice.rolled',
      actorId: riderId,
      purpose: 'pf1.damage',
      sides,
      result: face,
      success: true
    })
  }
  chain.emit(rolls)
  hurt(chain, riderId, { lethal: total, nonlethal: 0 }, 'pf1.fall', dice)
}

/**
 * §4.12 [TEXT L493]: the mount fell (went out of the fight). Its rider rolls Ride DC 15 (`pf1.ride`) to
 * fall softly, else takes the fall damage (a rider already out cannot roll: it takes it); either way it
 * leaves the saddle and ends prone in the nearest free square.
 */
function mountFell(chain: Chain, rider: Combatant, mount: Combatant, dice: DiceRoller, hurt: Hurt): void {
  let soft = false
  if (!rider.out) {
    const check = skillCheck(
      dice,
      rider.id,
      'pf1.ride',
      readStats(rider).skills.ride ?? 0,
      MOUNT_FALL_RIDE_DC
    )
    chain.emit([check.event])
    soft = check.success
  }
  chain.emit(partEvents(rider, mount))
  land(chain, rider.id, landingSquare(chain.state, chain.figure(rider.id), chain.figure(mount.id)), true)
  if (!soft) fallDamage(chain, rider.id, dice, hurt)
}

/**
 * §4.12 [TEXT L495] (setting `staySaddledPercent`): the rider fell unconscious (out of the fight) on a
 * mount still standing. A d100 (`pf1.saddle`) at or under the percentage keeps it in the saddle (the mount,
 * riderless for the fight, acts on its own and carries it); otherwise it falls: it leaves the saddle, lands
 * prone in the nearest free square and takes the fall damage.
 */
function riderFell(chain: Chain, rider: Combatant, mount: Combatant, dice: DiceRoller, hurt: Hurt): void {
  const percent = readSettings(chain.state).staySaddledPercent
  const face = dice.roll(100, { purpose: 'pf1.saddle', actorId: rider.id })
  const stays = face <= percent
  chain.emit([
    {
      type: 'dice.rolled',
      actorId: rider.id,
      purpose: 'pf1.saddle',
      sides: 100,
      result: face,
      target: percent,
      success: stays
    }
  ])
  if (stays) return
  chain.emit(partEvents(rider, mount))
  land(chain, rider.id, landingSquare(chain.state, chain.figure(rider.id), chain.figure(mount.id)), true)
  fallDamage(chain, rider.id, dice, hurt)
}

/**
 * What follows a figure going out of the fight (the `applyDamage` hook): a fallen mount throws its rider, a
 * knocked-out rider may fall from its mount. Nothing for figures that are neither.
 */
export function fallsAfterOut(chain: Chain, outId: string, dice: DiceRoller, hurt: Hurt): void {
  const { state } = chain
  const fallen = state.combatants.find((c) => c.id === outId)
  if (!fallen) return
  const rider = linkedRider(state, fallen)
  const mount = linkedMount(state, fallen)
  if (rider) mountFell(chain, rider, fallen, dice, hurt)
  else if (mount && !mount.out) riderFell(chain, fallen, mount, dice, hurt)
}
