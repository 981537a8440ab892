import { flushSync, mount, unmount } from 'svelte'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { chooseStep } from '../../../ai/choose'
import type { AiStep } from '../../../ai/types'
import type { Campaign } from '../../../rules/core/schemas'
import { stateHash } from '../../../rules/core/hash'
import type { Controller, EncounterState, Violation } from '../../../rules/core/types'
import { replay } from '../../../rules/flow/engine'
import { getRuleset } from '../../../rules/systems'
import { MemoryStorage } from '../platform/memory-storage'
import { createWebStore } from '../platform/web-store'
import { AutomationControl } from '../state/automation-control.svelte'
import { duplicateVersion } from '../state/builder'
import { EncounterSession } from '../state/encounter.svelte'
import { locale } from '../state/locale.svelte'
import { formatCost, type CostPart } from '../state/options'
import type { AiPlayer } from '../worker/ai-client'
import AutomationPanel from './AutomationPanel.svelte'
import {
  byTestId,
  fire,
  inThreadAi,
  installDialogMethods,
  playSample,
  SAMPLE_ENCOUNTER
} from './component-fixtures'

// Issue 21, bug 2 "Solo mode keeps the AI on your side": GM mode, heroes "La IA juega", back to solo, and
// the heroes still showed "IA" and the AI played them; new versions inherited it. Every path the mode
// takes (a switch, a reload, a new version, a switch while the AI is thinking) must leave the panel's mode
// and the figures' controllers saying the same thing, the player's side never played by the AI.

const HEROES = ['steve', 'alex']
/** An AI that never answers: the tests look at controllers, not at the AI's moves. */
const idleAi: AiPlayer = { choose: () => new Promise(() => {}), dispose: () => {} }

let mounted: { component: ReturnType<typeof mount>; session: EncounterSession }[] = []
beforeAll(installDialogMethods)
afterEach(() => {
  for (const m of mounted) {
    unmount(m.component)
    m.session.dispose()
  }
  mounted = []
  document.body.innerHTML = ''
})

function open(campaign: Campaign, encounterId = SAMPLE_ENCOUNTER, ai: AiPlayer = inThreadAi) {
  const session = new EncounterSession(campaign, encounterId, {
    store: createWebStore(new MemoryStorage(), [campaign]),
    ai,
    notesStorage: new MemoryStorage(),
    aiDelayMs: 0,
    describe: (v: Violation) => locale.code('violation', v.code, v.params),
    describeCost: (cost: readonly CostPart[]) => formatCost(locale.code, cost)
  })
  const control = new AutomationControl(session)
  const panel = document.createElement('div')
  document.body.append(panel)
  const component = mount(AutomationPanel, { target: panel, props: { session, control } })
  mounted.push({ component, session })
  flushSync()
  return { panel, session, control }
}

function pick(panel: HTMLElement, mode: 'solo' | 'gm'): void {
  const radio = byTestId<HTMLInputElement>(panel, `mode-${mode}`)
  if (!radio) throw new Error(`no ${mode} radio`)
  radio.checked = true
  radio.dispatchEvent(new Event('change', { bubbles: true }))
  flushSync()
}

const role = (panel: HTMLElement, side: string, value: string) =>
  fire('change', byTestId<HTMLSelectElement>(panel, `mode-side-${side}`), value)
const shownMode = (panel: HTMLElement) =>
  byTestId<HTMLInputElement>(panel, 'mode-solo')?.checked ? 'solo' : 'gm'
const heroControllers = (state: EncounterState) =>
  state.combatants.filter((c) => HEROES.includes(c.id)).map((c) => c.controller)

/** The campaign with its encounter's initial state replaced (the log replayed over it, the hash kept true). */
function withInitial(campaign: Campaign, initial: EncounterState): Campaign {
  const record = campaign.encounters[0]!
  const state = replay(initial, record.commands, getRuleset(initial.system))
  return { ...campaign, encounters: [{ ...record, initial, stateHash: stateHash(state) }] }
}

/** The figures of the campaign's encounter with the controllers `of` gives them. */
function withControllersOf(campaign: Campaign, of: (id: string) => Controller): Campaign {
  const initial = campaign.encounters[0]!.initial as EncounterState
  const combatants = initial.combatants.map((c) => ({ ...c, controller: of(c.id) }))
  return withInitial(campaign, { ...initial, combatants })
}

