import { describe, expect, it } from 'vitest'
import type { Action, Combatant, Command, Door, EncounterState } from '../core/types'
import { getRuleset } from '../systems'
import { carnevaleSampleEncounter } from '../systems/carnevale/sample'
import { makeEncounter } from '../systems/minecraft/test-fixtures'
import { withTurn } from '../systems/pathfinder1e/flow-fixtures'
import { pfFigure, pfState } from '../systems/pathfinder1e/test-fixtures'
import { applyCommand } from './engine'

// Issue 6: the two map commands, `door.set` (a hand on a door during play) and `life.set` (the GM's life edit
// in the token HUD), through the one entry point every caller uses.

const minecraft = getRuleset('minecraft')
const pathfinder = getRuleset('pathfinder1e')
const carnevale = getRuleset('carnevale')

// The door on the east edge of the hero's square (1, 1): between (1, 1) and (2, 1).
const door: Door = { x: 2, y: 1, side: 'w', open: false }
const other: Door = { x: 4, y: 3, side: 'n', open: true }

/** A running Minecraft skirmish, the hero active at (1, 1), with the doors given. */
function mcState(doors: Door[] = [door, other], extra: 'twoFoes' | 'oneFoe' = 'oneFoe'): EncounterState {
  const figures = [
    { id: 'h', side: 'heroes', at: [1, 1] as const, creature: 'minecraft:steve' },
    { id: 'm', side: 'monsters', at: [5, 3] as const, creature: 'minecraft:zombie' },
    ...(extra === 'twoFoes'
      ? [{ id: 'm2', side: 'monsters', at: [5, 0] as const, creature: 'minecraft:zombie' }]
      : [])
  ]
  const s = makeEncounter({ width: 7, height: 5, figures, activeId: 'h' })
  return { ...s, board: { ...s.board, doors } }
}

function ok(state: EncounterState, command: Command, ruleset = minecraft): EncounterState {
  const result = applyCommand(state, command, ruleset)
  if (!result.ok) throw new Error(`refused: ${result.violation.code}`)
  return result.state
}

function refusal(state: EncounterState, command: Command, ruleset = minecraft): string {
  const result = applyCommand(state, command, ruleset)
  return result.ok ? 'accepted' : result.violation.code
}

/** The state with a made-up pending decision: the engine only needs to see one. */
function pending(state: EncounterState): EncounterState {
  const action: Action = { kind: 'pass', actorId: 'h' }
  return {
    ...state,
    pending: { action, answers: {}, request: { id: 'gm.check', deciderId: 'gm', default: 0 } }
  }
}

const figure = (state: EncounterState, id: string) => state.combatants.find((c) => c.id === id)!

