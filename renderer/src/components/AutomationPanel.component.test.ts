import { flushSync, mount, unmount } from 'svelte'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { dryRunDice } from '../../../rules/flow/dice-dry-run'
import { getRuleset } from '../../../rules/systems'
import { AutomationControl } from '../state/automation-control.svelte'
import type { EncounterSession } from '../state/encounter.svelte'
import { sampleCampaign } from '../state/fixtures'
import { locale } from '../state/locale.svelte'
import AutomationPanel from './AutomationPanel.svelte'
import {
  installDialogMethods,
  openSession,
  playSample,
  SAMPLE_ENCOUNTER,
  byTestId,
  fire
} from './component-fixtures'

// The automation panel (issue 7 "Automation level per rule family (off / remind / suggest / auto)", "Solo
// mode ... and GM mode (the GM controls all, AI plays whichever side or suggests)") over a real session of
// the Minecraft sample: what the GM picks is what the session's figures and saved campaign then hold.

let component: ReturnType<typeof mount> | null = null
let session: EncounterSession | null = null
beforeAll(installDialogMethods)
afterEach(() => {
  if (component) unmount(component)
  component = null
  session?.dispose()
  session = null
  document.body.innerHTML = ''
  locale.set('es')
})

function show(campaign = sampleCampaign()) {
  session = openSession(campaign)
  const control = new AutomationControl(session)
  const target = document.createElement('div')
  document.body.append(target)
  component = mount(AutomationPanel, { target, props: { session, control } })
  flushSync()
  return { panel: target, control, session }
}

/** Sets the field and fires `change`. */
const choose = (field: HTMLSelectElement | null, value: string): void => fire('change', field, value)

function pick(radio: HTMLInputElement | null): void {
  if (!radio) throw new Error('no such radio')
  radio.checked = true
  radio.dispatchEvent(new Event('change', { bubbles: true }))
  flushSync()
}

const controllers = (s: EncounterSession) =>
  Object.fromEntries(s.state.combatants.map((c) => [c.id, c.controller]))
const storedMode = (s: EncounterSession) => s.campaign.automation?.encounters?.[SAMPLE_ENCOUNTER]

describe('AutomationPanel', () => {
  it('shows each rule family at its level, in words, and saves a change', () => {
    locale.set('es')
    const { panel, control, session } = show()
    const dice = byTestId<HTMLSelectElement>(panel, 'automation-dice')!
    expect(dice.value).toBe('auto')
    expect([...dice.options].map((o) => o.textContent)).toEqual([
      'Desactivado',
      'Recordar',
      'Sugerir',
      'Automático'
    ])
    choose(byTestId(panel, 'automation-reactions'), 'off')
    expect(control.levels.reactions).toBe('off')
    // the other families keep theirs, and the campaign holds the change
    expect(control.levels.dice).toBe('auto')
    expect(session.campaign.automation).toMatchObject({ reactions: 'off' })
    expect(byTestId<HTMLSelectElement>(panel, 'automation-reactions')?.value).toBe('off')
  })

  it('solo mode: the side picked is the player’s, the other side the AI’s', () => {
    locale.set('es')
    const { panel, session } = show()
    expect(byTestId<HTMLInputElement>(panel, 'mode-solo')?.checked).toBe(true)
    const hero = byTestId<HTMLSelectElement>(panel, 'mode-hero-side')!
    expect(hero.value).toBe('heroes')
    expect([...hero.options].map((o) => o.textContent)).toEqual(['Héroes', 'Monstruos'])
    choose(hero, 'monsters')
    expect(controllers(session)).toMatchObject({
      steve: 'ai',
      alex: 'ai',
      'zombie-1': 'human',
      skeleton: 'human'
    })
    expect(storedMode(session)).toMatchObject({ mode: 'solo', heroSide: 'monsters' })
  })

  it('GM mode: every side the GM’s until the AI is given one to play or to suggest for', () => {
    locale.set('es')
    // every figure a person's: GM mode starts with the GM playing both sides
    const { panel, session } = show(playSample(() => true).campaign)
    expect(byTestId(panel, 'mode-side-heroes')).toBeNull()
    pick(byTestId(panel, 'mode-gm'))
    expect(byTestId(panel, 'mode-hero-side')).toBeNull()
    const monsters = byTestId<HTMLSelectElement>(panel, 'mode-side-monsters')!
    expect(monsters.value).toBe('gm')
    expect(Object.values(controllers(session))).toEqual(Array(6).fill('gm'))
    choose(monsters, 'plays')
    expect(controllers(session)).toMatchObject({ steve: 'gm', 'zombie-1': 'ai', skeleton: 'ai' })
    choose(byTestId(panel, 'mode-side-heroes'), 'suggests')
    expect(session.ai.suggestSides).toEqual(['heroes'])
    expect(storedMode(session)).toEqual({
      mode: 'gm',
      heroSide: 'heroes',
      sides: { heroes: 'suggests', monsters: 'plays' }
    })
  })

  it('opens the dice dialog for a roll once dice are set to "off"', () => {
    const ruleset = getRuleset('minecraft')
    const fight = playSample((state, next) => {
      const run = dryRunDice(state, next, ruleset)
      return run.ok && run.dice.length > 0
    })
    const { panel, session } = show(fight.campaign)
    session.send(fight.next!)
    flushSync()
    // at "auto" the command went with the app's dice
    expect(byTestId(panel, 'dice-entry')).toBeNull()
    expect(session.state.log.length).toBeGreaterThan(fight.state.log.length)
    session.undo()
    choose(byTestId(panel, 'automation-dice'), 'off')
    session.send(fight.next!)
    flushSync()
    expect(byTestId(panel, 'dice-entry')?.hasAttribute('open')).toBe(true)
    expect(session.state.log.length).toBe(fight.state.log.length)
  })
})

describe('AutomationPanel folded', () => {
  it('shows an expand marker in its summary (issue 21: no marker once collapsed)', () => {
    const { panel } = show()
    const details = byTestId<HTMLDetailsElement>(panel, 'automation-panel')!
    const marker = details.querySelector(':scope > summary [data-testid="automation-expand-marker"]')
    expect(details.open).toBe(false)
    expect(marker?.textContent).toBe('▸')
    expect(marker?.getAttribute('aria-hidden')).toBe('true')
  })
})