/** The started sample (Steve to act), heroes the player's and monsters the AI's: a solo game. */
const soloFight = (): Campaign =>
  withControllersOf(playSample(() => true).campaign, (id) => (HEROES.includes(id) ? 'human' : 'ai'))

/** GM mode with the AI playing both sides, as the GM left it before going back to solo. */
function aiPlaysEverySide(panel: HTMLElement): void {
  pick(panel, 'gm')
  role(panel, 'heroes', 'plays')
  role(panel, 'monsters', 'plays')
}

describe('the controller follows the play mode on every path', () => {
  it('switch: GM mode, heroes played by the AI, back to solo: the heroes are the player’s again', () => {
    const { panel, session } = open(soloFight(), SAMPLE_ENCOUNTER, {
      choose: () => new Promise(() => {}),
      dispose: () => {}
    })
    aiPlaysEverySide(panel)
    expect(heroControllers(session.state)).toEqual(['ai', 'ai'])
    pick(panel, 'solo')
    expect(shownMode(panel)).toBe('solo')
    expect(heroControllers(session.state)).toEqual(['human', 'human'])
  })

  it('reload: a session reopened after the switch shows solo with the heroes the player’s', async () => {
    const { panel, session } = open(soloFight(), SAMPLE_ENCOUNTER, {
      choose: () => new Promise(() => {}),
      dispose: () => {}
    })
    aiPlaysEverySide(panel)
    pick(panel, 'solo')
    await session.whenSaved()
    const again = open(session.campaign)
    expect(shownMode(again.panel)).toBe('solo')
    expect(heroControllers(again.session.state)).toEqual(['human', 'human'])
  })

  it('new version: one made while the AI plays every side opens in GM mode, and solo there is the player’s', () => {
    const { panel, session } = open(soloFight(), SAMPLE_ENCOUNTER, {
      choose: () => new Promise(() => {}),
      dispose: () => {}
    })
    aiPlaysEverySide(panel)
    const copy = duplicateVersion(session.campaign, SAMPLE_ENCOUNTER)
    const version = open(copy.campaign, copy.id, idleAi)
    expect(shownMode(version.panel)).toBe('gm')
    expect(byTestId<HTMLSelectElement>(version.panel, 'mode-side-heroes')?.value).toBe('plays')
    pick(version.panel, 'solo')
    expect(heroControllers(version.session.state)).toEqual(['human', 'human'])
  })

  it('a saved mode the figures no longer follow (a builder edit) is not shown as solo', () => {
    // Solo was saved, then every figure was given to the AI in the encounter's settings.
    const solo = { mode: 'solo' as const, heroSide: 'heroes', sides: {} }
    const edited: Campaign = {
      ...withControllersOf(soloFight(), () => 'ai'),
      automation: { encounters: { [SAMPLE_ENCOUNTER]: solo } }
    }
    const { panel } = open(edited, SAMPLE_ENCOUNTER, {
      choose: () => new Promise(() => {}),
      dispose: () => {}
    })
    expect(shownMode(panel)).toBe('gm')
    expect(byTestId<HTMLSelectElement>(panel, 'mode-side-heroes')?.value).toBe('plays')
  })

  it('AI mid-step: the step it was thinking for a hero is dropped when solo gives the heroes back', async () => {
    let answer: (() => void) | null = null
    let asked: EncounterState | null = null
    const slowAi: AiPlayer = {
      choose: (state, actorId) =>
        new Promise<AiStep>((resolve) => {
          asked = state
          answer = () => resolve(chooseStep(state, getRuleset(state.system), actorId))
        }),
      dispose: () => {}
    }
    const { panel, session } = open(soloFight(), SAMPLE_ENCOUNTER, slowAi)
    aiPlaysEverySide(panel)
    await new Promise((r) => setTimeout(r, 5))
    expect(asked).not.toBeNull()
    expect(session.state.turn?.activeId).toBe('steve')
    const logLength = session.state.log.length
    pick(panel, 'solo')
    answer!()
    await new Promise((r) => setTimeout(r, 5))
    expect(session.state.log.length).toBe(logLength)
    expect(heroControllers(session.state)).toEqual(['human', 'human'])
    expect(session.state.turn?.activeId).toBe('steve')
  })
})
