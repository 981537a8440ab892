import { flushSync, mount, tick, unmount } from 'svelte'
import { byTestId, fire } from './component-fixtures'
import { afterEach, describe, expect, it, vi } from 'vitest'
import pfSample from '../../../resources/campaigns/pathfinder1e-sample.json'
import { campaignSchema, type Campaign } from '../../../rules/core/schemas'
import type { EncounterState } from '../../../rules/core/types'
import { locale } from '../state/locale.svelte'
import EncounterSettingsPanel from './EncounterSettingsPanel.svelte'

// The encounter builder's settings (issue 7 "set controllers per figure (human / AI personality + level /
// GM), objectives (defeat all, survive N rounds, escape, protect), surprise"), on the Pathfinder sample's
// goblin ambush: what the GM sets is what the save callback receives in the campaign it is handed.

const ENCOUNTER = 'pathfinder1e-goblin-ambush'

let component: ReturnType<typeof mount> | null = null
afterEach(() => {
  if (component) unmount(component)
  component = null
  document.body.innerHTML = ''
  locale.set('es')
})

const sample = (): Campaign => campaignSchema.parse(structuredClone(pfSample))

function show(
  campaign: Campaign,
  onsave: (campaign: Campaign) => Promise<void> = async () => {},
  onclose = vi.fn()
): HTMLElement {
  const target = document.createElement('div')
  document.body.append(target)
  component = mount(EncounterSettingsPanel, {
    target,
    props: { campaign, encounterId: ENCOUNTER, onsave, onclose }
  })
  flushSync()
  return target
}

/** Picks an option or types a value the way the browser reports it: the value, then `change`. */
/** Sets the field and fires `change`. */
const choose = (field: HTMLInputElement | HTMLSelectElement | null, value: string): void =>
  fire('change', field, value)

function check(box: HTMLInputElement | null): void {
  if (!box) throw new Error('no such box')
  box.checked = !box.checked
  box.dispatchEvent(new Event('change', { bubbles: true }))
  flushSync()
}

const initialOf = (campaign: Campaign) =>
  campaign.encounters.find((e) => e.id === ENCOUNTER)?.initial as EncounterState

describe('EncounterSettingsPanel', () => {
  it('saves a "survive N rounds" objective, a figure’s controller and AI personality, and surprise', async () => {
    locale.set('es')
    const onsave = vi.fn(async (_: Campaign) => {})
    const panel = show(sample(), onsave)
    expect(byTestId(panel, 'objective-0')).toBeNull()
    choose(byTestId(panel, 'objective-kind'), 'survive')
    byTestId(panel, 'objective-add')?.click()
    flushSync()
    expect(byTestId(panel, 'objective-0')?.querySelector('legend')?.textContent).toBe('Sobrevivir N asaltos')
    choose(byTestId(panel, 'objective-0-side'), 'goblins')
    choose(byTestId(panel, 'objective-0-rounds'), '5')
    // a hero handed to the AI gets the AI's choices; the GM takes a goblin
    expect(byTestId(panel, 'personality-tobi')).toBeNull()
    choose(byTestId(panel, 'controller-tobi'), 'ai')
    choose(byTestId(panel, 'personality-tobi'), 'coward')
    choose(byTestId(panel, 'level-tobi'), 'hard')
    choose(byTestId(panel, 'controller-hobgoblin'), 'gm')
    expect(byTestId(panel, 'personality-hobgoblin')).toBeNull()
    // the sample's ambush shows in its settings: the heroes start surprised; Irene is spared
    expect(byTestId<HTMLInputElement>(panel, 'surprised-irene')?.checked).toBe(true)
    check(byTestId(panel, 'surprised-irene'))
    byTestId(panel, 'encounter-settings-save')?.click()
    await tick()
    expect(onsave).toHaveBeenCalledTimes(1)
    const saved = initialOf(onsave.mock.calls[0]![0])
    expect(saved.objectives).toEqual([{ kind: 'survive', side: 'goblins', rounds: 5 }])
    expect(saved.surprised).toEqual(['valeria', 'tobi', 'anselma'])
    const tobi = saved.combatants.find((c) => c.id === 'tobi')
    expect(tobi?.controller).toBe('ai')
    expect(tobi?.ai).toMatchObject({ personality: 'coward', level: 'hard' })
    expect(saved.combatants.find((c) => c.id === 'hobgoblin')?.controller).toBe('gm')
    // the figures nobody touched keep who played them
    expect(saved.combatants.find((c) => c.id === 'valeria')?.controller).toBe('human')
    await tick()
    expect(byTestId(panel, 'encounter-settings-status')?.textContent).toBe('Guardado.')
  })

  it('refuses zero rounds to survive with a localized reason and no save', () => {
    locale.set('en')
    const onsave = vi.fn(async () => {})
    const panel = show(sample(), onsave)
    choose(byTestId(panel, 'objective-kind'), 'survive')
    byTestId(panel, 'objective-add')?.click()
    flushSync()
    choose(byTestId(panel, 'objective-0-rounds'), '0')
    const save = byTestId<HTMLButtonElement>(panel, 'encounter-settings-save')
    expect(save?.disabled).toBe(true)
    expect(byTestId(panel, 'encounter-settings-problems')?.textContent).toMatch(/rounds/i)
    save?.click()
    expect(onsave).not.toHaveBeenCalled()
  })

  it('removes an objective', async () => {
    const onsave = vi.fn(async (_: Campaign) => {})
    const panel = show(sample(), onsave)
    byTestId(panel, 'objective-add')?.click()
    flushSync()
    byTestId(panel, 'objective-0-remove')?.click()
    flushSync()
    expect(byTestId(panel, 'objective-0')).toBeNull()
    byTestId(panel, 'encounter-settings-save')?.click()
    await tick()
    expect(initialOf(onsave.mock.calls[0]![0]).objectives).toBeUndefined()
  })

  it('shows a started encounter read-only', () => {
    locale.set('es')
    const campaign = sample()
    const started: Campaign = {
      ...campaign,
      encounters: campaign.encounters.map((e) => ({ ...e, commands: [{ type: 'encounter.start' }] }))
    }
    const onsave = vi.fn(async () => {})
    const panel = show(started, onsave)
    expect(byTestId(panel, 'encounter-settings-locked')?.textContent).toBe(
      'El encuentro ya ha empezado: sus ajustes no pueden cambiar.'
    )
    const controls = [
      ...panel.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLButtonElement>(
        'select, input, button'
      )
    ].filter((el) => el.dataset.testid !== 'encounter-settings-close')
    expect(controls.length).toBeGreaterThan(10)
    expect(controls.filter((el) => !el.disabled).map((el) => el.dataset.testid)).toEqual([])
    byTestId(panel, 'encounter-settings-save')?.click()
    expect(onsave).not.toHaveBeenCalled()
  })

  it('closes through its callback', () => {
    const onclose = vi.fn()
    const panel = show(sample(), undefined, onclose)
    byTestId(panel, 'encounter-settings-close')?.click()
    expect(onclose).toHaveBeenCalledTimes(1)
  })
})