describe('door.set', () => {
  it('opens and closes an existing door, logs door.changed, and leaves other doors as they were', () => {
    const state = mcState()
    const result = applyCommand(state, { type: 'door.set', x: 2, y: 1, side: 'w', open: true }, minecraft)
    if (!result.ok) throw new Error(result.violation.code)
    expect(result.events).toEqual([{ type: 'door.changed', x: 2, y: 1, side: 'w', open: true }])
    expect(result.state.board.doors).toEqual([{ ...door, open: true }, other])
    const closed = ok(result.state, { type: 'door.set', x: 2, y: 1, side: 'w', open: false })
    expect(closed.board.doors).toEqual([door, other])
  })

  it('refuses a door nobody drew (noDoor) and a door already so (doorAlready)', () => {
    const state = mcState()
    expect(refusal(state, { type: 'door.set', x: 2, y: 1, side: 'n', open: true })).toBe('noDoor')
    expect(refusal(state, { type: 'door.set', x: 3, y: 1, side: 'w', open: true })).toBe('noDoor')
    expect(refusal(mcState([]), { type: 'door.set', x: 2, y: 1, side: 'w', open: true })).toBe('noDoor')
    expect(refusal(state, { type: 'door.set', x: 2, y: 1, side: 'w', open: false })).toBe('doorAlready')
    expect(refusal(state, { type: 'door.set', x: 4, y: 3, side: 'n', open: true })).toBe('doorAlready')
  })

  it('is refused while a decision is pending, in setup and once the fight has ended', () => {
    const open: Command = { type: 'door.set', x: 2, y: 1, side: 'w', open: true }
    expect(refusal(pending(mcState()), open)).toBe('decisionPending')
    expect(refusal({ ...mcState(), phase: 'setup' }, open)).toBe('notRunning')
    expect(refusal({ ...mcState(), phase: 'ended', turn: null }, open)).toBe('notRunning')
  })

  it('a closed door blocks the step through it that the open door allowed (Minecraft legalActions)', () => {
    const through = (s: EncounterState) =>
      minecraft
        .legalActions(s, 'h')
        .find((a) => a.kind === 'move' && a.path?.length === 1 && a.path[0]!.x === 2 && a.path[0]!.y === 1)
    const closed = mcState()
    const opened = ok(closed, { type: 'door.set', x: 2, y: 1, side: 'w', open: true })
    const step = through(opened)
    expect(step).toBeDefined()
    expect(through(closed)).toBeUndefined()
    expect(refusal(closed, { type: 'action.declare', action: step! })).toBe('blocked')
    expect(refusal(opened, { type: 'action.declare', action: step! })).toBe('accepted')
    // Shut again, the step is refused again: the door's state, not the board's first form, decides.
    const reclosed = ok(opened, { type: 'door.set', x: 2, y: 1, side: 'w', open: false })
    expect(through(reclosed)).toBeUndefined()
  })

  it('pathfinder1e.md §2: a closed door stops the 5-ft step and the move through it (PF legalActions)', () => {
    const hero = pfFigure('hero', { pos: { x: 1, y: 1 }, side: 'a' })
    const foe = pfFigure('foe', { pos: { x: 8, y: 8 }, side: 'b' })
    const base = pfState([hero, foe], { width: 10, height: 10 })
    const closed = withTurn({ ...base, board: { ...base.board, doors: [door] } }, 'hero')
    const opened = ok(closed, { type: 'door.set', x: 2, y: 1, side: 'w', open: true }, pathfinder)
    const direct = (s: EncounterState) =>
      pathfinder
        .legalActions(s, 'hero')
        .filter((a) => a.path?.length === 1 && a.path[0]!.x === 2 && a.path[0]!.y === 1)
        .map((a) => a.kind)
    expect(direct(opened).length).toBeGreaterThan(0)
    expect(direct(closed)).toEqual([])
  })
})

