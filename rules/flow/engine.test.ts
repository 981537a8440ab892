import { describe, expect, it } from 'vitest'
import { stateHash } from '../core/hash'
import type { Command, EncounterState } from '../core/types'
import { getRuleset } from '../systems'
import { figure, makeEncounter } from '../systems/minecraft/test-fixtures'
import { applyCommand, replay, standingSides } from './engine'

// The flow is system-agnostic; it is exercised here through the Minecraft ruleset (AP counter, side turns).
const ruleset = getRuleset('minecraft')

function fresh(): EncounterState {
  const running = makeEncounter({
    width: 8,
    height: 6,
    blocks: [[4, 0]],
    figures: [
      { id: 'h1', side: 'heroes', at: [1, 1], creature: 'minecraft:steve' },
      { id: 'h2', side: 'heroes', at: [1, 3], creature: 'minecraft:alex' },
      { id: 'm1', side: 'monsters', at: [6, 1], creature: 'minecraft:zombie', facing: 6 },
      { id: 'm2', side: 'monsters', at: [6, 4], creature: 'minecraft:zombie', facing: 6 }
    ],
    activeId: null
  })
  return { ...running, phase: 'setup', round: 0 }
}

function run(state: EncounterState, commands: Command[]): EncounterState {
  return commands.reduce((s, c) => {
    const r = applyCommand(s, c, ruleset)
    if (!r.ok) throw new Error(`refused ${c.type}: ${r.violation.code}`)
    return r.state
  }, state)
}

const move = (actorId: string, path: Array<[number, number]>): Command => ({
  type: 'action.declare',
  action: { kind: 'move', actorId, path: path.map(([x, y]) => ({ x, y, z: 0 })) }
})

