import { describe, expect, it } from 'vitest'
import { expectation } from '../../core/distribution'
import { spendEconomy } from '../../core/economy'
import { formatFraction } from '../../core/fraction'
import { forcedDice } from '../../core/rng'
import type { Action, EncounterState } from '../../core/types'
import { pathfinder1e } from '.'
import { attackRoutine } from './attack-routine'
import { speedSquares } from './costs'
import { withTurn } from './flow-fixtures'
import { mountBudgetOf } from './mount-actions'
import { east, fig, foe, lance, mounted, mountedState, take } from './mount-fixtures'
import { isRiddenMount } from './mount'
import { attackSetup } from './situation'
import { readStats } from './stats'
import { longbow, pfFigure } from './test-fixtures'
import { opensTurn, pfTurnOrder } from './turn-order'

// pathfinder1e.md §4.12 mounted combat [TEXT L479–497]: the rider acts, the mount moves on the rider's turn
// with its own speed, footprint and budget; attacks from the saddle; the lance on a mounted charge.

const none = forcedDice([])
const validate = (state: EncounterState, action: Action) => pathfinder1e.validate(state, action)?.code ?? null
const move = (path: Action['path'], kind = 'move'): Action => ({ kind, actorId: 'rider', path })
const attack = (targetId = 'foe', kind = 'attack'): Action => ({ kind, actorId: 'rider', targetId })

/** The rider's turn open, the pair at (5, 5) and a foe at (x, y). */
function riding(x: number, y: number, opts: Parameters<typeof mounted>[0] = {}): EncounterState {
  return withTurn(mountedState([...mounted(opts), foe(x, y)]), 'rider')
}

describe('§4.12 [TEXT L483] the mount acts on its rider’s initiative', () => {
  it('a ridden mount opens no turn: the rider’s turn is followed by the next figure, not the mount', () => {
    const state = mountedState([...mounted(), foe(20, 20)])
    expect(isRiddenMount(state, fig(state, 'horse'))).toBe(true)
    expect(opensTurn(fig(state, 'horse'), state)).toBe(false)
    expect(pfTurnOrder.first(state)?.actorId).toBe('rider')
    expect(pfTurnOrder.next(withTurn(state, 'rider'))?.actorId).toBe('foe')
  })

  it('a riderless mount acts on its own again: rider out of the fight, or no rider at all', () => {
    const state = mountedState([...mounted(), foe(20, 20)])
    const out = {
      ...state,
      combatants: state.combatants.map((c) => (c.id === 'rider' ? { ...c, out: true } : c))
    }
    expect(opensTurn(fig(out, 'horse'), out)).toBe(true)
    const [, horse] = mounted({ steed: { riderId: undefined } })
    const alone = mountedState([pfFigure('rider', { pos: { x: 1, y: 1 } }), horse])
    expect(opensTurn(fig(alone, 'horse'), alone)).toBe(true)
  })
})

