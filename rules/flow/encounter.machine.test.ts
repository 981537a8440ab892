import { describe, expect, it } from 'vitest'
import { chooseStep } from '../../ai'
import { getRuleset } from '../systems'
import { hq2SampleEncounter } from '../systems/hq2'
import { makeEncounter } from '../systems/minecraft/test-fixtures'
import { createEncounterActor } from './encounter.machine'
import { whoDecides } from './engine'

const ruleset = getRuleset('minecraft')

function setupState() {
  const s = makeEncounter({
    width: 6,
    height: 4,
    figures: [
      { id: 'h', side: 'heroes', at: [1, 1], creature: 'minecraft:steve' },
      { id: 'm', side: 'monsters', at: [4, 1], creature: 'minecraft:zombie' }
    ],
    activeId: null
  })
  return { ...s, phase: 'setup' as const, round: 0 }
}

describe('encounter machine', () => {
  it('goes setup → running.awaitingAction on encounter.start and records accepted commands', () => {
    const actor = createEncounterActor(setupState(), ruleset)
    expect(actor.getSnapshot().value).toBe('setup')
    actor.send({ type: 'encounter.start' })
    expect(actor.getSnapshot().value).toEqual({ running: 'awaitingAction' })
    expect(actor.getSnapshot().context.commands).toEqual([{ type: 'encounter.start' }])
    expect(actor.getSnapshot().context.lastEvents.map((e) => e.type)).toContain('turn.started')
  })

  it('keeps a refused command out of the log and says why', () => {
    const actor = createEncounterActor(setupState(), ruleset)
    actor.send({ type: 'encounter.start' })
    actor.send({ type: 'action.declare', action: { kind: 'melee', actorId: 'h', targetId: 'm' } })
    const { context } = actor.getSnapshot()
    expect(context.violation?.code).toBe('notAdjacent')
    expect(context.commands).toHaveLength(1)
  })

  it('ignores play commands during setup', () => {
    const actor = createEncounterActor(setupState(), ruleset)
    actor.send({ type: 'turn.end' })
    expect(actor.getSnapshot().value).toBe('setup')
    expect(actor.getSnapshot().context.commands).toHaveLength(0)
  })

  it('resumes a saved running encounter in running, and an ended one as final', () => {
    const actor = createEncounterActor(setupState(), ruleset)
    actor.send({ type: 'encounter.start' })
    const saved = actor.getSnapshot().context
    const resumed = createEncounterActor(saved.state, ruleset, saved.commands)
    expect(resumed.getSnapshot().value).toEqual({ running: 'awaitingAction' })
    const ended = createEncounterActor(
      { ...saved.state, phase: 'ended', winner: 'heroes', turn: null },
      ruleset
    )
    expect(ended.getSnapshot().status).toBe('done')
  })

  it('reaches ended when a side falls', () => {
    const s = setupState()
    const actor = createEncounterActor(
      {
        ...s,
        combatants: s.combatants.map((c) =>
          c.id === 'm' ? { ...c, pos: { x: 2, y: 1, z: 0 }, life: 1, facing: 2 } : c
        )
      },
      ruleset
    )
    actor.send({ type: 'encounter.start' })
    // Attack from the zombie's back until the wound lands (each hit also pushes it: follow it).
    for (let i = 0; i < 40 && actor.getSnapshot().status !== 'done'; i++) {
      const { state } = actor.getSnapshot().context
      const legal = ruleset.legalActions(state, state.turn!.activeId)
      const attack = legal.find((a) => a.kind === 'melee')
      const step = legal.find((a) => a.kind === 'move' && a.path?.length === 1)
      if (state.turn!.activeId !== 'h') actor.send({ type: 'turn.end' })
      else if (attack) actor.send({ type: 'action.declare', action: attack })
      else if (step) actor.send({ type: 'action.declare', action: step })
      else actor.send({ type: 'turn.end' })
    }
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().context.state.winner).toBe('heroes')
  })
})

describe('encounter machine with decisions', () => {
  it('goes awaitingAction → awaitingDecision when an action halts, and back when it is answered', () => {
    const hq2 = getRuleset('hq2')
    const actor = createEncounterActor(hq2SampleEncounter(), hq2)
    actor.send({ type: 'encounter.start' })
    // Play the AI for every side until some attack halts for a defence decision.
    for (let i = 0; i < 400 && actor.getSnapshot().context.state.pending === null; i++) {
      const { state } = actor.getSnapshot().context
      actor.send(chooseStep(state, hq2, whoDecides(state)!).command)
    }
    const halted = actor.getSnapshot()
    expect(halted.value).toEqual({ running: 'awaitingDecision' })
    // Only the answer is accepted while waiting.
    actor.send({ type: 'turn.end' })
    expect(actor.getSnapshot().context.commands).toHaveLength(halted.context.commands.length)
    const { request } = halted.context.state.pending!
    actor.send({ type: 'decision.answer', decisionId: request.id, choice: request.default })
    const after = actor.getSnapshot()
    expect(after.context.commands).toHaveLength(halted.context.commands.length + 1)
    expect(after.value).toEqual(
      after.context.state.pending ? { running: 'awaitingDecision' } : { running: 'awaitingAction' }
    )
  })
})