describe('encounter flow', () => {
  it('starts in round 1 with the first figure of the first side active and a full economy', () => {
    const s = run(fresh(), [{ type: 'encounter.start' }])
    expect(s.phase).toBe('running')
    expect(s.round).toBe(1)
    expect(s.turn).toMatchObject({
      sideId: 'heroes',
      activeId: 'h1',
      economy: { value: 'acting', context: { ap: 3 } }
    })
  })

  it('refuses to start twice and refuses actions before the start', () => {
    const started = run(fresh(), [{ type: 'encounter.start' }])
    expect(applyCommand(started, { type: 'encounter.start' }, ruleset)).toMatchObject({
      ok: false,
      violation: { code: 'alreadyStarted' }
    })
    expect(applyCommand(fresh(), { type: 'turn.end' }, ruleset)).toMatchObject({
      ok: false,
      violation: { code: 'notRunning' }
    })
  })

  it('spends AP per action and ends the activation by itself when AP run out', () => {
    let s = run(fresh(), [{ type: 'encounter.start' }, move('h1', [[2, 1]])])
    expect(s.turn?.economy.context.ap).toBe(2)
    s = run(s, [
      move('h1', [
        [3, 1],
        [3, 2]
      ])
    ])
    // AP exhausted → h2's activation opened without a turn.end
    expect(s.turn?.activeId).toBe('h2')
    expect(s.turn?.economy.context.ap).toBe(3)
    expect(
      s.log.filter((e) => e.type === 'turn.ended').map((e) => e.type === 'turn.ended' && e.actorId)
    ).toEqual(['h1'])
  })

  it('refuses what the economy cannot afford, with a reason, and changes nothing', () => {
    const s = run(fresh(), [
      { type: 'encounter.start' },
      move('h1', [
        [2, 1],
        [3, 1]
      ])
    ])
    const r = applyCommand(
      s,
      move('h1', [
        [3, 2],
        [3, 3]
      ]),
      ruleset
    )
    expect(r.ok).toBe(false)
    if (!r.ok) expect(['notEnoughAp', 'cannotAfford']).toContain(r.violation.code)
  })

  it('refuses actions by a figure whose turn it is not', () => {
    const s = run(fresh(), [{ type: 'encounter.start' }])
    expect(applyCommand(s, move('m1', [[5, 1]]), ruleset)).toMatchObject({
      ok: false,
      violation: { code: 'notYourTurn' }
    })
  })

  it('passes turns figure by figure, side by side, then opens the next round', () => {
    const s = run(fresh(), [{ type: 'encounter.start' }, { type: 'turn.end' }])
    expect(s.turn?.activeId).toBe('h2')
    const monsters = run(s, [{ type: 'turn.end' }])
    expect(monsters.turn).toMatchObject({ sideId: 'monsters', activeId: 'm1' })
    const round2 = run(monsters, [{ type: 'turn.end' }, { type: 'turn.end' }])
    expect(round2.round).toBe(2)
    expect(round2.turn).toMatchObject({ sideId: 'heroes', activeId: 'h1', activated: ['h1'] })
  })

  it('lets the side choose which untouched figure activates, but not after it acted', () => {
    const s = run(fresh(), [{ type: 'encounter.start' }, { type: 'activation.select', actorId: 'h2' }])
    expect(s.turn?.activeId).toBe('h2')
    const afterH2 = run(s, [{ type: 'turn.end' }])
    expect(afterH2.turn?.activeId).toBe('h1')
    const acted = run(fresh(), [{ type: 'encounter.start' }, move('h1', [[2, 1]])])
    expect(applyCommand(acted, { type: 'activation.select', actorId: 'h2' }, ruleset)).toMatchObject({
      ok: false,
      violation: { code: 'activationStarted' }
    })
    expect(applyCommand(acted, { type: 'activation.select', actorId: 'm1' }, ruleset)).toMatchObject({
      ok: false,
      violation: { code: 'notYourSide' }
    })
  })

  it('skips figures that are out and ends when one side stands', () => {
    const base = fresh()
    const oneLeft: EncounterState = {
      ...base,
      combatants: base.combatants.map((c) => (c.id === 'm2' ? { ...c, out: true, life: 0 } : c))
    }
    let s = run(oneLeft, [{ type: 'encounter.start' }, { type: 'turn.end' }, { type: 'turn.end' }])
    expect(s.turn?.activeId).toBe('m1')
    s = run(s, [{ type: 'turn.end' }])
    expect(s.turn?.activeId).toBe('h1')
    expect(standingSides(s)).toEqual(['heroes', 'monsters'])
    // The last monster falls: the encounter ends with the heroes as winners.
    const nearlyDone = {
      ...s,
      combatants: s.combatants.map((c) =>
        c.id === 'm1' ? { ...c, pos: { x: 2, y: 1, z: 0 }, life: 1, facing: 2 } : c
      )
    }
    const r = applyCommand(
      nearlyDone,
      { type: 'action.declare', action: { kind: 'melee', actorId: 'h1', targetId: 'm1' } },
      ruleset
    )
    expect(r.ok).toBe(true)
    if (!r.ok) return
    // From m1's back (it faces east, away from h1): an automatic hit; the wound roll decides.
    const wounded = figure(r.state, 'm1').life === 0
    expect(r.state.phase).toBe(wounded ? 'ended' : 'running')
    expect(r.state.winner).toBe(wounded ? 'heroes' : null)
  })

  it('an encounter with one side already out ends at the start', () => {
    const base = fresh()
    const s = run(
      { ...base, combatants: base.combatants.map((c) => (c.side === 'monsters' ? { ...c, out: true } : c)) },
      [{ type: 'encounter.start' }]
    )
    expect(s.phase).toBe('ended')
    expect(s.winner).toBe('heroes')
  })

  it('refuses every command once ended', () => {
    const base = fresh()
    const ended = run(
      { ...base, combatants: base.combatants.map((c) => (c.side === 'heroes' ? { ...c, out: true } : c)) },
      [{ type: 'encounter.start' }]
    )
    expect(ended.winner).toBe('monsters')
    expect(applyCommand(ended, { type: 'turn.end' }, ruleset)).toMatchObject({ ok: false })
  })

  it('replay reproduces the state hash and rejects a corrupt log', () => {
    const commands: Command[] = [{ type: 'encounter.start' }, move('h1', [[2, 1]]), { type: 'turn.end' }]
    const s = run(fresh(), commands)
    expect(stateHash(replay(fresh(), commands, ruleset))).toBe(stateHash(s))
    expect(() => replay(fresh(), [{ type: 'encounter.start' }, move('m1', [[5, 1]])], ruleset)).toThrow(
      /command 1/
    )
  })

  it('applying a command never mutates the input state', () => {
    const s = run(fresh(), [{ type: 'encounter.start' }])
    const before = stateHash(s)
    run(s, [move('h1', [[2, 1]]), { type: 'turn.end' }])
    expect(stateHash(s)).toBe(before)
  })
})
