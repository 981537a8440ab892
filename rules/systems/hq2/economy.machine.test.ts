import { describe, expect, it } from 'vitest'
import { initialTransition, transition } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { hq2 } from '.'
import {
  economyMachine,
  economyPath,
  failedManeuver,
  pendingManeuver,
  type EconomyEvent
} from './economy.machine'
import { makeEncounter } from './test-fixtures'

const move = (mp: number): EconomyEvent => ({ type: 'economy.move', mp })
const attack = (allowance = 1): EconomyEvent => ({ type: 'economy.attack', attacks: 1, allowance })
const maneuver = (
  m: 'stab' | 'charge' | 'blindFighting' | 'acrobatics' | 'moveSilently',
  mp = 0
): EconomyEvent => ({
  type: 'economy.maneuver',
  maneuver: m,
  mp
})
const act: EconomyEvent = { type: 'economy.act', actions: 1 }

function run(input: { mp: number; attacks: number }, events: EconomyEvent[]) {
  let [s] = initialTransition(economyMachine, input)
  for (const e of events) [s] = transition(economyMachine, s, e)
  return s
}

describe('hq2 economy machine (hq2.md §3.2, §3.4)', () => {
  it('movement split around the one action: move, attack, move again, then spent', () => {
    const [s0] = initialTransition(economyMachine, { mp: 7, attacks: 1 })
    expect([s0.value, s0.context]).toEqual(['ready', { mp: 7, attacks: 1, blindFighting: 0 }])
    const [s1] = transition(economyMachine, s0, move(3))
    expect([s1.value, s1.context.mp]).toEqual(['ready', 4])
    const [s2] = transition(economyMachine, s1, attack())
    expect([s2.value, s2.context.mp, s2.context.attacks]).toEqual(['acted', 4, 0])
    const [s3] = transition(economyMachine, s2, move(4))
    expect(s3.value).toBe('spent')
  })

  it('canMove refuses more MP than left and negative costs; unused MP never carries', () => {
    const s0 = run({ mp: 2, attacks: 1 }, [])
    expect(s0.can(move(3))).toBe(false)
    expect(s0.can(move(-1))).toBe(false)
    expect(s0.can(move(2))).toBe(true)
  })

  it('multi-attack: one action of attacksPerTurn attacks with movement between them (TEXT L24, L32)', () => {
    const s1 = run({ mp: 6, attacks: 2 }, [attack(2)])
    expect([s1.value, s1.context.attacks]).toEqual(['attacking', 1])
    const s2 = run({ mp: 6, attacks: 2 }, [attack(2), move(2)])
    expect([s2.value, s2.context.mp]).toEqual(['attacking', 4])
    // No other action once attacking: the attacks are the action.
    expect(s2.can(act)).toBe(false)
    expect(s2.can(maneuver('stab'))).toBe(false)
    const s3 = run({ mp: 6, attacks: 2 }, [attack(2), move(2), attack(2)])
    expect([s3.value, s3.context.attacks]).toEqual(['acted', 0])
    expect(s3.can(attack())).toBe(false)
  })

  it('a "1/5" thrown weapon opens five throws in one action (A9)', () => {
    const s = run({ mp: 0, attacks: 1 }, [attack(5), attack(5), attack(5)])
    expect([s.value, s.context.attacks]).toEqual(['attacking', 2])
  })

  it('a maneuver must be followed by its attack: no move, no other action in between (TEXT L34–38)', () => {
    const s1 = run({ mp: 6, attacks: 1 }, [maneuver('stab')])
    expect(s1.value).toEqual({ maneuvered: 'stab' })
    expect(s1.can(move(1))).toBe(false)
    expect(s1.can(act)).toBe(false)
    expect(s1.can(maneuver('charge'))).toBe(false)
    const s2 = run({ mp: 6, attacks: 1 }, [maneuver('stab'), attack()])
    expect([s2.value, s2.context.mp]).toEqual(['acted', 6])
    // A10: the attack after a maneuver may be a multi-attack.
    const multi = run({ mp: 6, attacks: 2 }, [maneuver('blindFighting'), attack(2)])
    expect([multi.value, multi.context.attacks, multi.context.blindFighting]).toEqual(['attacking', 1, 1])
  })

  it('a charge pays its run in MP; acrobatics and move silently move beyond the MP', () => {
    expect(run({ mp: 6, attacks: 1 }, [maneuver('charge', 4)]).context.mp).toBe(2)
    expect(run({ mp: 3, attacks: 1 }, []).can(maneuver('charge', 4))).toBe(false)
    const acro = run({ mp: 3, attacks: 1 }, [maneuver('acrobatics')])
    expect([acro.value, acro.context.mp]).toEqual([{ maneuvered: 'acrobatics' }, 3])
  })

  it('another action (object, skill, magic) uses the action and keeps the MP', () => {
    const s = run({ mp: 5, attacks: 2 }, [act])
    expect([s.value, s.context.attacks, s.context.mp]).toEqual(['acted', 0, 5])
    expect(s.can(attack())).toBe(false)
    expect(run({ mp: 0, attacks: 1 }, [act]).value).toBe('spent')
  })

  it('a free turn is a 0-MP move: fine while moves are, refused while an attack is due', () => {
    expect(run({ mp: 0, attacks: 1 }, []).can(move(0))).toBe(true)
    expect(run({ mp: 3, attacks: 1 }, [maneuver('stab')]).can(move(0))).toBe(false)
  })

  it('rehydrates from a saved plain snapshot, nested maneuver state included', () => {
    const plain = {
      value: JSON.stringify({ maneuvered: 'charge' }),
      context: { mp: 2, attacks: 1, blindFighting: 0 }
    }
    expect(economyPath(plain)).toEqual(['maneuvered', 'charge'])
    expect(pendingManeuver(plain)).toBe('charge')
    expect(pendingManeuver(failedManeuver(plain))).toBe('failed')
    const restored = economyMachine.resolveState({ value: { maneuvered: 'charge' }, context: plain.context })
    const [next] = transition(economyMachine, restored, attack())
    expect(next.value).toBe('acted')
    expect(hq2.economy.exhausted({ value: 'spent', context: {} })).toBe(true)
    expect(hq2.economy.exhausted(plain)).toBe(false)
  })

  it('every state is reachable (xstate/graph)', () => {
    const paths = getShortestPaths(economyMachine, {
      input: { mp: 2, attacks: 2 },
      events: [move(1), attack(2), act, maneuver('stab'), maneuver('charge', 1), maneuver('blindFighting')]
    })
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const v of [
      '"ready"',
      '"attacking"',
      '"acted"',
      '"spent"',
      '{"maneuvered":"stab"}',
      '{"maneuvered":"charge"}'
    ])
      expect(values).toContain(v)
  })
})