describe('§4.12 [TEXT L483–485] the rider moves at the mount’s speed, in the mount’s space', () => {
  it('a 50-ft move is one move action of the mount, and both figures move; the rider keeps its actions', () => {
    const state = riding(25, 25)
    expect(speedSquares(state, 'rider')).toBe(10)
    const gallop = move(east(5, 5, 10))
    expect(validate(state, gallop)).toBeNull()
    expect(pathfinder1e.economy.charge(state, gallop)).toMatchObject({
      type: 'economy.free',
      free: 0,
      squares: 10
    })
    const { state: after, events } = take(state, gallop, none)
    expect(events.flatMap((e) => (e.type === 'moved' ? [e.id] : []))).toEqual(['rider', 'horse'])
    expect(fig(after, 'rider').pos).toEqual({ x: 15, y: 5, z: 0 })
    expect(fig(after, 'horse').pos).toEqual({ x: 15, y: 5, z: 0 })
    // The rider keeps its standard and move actions; the 5-ft step they share is gone with the movement.
    expect(after.turn?.economy.context).toMatchObject({ standard: 1, move: 1, step: 0 })
    expect(validate(after, { kind: 'delay', actorId: 'rider', options: { after: 'foe' } })).toBe(
      'cannotAfford'
    )
    expect(mountBudgetOf(after, fig(after, 'rider'))).toMatchObject({ standard: 1, move: 0, _moved: 10 })
    // The mount's second move (its standard as a move), then nothing left to move with.
    const second = take(after, move(east(15, 5, 10)), none).state
    expect(mountBudgetOf(second, fig(second, 'rider'))).toMatchObject({ standard: 0, move: 0 })
    expect(validate(second, move(east(25, 5, 1)))).toBe('tooFar')
  })

  it('lists the mount’s moves (up to its double move) for the rider, and none for the mount', () => {
    const state = riding(25, 25)
    const legal = pathfinder1e.legalActions(state, 'rider')
    const moves = legal.filter((a) => a.kind === 'move')
    expect(moves.every((a) => a.actorId === 'rider')).toBe(true)
    expect(moves.some((a) => a.path?.at(-1)?.x === 25 && a.path.at(-1)?.y === 5)).toBe(true)
    expect(pathfinder1e.legalActions(state, 'horse')).toEqual([])
    const band = (n: number) => pathfinder1e.moveInfo?.(state, move(east(5, 5, n)))?.band
    expect([band(10), band(15)]).toEqual([0, 1])
  })

  it('a run is the mount’s (×5 with Run), and the mount — not the rider — loses its Dex', () => {
    const state = riding(28, 28)
    const run = move(east(5, 5, 22), 'run')
    expect(validate(state, run)).toBeNull()
    const after = take(state, run, none).state
    expect(readStats(fig(after, 'horse')).effects).toEqual([{ id: 'running', until: 'rider' }])
    expect(readStats(fig(after, 'rider')).effects).toEqual([])
  })

  it('the rider strikes, and is struck, from any square of the Large mount’s space', () => {
    const state = riding(7, 7)
    expect(validate(state, attack())).toBeNull()
    const theirs = withTurn(state, 'foe')
    expect(validate(theirs, { kind: 'attack', actorId: 'foe', targetId: 'rider' })).toBeNull()
    const walking = withTurn(mountedState([pfFigure('rider', { pos: { x: 5, y: 5 } }), foe(7, 7)]), 'rider')
    expect(validate(walking, attack())).toBe('outOfReach')
  })

  it('an attack of opportunity against the mounted move is the rider’s (the mover, from its square)', () => {
    const state = riding(4, 5)
    const away = move(east(5, 5, 3))
    const request = pathfinder1e.decide?.(state, away, {})
    expect(request).toMatchObject({ id: 'pf1.aoo#foe', params: { actor: 'rider' } })
    const { events } = take(state, away, forcedDice([2]), { 'pf1.aoo#foe': 'attack' })
    expect(events.find((e) => e.type === 'attack.declared')).toMatchObject({
      attackerId: 'foe',
      targetId: 'rider',
      mode: 'aoo'
    })
  })
})

