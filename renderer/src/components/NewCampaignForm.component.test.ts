import { flushSync, mount, unmount } from 'svelte'
import { byTestId, fire } from './component-fixtures'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryStorage } from '../platform/memory-storage'
import { createWebStore } from '../platform/web-store'
import { CampaignActions } from '../state/campaign-actions.svelte'
import { locale } from '../state/locale.svelte'
import NewCampaignForm from './NewCampaignForm.svelte'

// "New campaign" (issue 7 "create (choose a ruleset)"): a name and one of the five rulesets, created
// through the real campaign actions over the web build's store.

let component: ReturnType<typeof mount> | null = null
afterEach(() => {
  if (component) unmount(component)
  component = null
  document.body.innerHTML = ''
  locale.set('es')
})

function setup() {
  const store = createWebStore(new MemoryStorage(), [])
  const actions = new CampaignActions(
    () => store,
    async () => {},
    () => 'unused.json'
  )
  const oncreate = vi.fn((name: string, system: Parameters<CampaignActions['create']>[1]) =>
    actions.create(name, system)
  )
  const target = document.createElement('div')
  document.body.append(target)
  component = mount(NewCampaignForm, { target, props: { oncreate } })
  flushSync()
  return { form: target, store, oncreate }
}

function open(root: HTMLElement): void {
  byTestId(root, 'new-campaign')?.click()
  flushSync()
}

/** Sets the field and fires `input`. */
const type = (field: HTMLInputElement | null, value: string): void => fire('input', field, value)

describe('NewCampaignForm', () => {
  it('lists the five rulesets by their localized names', () => {
    locale.set('es')
    const { form } = setup()
    open(form)
    const select = byTestId<HTMLSelectElement>(form, 'new-campaign-system')!
    // in the schema's order, which is no promise: compared as a set of pairs
    const options = () => Object.fromEntries([...select.options].map((o) => [o.value, o.textContent]))
    expect(select.options.length).toBe(5)
    expect(options()).toEqual({
      minecraft: 'Minecraft (miniaturas de papel)',
      pathfinder1e: 'Pathfinder 1.ª ed.',
      hq2: 'HeroQuest 2',
      athkri: 'Athkri',
      carnevale: 'Carnevale'
    })
    locale.set('en')
    flushSync()
    expect(options()).toMatchObject({
      minecraft: 'Minecraft (paper miniatures)',
      pathfinder1e: 'Pathfinder 1st ed.'
    })
  })

  it('creates a campaign of the chosen ruleset and closes', async () => {
    const { form, store, oncreate } = setup()
    open(form)
    type(byTestId(form, 'new-campaign-name'), 'Tumbas de Arkham')
    const select = byTestId<HTMLSelectElement>(form, 'new-campaign-system')!
    select.value = 'hq2'
    select.dispatchEvent(new Event('change', { bubbles: true }))
    flushSync()
    byTestId(form, 'new-campaign-create')?.click()
    await vi.waitFor(() => expect(byTestId(form, 'new-campaign-form')).toBeNull())
    expect(oncreate).toHaveBeenCalledWith('Tumbas de Arkham', 'hq2')
    const list = await store.list()
    expect(list.map((c) => [c.name, c.system])).toEqual([['Tumbas de Arkham', 'hq2']])
  })

  it('refuses an empty name before anything is sent', () => {
    const { form, oncreate } = setup()
    open(form)
    byTestId(form, 'new-campaign-create')?.click()
    flushSync()
    expect(oncreate).not.toHaveBeenCalled()
    expect(byTestId<HTMLInputElement>(form, 'new-campaign-name')?.validity.valueMissing).toBe(true)
    expect(byTestId(form, 'new-campaign-form')).not.toBeNull()
  })

  it('shows the store’s localized refusal of a name of blanks and stays open', async () => {
    locale.set('en')
    const { form, store } = setup()
    open(form)
    type(byTestId(form, 'new-campaign-name'), '    ')
    byTestId(form, 'new-campaign-create')?.click()
    const error = await vi.waitFor(() => {
      const found = byTestId(form, 'new-campaign-error')
      expect(found).not.toBeNull()
      return found!
    })
    expect(error.textContent).toMatch(/^Could not create the campaign: a name must be 1 to \d+ characters/)
    expect(await store.list()).toEqual([])
  })

  it('closes with Esc without creating anything', () => {
    const { form, oncreate } = setup()
    open(form)
    type(byTestId(form, 'new-campaign-name'), 'Algo')
    byTestId(form, 'new-campaign-name')?.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
    )
    flushSync()
    expect(byTestId(form, 'new-campaign-form')).toBeNull()
    expect(oncreate).not.toHaveBeenCalled()
    // opened again, the old text is gone
    open(form)
    expect(byTestId<HTMLInputElement>(form, 'new-campaign-name')?.value).toBe('')
  })
})
