import { createActor, type AnyStateNode, type AnyTransitionDefinition } from 'xstate'
import { describe, expect, it } from 'vitest'
import { chooseStep } from '../../ai'
import type { Ruleset } from '../core/ruleset'
import type { Command, EncounterState } from '../core/types'
import { getRuleset } from '../systems'
import { hq2SampleEncounter } from '../systems/hq2'
import { makeEncounter } from '../systems/minecraft/test-fixtures'
import { encounterMachine } from './encounter.machine'
import { applyCommand, replay, whoDecides } from './engine'

// Issue 8: every state and transition of the encounter machine is reached by an explicit path. @xstate/graph
// is not a dependency, so the machine's own definition is walked (root → states, their `on` and `always`
// transitions) and every path below records, through the actor's inspection, which state nodes it entered
// and which transition definitions it took; the last test asserts nothing of the machine was left unvisited.

/** Every state node of the machine, root included. */
function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allStateNodes)]
}

const nodes = allStateNodes(encounterMachine.root)
/** Every transition the machine defines: event-driven (`on`) and eventless (`always`). */
const transitions: AnyTransitionDefinition[] = nodes.flatMap((n) => [
  ...[...n.transitions.values()].flat(),
  ...(n.always ?? [])
])

/** A transition's name for messages: source, event (or `always`), guard and target. */
function describeTransition(t: AnyTransitionDefinition): string {
  // Named guards read as their name; a composed one (`not('isPending')`) is a function.
  const guard = t.guard ? ` [${typeof t.guard === 'string' ? t.guard : 'composed'}]` : ''
  const target = t.target?.map((s) => s.id).join(',') ?? '(self)'
  return `${t.source.id} --${t.eventType || 'always'}${guard}--> ${target}`
}

const visitedNodes = new Set<string>()
const takenTransitions = new Set<AnyTransitionDefinition>()

/**
 * An encounter actor (as `createEncounterActor` makes it) with an inspector attached before it starts, so
 * the eventless transitions of start-up (resuming → ...) are recorded with the rest.
 */