describe('§4.12 [TEXT L487] attacking from the saddle', () => {
  const slotOf = (state: EncounterState) => attackRoutine(fig(state, 'rider'), 'single')[0]!
  const mods = (state: EncounterState, targetId = 'foe') =>
    attackSetup(state, fig(state, 'rider'), fig(state, targetId), slotOf(state), {}).mods.attack

  it.each([
    ['a Medium foe on foot: +1', {}, 1],
    ['a Large foe: no bonus', { size: 'L' as const }, 0],
    ['a flying foe: no bonus', { flying: true }, 0]
  ])('%s', (_rule, foeStats, bonus) => {
    const state = withTurn(mountedState([...mounted(), foe(7, 5, 'foe', foeStats)]), 'rider')
    expect(mods(state)).toBe(bonus)
  })

  it('no bonus on foot, and the saddle is higher ground: never added twice', () => {
    const walking = withTurn(mountedState([pfFigure('rider', { pos: { x: 6, y: 5 } }), foe(7, 5)]), 'rider')
    expect(mods(walking)).toBe(0)
    const [rider, horse] = mounted()
    const up = withTurn(mountedState([{ ...rider, pos: { ...rider.pos, z: 1 } }, horse, foe(7, 5)]), 'rider')
    expect(mods(up)).toBe(1)
  })

  it('after the mount moved more than 5 ft: a single melee attack, no full attack, no second swing', () => {
    const state = riding(9, 5, { rider: { bab: 6 } })
    const moved = take(state, move(east(5, 5, 2)), none).state
    expect(validate(moved, attack('foe', 'fullAttack'))).toBe('mountMoved')
    const once = take(moved, attack(), forcedDice([2])).state
    // The economy alone would turn a second attack into a full attack: the mount's move is no move of the rider's.
    const second = attack()
    expect(
      spendEconomy(pathfinder1e.economy, once.turn!.economy, pathfinder1e.economy.charge(once, second))
    ).not.toBeNull()
    expect(validate(once, second)).toBe('mountMoved')
    expect(validate(once, attack('foe', 'trip'))).toBe('mountMoved')
  })

  it('a 5-ft move of the mount still allows the full attack', () => {
    const state = riding(8, 5, { rider: { bab: 6 } })
    const stepped = take(state, move(east(5, 5, 1)), none).state
    expect(validate(stepped, attack('foe', 'fullAttack'))).toBeNull()
  })

  it('once the rider has attacked, the mount moves no more than a 5-ft step (it attacks at the end)', () => {
    const state = riding(7, 5)
    const struck = take(state, attack(), forcedDice([2])).state
    expect(validate(struck, move(east(5, 5, 3)))).toBe('cannotAfford')
    expect(validate(struck, move([{ x: 5, y: 4, z: 0 }], 'step'))).toBeNull()
  })
})

describe('§4.12 [TEXT L491] ranged attacks while the mount moves', () => {
  const archer = { rider: { bab: 6, weapons: [longbow], wielding: { main: longbow.id, off: null } } }
  const rangedMods = (state: EncounterState) => {
    const rider = fig(state, 'rider')
    const slot = attackRoutine(rider, 'single')[0]!
    return attackSetup(state, rider, fig(state, 'foe'), slot, {}).mods.attack
  }

  it.each([
    ['the mount stands: no penalty', [], 0],
    ['one move action: no penalty', [move(east(5, 5, 10))], 0],
    ['two move actions: a double move, −4', [move(east(5, 5, 10)), move(east(15, 5, 10))], -4],
    ['one double move, −4', [move(east(5, 5, 20))], -4],
    ['a run, −8', [move(east(5, 5, 21), 'run')], -8]
  ])('%s', (_rule, moves, penalty) => {
    let state = riding(20, 15, archer)
    for (const m of moves) state = take(state, m, none).state
    expect(rangedMods(state)).toBe(penalty)
  })

  it('a full attack with a ranged weapon is allowed while the mount moves', () => {
    const state = take(riding(20, 15, archer), move(east(5, 5, 20)), none).state
    const volley = attack('foe', 'fullAttack')
    expect(validate(state, volley)).toBeNull()
    const second = take(take(state, attack(), forcedDice([2])).state, attack(), forcedDice([2]))
    expect(second.events.find((e) => e.type === 'dice.rolled')).toMatchObject({ purpose: 'pf1.attack' })
  })
})

