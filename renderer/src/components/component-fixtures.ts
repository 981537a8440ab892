import { flushSync, mount, unmount, type Component } from 'svelte'
import { afterEach } from 'vitest'
import mcSample from '../../../resources/campaigns/minecraft-sample.json'
import { chooseStep } from '../../../ai/choose'
import { stateHash } from '../../../rules/core/hash'
import { campaignSchema, type Campaign } from '../../../rules/core/schemas'
import type { Command, EncounterState, Violation } from '../../../rules/core/types'
import { applyCommand, whoDecides } from '../../../rules/flow/engine'
import { getRuleset } from '../../../rules/systems'
import { MemoryStorage } from '../platform/memory-storage'
import { createWebStore } from '../platform/web-store'
import type { AiPlayer } from '../worker/ai-client'
import { EncounterSession } from '../state/encounter.svelte'
import { locale } from '../state/locale.svelte'
import { formatCost, type CostPart } from '../state/options'

// Real sessions for the component tests of panels that take an `EncounterSession`: the bundled Minecraft
// sample played by the real AI, saved in the web build's store over memory, the AI answered in-process
// (the worker's own `chooseStep`, without a Worker, which jsdom lacks).

const ruleset = getRuleset('minecraft')

/** The Minecraft sample's first (only) encounter id. */
export const SAMPLE_ENCOUNTER = campaignSchema.parse(structuredClone(mcSample)).encounters[0]!.id

/** The sample fight played by the AI for every figure from its start, with the commands that got there. */
export interface PlayedFight {
  campaign: Campaign
  state: EncounterState
  commands: Command[]
  /** The command the AI would send next (undefined once the fight is over). */
  next?: Command
}

/**
 * Plays the Minecraft sample from `encounter.start`, every figure choosing as the AI would, until `stop`
 * says so for the next command or the fight ends (at most `limit` commands). The campaign holds the result
 * as a saved record (its hash is the replayed state's) with every figure a person's, so a session opened on
 * it never plays by itself and the tests drive it; `keepAi` leaves the sample's AI monsters as they are.
 */
export function playSample(
  stop: (state: EncounterState, next: Command) => boolean = () => false,
  limit = 2000,
  keepAi = false
): PlayedFight {
  const campaign = campaignSchema.parse(structuredClone(mcSample))
  const record = campaign.encounters[0]!
  const sampled = record.initial as EncounterState
  const initial: EncounterState = keepAi
    ? sampled
    : { ...sampled, combatants: sampled.combatants.map((c) => ({ ...c, controller: 'human' })) }
  const commands: Command[] = [{ type: 'encounter.start' }]
  let state = step(initial, commands[0]!)
  let next: Command | undefined
  while (commands.length < limit && state.phase === 'running') {
    const decider = whoDecides(state)
    if (!decider) break
    const command = chooseStep(state, ruleset, decider).command
    if (stop(state, command)) {
      next = command
      break
    }
    state = step(state, command)
    commands.push(command)
  }
  const saved = { ...record, initial, commands, stateHash: stateHash(state) }
  return { campaign: { ...campaign, encounters: [saved] }, state, commands, ...(next ? { next } : {}) }
}

function step(state: EncounterState, command: Command): EncounterState {
  const result = applyCommand(state, command, ruleset)
  if (!result.ok) throw new Error(`refused ${command.type}: ${result.violation.code}`)
  return result.state
}

/** The AI in this thread: what the worker runs, answered at once. */
export const inThreadAi: AiPlayer = {
  choose: async (state, actorId) => chooseStep(state, getRuleset(state.system), actorId),
  dispose: () => {}
}

/** A session on `campaign`'s encounter as the app opens one, over a memory-backed web store. */
export function openSession(campaign: Campaign, encounterId = SAMPLE_ENCOUNTER): EncounterSession {
  const storage = new MemoryStorage()
  return new EncounterSession(campaign, encounterId, {
    store: createWebStore(storage, [campaign]),
    ai: inThreadAi,
    notesStorage: new MemoryStorage(),
    aiDelayMs: 0,
    describe: (v: Violation) => locale.code('violation', v.code, v.params),
    describeCost: (cost: readonly CostPart[]) => formatCost(locale.code, cost)
  })
}

/**
 * jsdom has `<dialog>` but not its modal methods: `showModal` and `close` toggle `open` as a browser's do
 * (no top layer, no focus trap), so a component that opens its dialog can mount.
 */
export function installDialogMethods(): void {
  const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
}

/** The element with this test id under `root`, or null. */
export const byTestId = <T extends HTMLElement = HTMLElement>(root: ParentNode, id: string): T | null =>
  root.querySelector<T>(`[data-testid="${id}"]`)

/** Sets a field's value and fires `input` (typing) or `change` (a select, a committed field), then renders. */
export function fire(
  kind: 'input' | 'change',
  field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null,
  value: string
): void {
  if (!field) throw new Error('no such field')
  field.value = value
  field.dispatchEvent(new Event(kind, { bubbles: true }))
  flushSync()
}

/**
 * Mounts components in fresh hosts and, after each test, unmounts them, empties the page and puts the
 * language back to Spanish: the cleanup every component test needs. Call once at a file's top level; the
 * function it returns mounts one component and gives back its host.
 */
export function mountPerTest() {
  let mounted: Array<ReturnType<typeof mount>> = []
  afterEach(() => {
    for (const component of mounted) unmount(component)
    mounted = []
    document.body.innerHTML = ''
    locale.set('es')
  })
  return <Props extends Record<string, unknown>>(component: Component<Props>, props: Props): HTMLElement => {
    const target = document.createElement('div')
    document.body.append(target)
    mounted.push(mount(component, { target, props }))
    flushSync()
    return target
  }
}