function tracedActor(state: EncounterState, ruleset: Ruleset, commands: Command[] = []) {
  const actor = createActor(encounterMachine, {
    input: { state, ruleset, commands },
    inspect: (e) => {
      if (e.type !== '@xstate.microstep') return
      for (const t of (e as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
        takenTransitions.add(t)
        // A transient state (resuming) never shows in a settled snapshot: leaving it proves it was entered.
        visitedNodes.add(t.source.id)
      }
    }
  })
  const record = () => {
    for (const n of actor.getSnapshot()._nodes) visitedNodes.add(n.id)
  }
  actor.subscribe(record)
  actor.start()
  record()
  return actor
}

const minecraft = getRuleset('minecraft')
const hq2 = getRuleset('hq2')

/** A two-figure Minecraft skirmish in setup. */
function setupState(): EncounterState {
  const s = makeEncounter({
    width: 6,
    height: 4,
    figures: [
      { id: 'h', side: 'heroes', at: [1, 1], creature: 'minecraft:steve' },
      { id: 'm', side: 'monsters', at: [4, 1], creature: 'minecraft:zombie' }
    ],
    activeId: null
  })
  return { ...s, phase: 'setup', round: 0 }
}

/** The HQ2 sample played by the AI until an action halts for a decision: a state in awaitingDecision. */
function pendingHq2(): { state: EncounterState; commands: Command[] } {
  const commands: Command[] = [{ type: 'encounter.start' }]
  const started = applyCommand(hq2SampleEncounter(), commands[0]!, hq2)
  if (!started.ok) throw new Error('start refused')
  let state = started.state
  for (let i = 0; i < 400 && !state.pending; i++) {
    const { command } = chooseStep(state, hq2, whoDecides(state)!)
    const result = applyCommand(state, command, hq2)
    if (!result.ok) throw new Error(`AI step refused: ${result.violation.code}`)
    commands.push(command)
    state = result.state
  }
  if (!state.pending) throw new Error('no decision reached')
  return { state, commands }
}

/** A Minecraft state one blow from the end: the zombie at 1 life at the hero's side, facing away. */
function lastBlowState(): EncounterState {
  const s = setupState()
  return {
    ...s,
    combatants: s.combatants.map((c) =>
      c.id === 'm' ? { ...c, pos: { x: 2, y: 1, z: 0 }, life: 1, facing: 2 } : c
    )
  }
}

describe('encounter machine graph', () => {
  it('defines the states and transitions this suite walks', () => {
    expect(nodes.map((n) => n.id).sort()).toEqual(
      [
        'encounter',
        'encounter.resuming',
        'encounter.setup',
        'encounter.running',
        'encounter.running.awaitingAction',
        'encounter.running.awaitingDecision',
        'encounter.ended'
      ].sort()
    )
    expect(transitions.map(describeTransition).sort()).toEqual(
      [
        'encounter.resuming --always [isSetup]--> encounter.setup',
        'encounter.resuming --always [isEnded]--> encounter.ended',
        'encounter.resuming --always--> encounter.running',
        'encounter.setup --encounter.start--> encounter.resuming',
        'encounter.running --always [isEnded]--> encounter.ended',
        'encounter.running.awaitingAction --always [isPending]--> encounter.running.awaitingDecision',
        'encounter.running.awaitingAction --action.declare--> (self)',
        'encounter.running.awaitingAction --activation.select--> (self)',
        'encounter.running.awaitingAction --door.set--> (self)',
        'encounter.running.awaitingAction --life.set--> (self)',
        'encounter.running.awaitingAction --turn.end--> (self)',
        'encounter.running.awaitingDecision --always [composed]--> encounter.running.awaitingAction',
        'encounter.running.awaitingDecision --decision.answer--> (self)'
      ].sort()
    )
  })

  it('path: resuming → setup → (encounter.start) → resuming → running.awaitingAction', () => {
    const actor = tracedActor(setupState(), minecraft)
    expect(actor.getSnapshot().value).toBe('setup')
    actor.send({ type: 'encounter.start' })
    expect(actor.getSnapshot().value).toEqual({ running: 'awaitingAction' })
  })

  it('path: awaitingAction takes action.declare, activation.select and turn.end (self transitions)', () => {
    const actor = tracedActor(setupState(), minecraft)
    actor.send({ type: 'encounter.start' })
    const { state } = actor.getSnapshot().context
    const move = minecraft.legalActions(state, state.turn!.activeId).find((a) => a.kind === 'move')!
    actor.send({ type: 'action.declare', action: move })
    expect(actor.getSnapshot().context.violation).toBeNull()
    // Minecraft lets no one else take an activation the hero started: refused, but the transition is taken.
    actor.send({ type: 'activation.select', actorId: 'h' })
    expect(actor.getSnapshot().context.violation).not.toBeNull()
    actor.send({ type: 'turn.end' })
    expect(actor.getSnapshot().context.commands.map((c) => c.type)).toEqual([
      'encounter.start',
      'action.declare',
      'turn.end'
    ])
    expect(actor.getSnapshot().value).toEqual({ running: 'awaitingAction' })
  })

  it("path: awaitingAction takes door.set and life.set, the GM's hands on the map (self transitions)", () => {
    const withDoor = setupState()
    const door = { x: 2, y: 0, side: 'w' as const, open: false }
    const actor = tracedActor({ ...withDoor, board: { ...withDoor.board, doors: [door] } }, minecraft)
    actor.send({ type: 'encounter.start' })
    actor.send({ type: 'door.set', x: 2, y: 0, side: 'w', open: true })
    expect(actor.getSnapshot().context.violation).toBeNull()
    expect(actor.getSnapshot().context.state.board.doors).toEqual([{ ...door, open: true }])
    const hero = actor.getSnapshot().context.state.combatants.find((c) => c.id === 'h')!
    actor.send({ type: 'life.set', id: 'h', life: hero.life - 1 })
    expect(actor.getSnapshot().context.violation).toBeNull()
    expect(actor.getSnapshot().context.state.combatants.find((c) => c.id === 'h')!.life).toBe(hero.life - 1)
    expect(actor.getSnapshot().context.commands.map((c) => c.type)).toEqual([
      'encounter.start',
      'door.set',
      'life.set'
    ])
    expect(actor.getSnapshot().value).toEqual({ running: 'awaitingAction' })
  })

  it('path: awaitingAction → awaitingDecision → (decision.answer) → awaitingAction', () => {
    const { state, commands } = pendingHq2()
    const before = applyCommand(state, { type: 'turn.end' }, hq2)
    expect(before.ok).toBe(false)
    // Resume one command before the halt so the machine itself takes awaitingAction → awaitingDecision.
    const previous = commands.slice(0, -1)
    const actor = tracedActor(replay(hq2SampleEncounter(), previous, hq2), hq2, previous)
    actor.send(commands[commands.length - 1]!)
    expect(actor.getSnapshot().value).toEqual({ running: 'awaitingDecision' })
    // Answer until the action resolves (an action may ask several decisions in turn).
    for (let i = 0; i < 10 && actor.getSnapshot().context.state.pending; i++) {
      const { request } = actor.getSnapshot().context.state.pending!
      actor.send({ type: 'decision.answer', decisionId: request.id, choice: request.default })
    }
    expect(actor.getSnapshot().value).toEqual({ running: 'awaitingAction' })
  })

  it('path: running → ended when a side falls; resuming → ended for a saved finished fight', () => {
    const actor = tracedActor(lastBlowState(), minecraft)
    actor.send({ type: 'encounter.start' })
    for (let i = 0; i < 60 && actor.getSnapshot().status !== 'done'; i++) {
      const { state } = actor.getSnapshot().context
      const legal = minecraft.legalActions(state, state.turn!.activeId)
      const attack = legal.find((a) => a.kind === 'melee')
      const step = legal.find((a) => a.kind === 'move' && a.path?.length === 1)
      if (state.turn!.activeId !== 'h') actor.send({ type: 'turn.end' })
      else if (attack) actor.send({ type: 'action.declare', action: attack })
      else if (step) actor.send({ type: 'action.declare', action: step })
      else actor.send({ type: 'turn.end' })
    }
    expect(actor.getSnapshot().value).toBe('ended')
    const saved = actor.getSnapshot().context
    const resumed = tracedActor(saved.state, minecraft, saved.commands)
    expect(resumed.getSnapshot().value).toBe('ended')
    expect(resumed.getSnapshot().status).toBe('done')
  })
})

describe('encounter machine edges', () => {
  it('refuses play commands in setup without leaving it', () => {
    const actor = tracedActor(setupState(), minecraft)
    const move = { kind: 'move', actorId: 'h', path: [{ x: 2, y: 1, z: 0 }] }
    const wrong: Command[] = [
      { type: 'turn.end' },
      { type: 'action.declare', action: move },
      { type: 'activation.select', actorId: 'h' },
      { type: 'decision.answer', decisionId: 'x', choice: 0 }
    ]
    for (const command of wrong) {
      actor.send(command)
      expect(actor.getSnapshot().value).toBe('setup')
      // The engine refuses them too, whoever calls it.
      const result = applyCommand(setupState(), command, minecraft)
      expect(result.ok ? 'accepted' : result.violation.code).toBe('notRunning')
    }
    expect(actor.getSnapshot().context.commands).toEqual([])
  })

  it('refuses encounter.start while running and a decision.answer with nothing pending', () => {
    const actor = tracedActor(setupState(), minecraft)
    actor.send({ type: 'encounter.start' })
    const { state } = actor.getSnapshot().context
    const again = applyCommand(state, { type: 'encounter.start' }, minecraft)
    expect(again.ok ? 'accepted' : again.violation.code).toBe('alreadyStarted')
    actor.send({ type: 'encounter.start' })
    actor.send({ type: 'decision.answer', decisionId: 'x', choice: 0 })
    expect(actor.getSnapshot().context.commands).toHaveLength(1)
    expect(actor.getSnapshot().value).toEqual({ running: 'awaitingAction' })
  })

  it('lets a pending decision block every other command, and refuses wrong answers', () => {
    const { state } = pendingHq2()
    const { request } = state.pending!
    const actor = tracedActor(state, hq2)
    expect(actor.getSnapshot().value).toEqual({ running: 'awaitingDecision' })
    const others: Command[] = [
      { type: 'turn.end' },
      { type: 'action.declare', action: state.pending!.action },
      { type: 'activation.select', actorId: state.turn!.activeId },
      { type: 'encounter.start' }
    ]
    for (const command of others) {
      actor.send(command)
      const result = applyCommand(state, command, hq2)
      expect(result.ok ? 'accepted' : result.violation.code).toMatch(/decisionPending|alreadyStarted/)
    }
    const wrongId = applyCommand(state, { type: 'decision.answer', decisionId: 'nope', choice: 0 }, hq2)
    expect(wrongId.ok ? 'accepted' : wrongId.violation.code).toBe('otherDecisionPending')
    const badChoice = applyCommand(
      state,
      { type: 'decision.answer', decisionId: request.id, choice: 'no-such-choice' },
      hq2
    )
    expect(badChoice.ok ? 'accepted' : badChoice.violation.code).toBe('invalidAnswer')
    expect(actor.getSnapshot().context.commands).toEqual([])
    expect(actor.getSnapshot().context.state).toBe(state)
    expect(actor.getSnapshot().value).toEqual({ running: 'awaitingDecision' })
  })

  it('resumes a saved state in each phase: setup, awaitingAction, awaitingDecision, ended', () => {
    const setup = setupState()
    expect(tracedActor(setup, minecraft).getSnapshot().value).toBe('setup')
    const started = applyCommand(setup, { type: 'encounter.start' }, minecraft)
    if (!started.ok) throw new Error('start refused')
    expect(tracedActor(started.state, minecraft).getSnapshot().value).toEqual({ running: 'awaitingAction' })
    const { state, commands } = pendingHq2()
    const resumed = tracedActor(state, hq2, commands)
    expect(resumed.getSnapshot().value).toEqual({ running: 'awaitingDecision' })
    expect(resumed.getSnapshot().context.commands).toHaveLength(commands.length)
    const ended = tracedActor({ ...started.state, phase: 'ended', turn: null, winner: 'heroes' }, minecraft)
    expect(ended.getSnapshot().value).toBe('ended')
    expect(ended.getSnapshot().status).toBe('done')
  })
})

// Vitest runs a file's tests in order: this one comes after every path above.
describe('encounter machine coverage', () => {
  it('visits every state node and takes every transition', () => {
    const missedNodes = nodes.map((n) => n.id).filter((id) => !visitedNodes.has(id))
    const missedTransitions = transitions.filter((t) => !takenTransitions.has(t)).map(describeTransition)
    expect(missedNodes).toEqual([])
    expect(missedTransitions).toEqual([])
  })
})