describe('life.set', () => {
  it('logs the GM damage and healing with source gm, clamped to the figure’s range', () => {
    const state = mcState()
    const hero = figure(state, 'h')
    const hurt = applyCommand(state, { type: 'life.set', id: 'h', life: hero.life - 2 }, minecraft)
    if (!hurt.ok) throw new Error(hurt.violation.code)
    expect(hurt.events).toEqual([{ type: 'damaged', id: 'h', amount: 2, source: 'gm' }])
    const healed = applyCommand(hurt.state, { type: 'life.set', id: 'h', life: hero.lifeMax + 50 }, minecraft)
    if (!healed.ok) throw new Error(healed.violation.code)
    expect(healed.events).toEqual([{ type: 'healed', id: 'h', amount: 2, source: 'gm' }])
    expect(figure(healed.state, 'h').life).toBe(hero.lifeMax)
    // Below the floor: clamped to lifeMin (0 for Minecraft), and the figure drops.
    const floored = ok(state, { type: 'life.set', id: 'h', life: -40 })
    expect(figure(floored, 'h').life).toBe(hero.lifeMin ?? 0)
  })

  it('refuses an unknown figure, an unchanged life, a pending decision and a fight not running', () => {
    const state = mcState()
    const life = figure(state, 'h').life
    expect(refusal(state, { type: 'life.set', id: 'nobody', life: 1 })).toBe('unknownActor')
    expect(refusal(state, { type: 'life.set', id: 'h', life })).toBe('lifeUnchanged')
    expect(refusal(state, { type: 'life.set', id: 'h', life: life + 100 })).toBe('lifeUnchanged')
    expect(refusal(pending(state), { type: 'life.set', id: 'h', life: 1 })).toBe('decisionPending')
    expect(refusal({ ...state, phase: 'setup' }, { type: 'life.set', id: 'h', life: 1 })).toBe('notRunning')
  })

  it('drops a figure out at 0 and ends the fight when the last foe falls', () => {
    const state = mcState([door], 'twoFoes')
    const one = ok(state, { type: 'life.set', id: 'm', life: 0 })
    expect(figure(one, 'm').out).toBe(true)
    expect(one.phase).toBe('running')
    const result = applyCommand(one, { type: 'life.set', id: 'm2', life: 0 }, minecraft)
    if (!result.ok) throw new Error(result.violation.code)
    expect(result.events.map((e) => e.type)).toEqual(['damaged', 'combatant.out', 'encounter.ended'])
    expect(result.state.phase).toBe('ended')
    expect(result.state.winner).toBe('heroes')
  })

  it('brings a figure that was out back in when the GM heals it', () => {
    const state = mcState([door], 'twoFoes')
    const down = ok(state, { type: 'life.set', id: 'm', life: 0 })
    const result = applyCommand(down, { type: 'life.set', id: 'm', life: 2 }, minecraft)
    if (!result.ok) throw new Error(result.violation.code)
    expect(result.events.map((e) => e.type)).toEqual(['healed', 'combatant.back'])
    expect(figure(result.state, 'm')).toMatchObject({ life: 2, out: false })
  })

  it('brings back only a figure its life took out: one that escaped or gave up stays out, hurt or healed', () => {
    const state = mcState([door], 'twoFoes')
    const gone = {
      ...state,
      combatants: state.combatants.map((c) => (c.id === 'm' ? { ...c, out: true, escaped: true } : c))
    }
    const life = figure(gone, 'm').life
    const hurt = applyCommand(gone, { type: 'life.set', id: 'm', life: life - 1 }, minecraft)
    if (!hurt.ok) throw new Error(hurt.violation.code)
    expect(hurt.events.map((e) => e.type)).toEqual(['damaged'])
    expect(figure(hurt.state, 'm').out).toBe(true)
    const healed = ok(hurt.state, { type: 'life.set', id: 'm', life })
    expect(figure(healed, 'm').out).toBe(true)
  })

  it('refuses to bring a figure back where another now stands, on squares and on a measured table', () => {
    // The GM dropped m; h walked onto its square; healing m would stand two figures on one square.
    const state = mcState([door], 'twoFoes')
    const down = ok(state, { type: 'life.set', id: 'm', life: 0 })
    const m = figure(down, 'm')
    const crowded = {
      ...down,
      combatants: down.combatants.map((c) => (c.id === 'h' ? { ...c, pos: { ...m.pos } } : c))
    }
    const result = applyCommand(crowded, { type: 'life.set', id: 'm', life: 2 }, minecraft)
    expect(result).toMatchObject({ ok: false, violation: { code: 'occupied', params: { by: 'h' } } })
    // Healing that leaves it out (life still 0 is unchanged; a figure away from anyone comes back).
    expect(refusal(down, { type: 'life.set', id: 'm', life: 2 })).toBe('accepted')
    const table = carnevaleSampleEncounter()
    const [a, b] = table.combatants as [Combatant, Combatant]
    const started = ok(table, { type: 'encounter.start' }, carnevale)
    const fallen = ok(started, { type: 'life.set', id: b.id, life: 0 }, carnevale)
    const onTop = {
      ...fallen,
      combatants: fallen.combatants.map((c) => (c.id === a.id ? { ...c, pos: { ...b.pos } } : c))
    }
    expect(refusal(onTop, { type: 'life.set', id: b.id, life: 1 }, carnevale)).toBe('occupied')
  })

  it('pathfinder1e.md §5: PF reads its fate — disabled at 0 stays in, dying drops, healed comes back', () => {
    const hero = pfFigure('hero', { pos: { x: 1, y: 1 }, side: 'a' })
    const foe = pfFigure('foe', { pos: { x: 8, y: 8 }, side: 'b' })
    const foe2 = pfFigure('foe2', { pos: { x: 8, y: 6 }, side: 'b' })
    const state = withTurn(pfState([hero, foe, foe2], { width: 10, height: 10 }), 'hero')
    // HP 0 is disabled (§5 [TEXT L251]): still in the fight, where "life above 0" would drop it.
    const disabled = ok(state, { type: 'life.set', id: 'foe', life: 0 }, pathfinder)
    expect(figure(disabled, 'foe').out).toBe(false)
    const dying = ok(disabled, { type: 'life.set', id: 'foe', life: -3 }, pathfinder)
    expect(figure(dying, 'foe').out).toBe(true)
    expect(dying.phase).toBe('running')
    const back = applyCommand(dying, { type: 'life.set', id: 'foe', life: 4 }, pathfinder)
    if (!back.ok) throw new Error(back.violation.code)
    expect(back.events.map((e) => e.type)).toEqual(['healed', 'combatant.back'])
    expect(figure(back.state, 'foe')).toMatchObject({ life: 4, out: false })
    // Clamped at −Con (§5 [TEXT L255]: dead), the figure drops.
    const dead = ok(back.state, { type: 'life.set', id: 'foe', life: -100 }, pathfinder)
    expect(figure(dead, 'foe')).toMatchObject({ life: foe.lifeMin, out: true })
    expect(pathfinder.fate?.(dead, figure(dead, 'foe'))).toBe('dead')
  })
})