describe('§3.2 / §4.12 [TEXT L489] the mounted charge', () => {
  const lancer = {
    rider: {
      abilities: { str: 14, dex: 10, con: 10, int: 10, wis: 10, cha: 10 },
      weapons: [lance],
      wielding: { main: lance.id, off: null }
    }
  }
  const chargeAt = (state: EncounterState) => {
    const charge = pathfinder1e.legalActions(state, 'rider').find((a) => a.kind === 'charge')
    if (!charge) throw new Error('no mounted charge offered')
    return charge
  }

  it('the mount charges: both −2 AC, the rider strikes at +2 (+1 in the saddle), the lance deals double', () => {
    const state = riding(5, 12, lancer)
    const charge = chargeAt(state)
    // The lance's 10-ft reach from the horse's space: the lane stops 10 ft short of the foe.
    expect(charge.path?.at(-1)).toEqual({ x: 5, y: 9, z: 0 })
    const { state: after, events } = take(state, charge, forcedDice([15, 4, 5]))
    // d20 15 + BAB 1 + Str 2, +2 charge, +1 mounted against a smaller foe on foot.
    expect(events.find((e) => e.type === 'dice.rolled' && e.purpose === 'pf1.attack')).toMatchObject({
      result: 21
    })
    // 1d8+3 doubled: two d8 (4 + 5) and twice the bonus (+6).
    expect(events.filter((e) => e.type === 'dice.rolled' && e.purpose === 'pf1.damage')).toHaveLength(2)
    expect(events.find((e) => e.type === 'damaged')).toMatchObject({ id: 'foe', amount: 15 })
    for (const id of ['rider', 'horse'])
      expect(readStats(fig(after, id)).effects).toContainEqual({ id: 'charged', until: 'rider', value: 2 })
    // The charge spends the mount's full-round action and the rider's standard action: it keeps its move.
    expect(after.turn?.economy.context).toMatchObject({ standard: 0, move: 1 })
    expect(mountBudgetOf(after, fig(after, 'rider'))).toMatchObject({ standard: 0, move: 0 })
  })

  it('the odds double the lance too: E = (17/20 − 17/400)·15 + 17/400·30 = 1071/80', () => {
    const state = riding(5, 12, lancer)
    const odds = pathfinder1e.odds(state, chargeAt(state))
    expect(formatFraction(odds!.headline[0]!.p)).toBe('17/20')
    expect(formatFraction(expectation(odds!.damage))).toBe('1071/80')
  })

  it('without a lance the charge deals normal damage', () => {
    const state = riding(5, 12)
    const { events } = take(state, chargeAt(state), forcedDice([15, 4]))
    expect(events.find((e) => e.type === 'damaged')).toMatchObject({ amount: 4 })
  })
})

describe('§4.12 a combat-trained mount attacks on its rider’s turn', () => {
  const bite = (targetId = 'foe'): Action => ({ kind: 'mountAttack', actorId: 'rider', targetId })

  it('its best natural attack (hoof +3, 1d4+3), directed as the rider’s free action, once a turn', () => {
    const state = riding(7, 5)
    expect(pathfinder1e.legalActions(state, 'rider')).toContainEqual(bite())
    const { state: after, events } = take(state, bite(), forcedDice([10, 2]))
    expect(events.find((e) => e.type === 'attack.declared')).toMatchObject({
      attackerId: 'horse',
      targetId: 'foe'
    })
    expect(events.find((e) => e.type === 'damaged')).toMatchObject({ id: 'foe', amount: 5 })
    expect(after.turn?.economy.context).toMatchObject({ standard: 1, move: 1, free: 2 })
    expect(validate(after, bite())).toBe('cannotAfford')
  })

  it('not after moving more than 5 ft, not untrained, not without a mount', () => {
    const state = riding(9, 5)
    expect(validate(take(state, move(east(5, 5, 2)), none).state, bite())).toBe('mountMoved')
    expect(validate(riding(7, 5, { mount: 'pathfinder1e:light-horse' }), bite())).toBe('mountUntrained')
    const walking = withTurn(mountedState([pfFigure('rider', { pos: { x: 6, y: 5 } }), foe(7, 5)]), 'rider')
    expect(validate(walking, bite())).toBe('notMounted')
  })
})