describe('economy adapter (hq2.md §3.2)', () => {
  const state = makeEncounter({
    beings: [
      { id: 'hero', at: [1, 1], stats: { movement: { dice: 2 }, attacksPerTurn: 2 } },
      { id: 'orc', side: 'b', at: [5, 5], stats: { movement: { fixed: 8 } } }
    ]
  })
  const [hero, orc] = state.combatants

  it('input: fixed MP for BM beings, 0 before the roll for dice movement; attacksPerTurn', () => {
    if (!hero || !orc) throw new Error('fixture')
    expect(hq2.economy.input(state, hero)).toEqual({ mp: 0, attacks: 2 })
    expect(hq2.economy.input(state, orc)).toEqual({ mp: 8, attacks: 1 })
  })

  it('A10: the attack after a maneuver opens a multi-attack unless maneuverMultiAttack is off', () => {
    const after = makeEncounter({
      beings: [
        { id: 'hero', at: [1, 1], stats: { attacksPerTurn: 3 } },
        { id: 'orc', side: 'b', at: [2, 1] }
      ],
      spent: [maneuver('stab')]
    })
    const hit = { kind: 'melee', actorId: 'hero', targetId: 'orc' }
    expect(hq2.economy.charge(after, hit)).toEqual(attack(3))
    expect(hq2.economy.charge({ ...after, settings: { maneuverMultiAttack: false } }, hit)).toEqual(attack(1))
  })

  it('charge maps each action kind to its event', () => {
    const path = [
      { x: 1, y: 2, z: 0 },
      { x: 1, y: 3, z: 0 }
    ]
    expect(hq2.economy.charge(state, { kind: 'move', actorId: 'hero', path })).toEqual(move(2))
    expect(hq2.economy.charge(state, { kind: 'melee', actorId: 'hero', targetId: 'orc' })).toEqual(attack(2))
    expect(hq2.economy.charge(state, { kind: 'charge', actorId: 'hero', targetId: 'orc', path })).toEqual(
      maneuver('charge', 2)
    )
    expect(
      hq2.economy.charge(state, { kind: 'moveSilently', actorId: 'hero', targetId: 'orc', path })
    ).toEqual(maneuver('moveSilently', 0))
    expect(hq2.economy.charge(state, { kind: 'interact', actorId: 'hero' })).toEqual(act)
    expect(hq2.economy.charge(state, { kind: 'face', actorId: 'hero', facing: 3 })).toEqual(move(0))
  })
})
