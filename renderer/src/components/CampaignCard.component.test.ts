import { flushSync, mount, unmount } from 'svelte'
import { byTestId, fire } from './component-fixtures'
import { afterEach, describe, expect, it, vi } from 'vitest'
import mcSample from '../../../resources/campaigns/minecraft-sample.json'
import { campaignSchema, type CampaignSummary } from '../../../rules/core/schemas'
import { MemoryStorage } from '../platform/memory-storage'
import { createWebStore } from '../platform/web-store'
import { CampaignActions } from '../state/campaign-actions.svelte'
import { locale } from '../state/locale.svelte'
import CampaignCard from './CampaignCard.svelte'

// One campaign of the list (issue 7 "Campaign list: create, open, rename, duplicate, delete"): renamed in
// place through the real campaign actions over the web build's store, so a refused name is the store's own
// refusal, worded in the GM's language.

const sample = campaignSchema.parse(structuredClone(mcSample))
const ID = sample.id

let component: ReturnType<typeof mount> | null = null
afterEach(() => {
  if (component) unmount(component)
  component = null
  document.body.innerHTML = ''
  locale.set('es')
})

function setup() {
  const store = createWebStore(new MemoryStorage(), [sample])
  const actions = new CampaignActions(
    () => store,
    async () => {},
    () => 'unused.json'
  )
  const summary: CampaignSummary = {
    id: ID,
    name: sample.name,
    system: sample.system,
    encounterCount: sample.encounters.length
  } as CampaignSummary
  const onrename = vi.fn((name: string) => actions.rename(ID, name))
  const calls = {
    onopen: vi.fn(),
    onbackups: vi.fn(),
    onduplicate: vi.fn(),
    onexport: vi.fn(),
    ondelete: vi.fn()
  }
  const target = document.createElement('ul')
  document.body.append(target)
  component = mount(CampaignCard, {
    target,
    props: { campaign: summary, lastOpened: null, onrename, ...calls }
  })
  flushSync()
  return { card: target, store, onrename, calls }
}

/** Sets the field and fires `input`. */
const type = (field: HTMLInputElement | null, value: string): void => fire('input', field, value)

function press(field: HTMLElement | null, key: string): void {
  field?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
  flushSync()
}

describe('CampaignCard', () => {
  it('shows the name, the ruleset by its localized name, and the encounters', () => {
    locale.set('en')
    const { card } = setup()
    expect(byTestId(card, 'campaign-name-' + ID)?.textContent).toBe(sample.name)
    expect(card.textContent).toContain('Minecraft (paper miniatures)')
    locale.set('es')
    flushSync()
    expect(card.textContent).toContain('Minecraft (miniaturas de papel)')
  })

  it('renames with Enter: the store gets the new name and the field closes', async () => {
    const { card, store, onrename } = setup()
    byTestId(card, 'rename-' + ID)?.click()
    flushSync()
    const field = byTestId<HTMLInputElement>(card, 'rename-field-' + ID)
    expect(field?.value).toBe(sample.name)
    type(field, 'La mina perdida')
    press(field, 'Enter')
    await vi.waitFor(() => expect(byTestId(card, 'rename-field-' + ID)).toBeNull())
    expect(onrename).toHaveBeenCalledWith('La mina perdida')
    expect((await store.load(ID)).name).toBe('La mina perdida')
  })

  it('cancels a rename with Esc: nothing is sent and the name stays', () => {
    const { card, onrename } = setup()
    byTestId(card, 'rename-' + ID)?.click()
    flushSync()
    const field = byTestId<HTMLInputElement>(card, 'rename-field-' + ID)
    type(field, 'Otra cosa')
    press(field, 'Escape')
    expect(byTestId(card, 'rename-field-' + ID)).toBeNull()
    expect(byTestId(card, 'campaign-name-' + ID)?.textContent).toBe(sample.name)
    expect(onrename).not.toHaveBeenCalled()
  })

  it('refuses a blank name with a localized reason and keeps the field open', async () => {
    locale.set('es')
    const { card, store } = setup()
    byTestId(card, 'rename-' + ID)?.click()
    flushSync()
    const field = byTestId<HTMLInputElement>(card, 'rename-field-' + ID)
    type(field, '   ')
    press(field, 'Enter')
    const error = await vi.waitFor(() => {
      const found = byTestId(card, 'rename-error-' + ID)
      expect(found).not.toBeNull()
      return found!
    })
    expect(error.textContent).toMatch(/^No se pudo renombrar: el nombre debe tener entre 1 y \d+ caracteres/)
    expect(byTestId(card, 'rename-field-' + ID)).not.toBeNull()
    expect((await store.load(ID)).name).toBe(sample.name)
  })

  it("reports each action button's click", () => {
    const { card, calls } = setup()
    for (const [id, fn] of [
      ['open', calls.onopen],
      ['duplicate', calls.onduplicate],
      ['export', calls.onexport],
      ['backups', calls.onbackups],
      ['delete', calls.ondelete]
    ] as const) {
      byTestId(card, `${id}-${ID}`)?.click()
      expect(fn, id).toHaveBeenCalledTimes(1)
    }
  })
})

describe('Duplicar clicked twice (issue 21: a double-click made two copies)', () => {
  const click = (button: HTMLElement | null, detail: number) =>
    button?.dispatchEvent(new MouseEvent('click', { bubbles: true, detail }))

  it('the card asks once for a double-click, once per separate click', () => {
    const { card, calls } = setup()
    const button = byTestId(card, 'duplicate-' + ID)
    click(button, 1)
    click(button, 2)
    expect(calls.onduplicate).toHaveBeenCalledTimes(1)
    click(button, 1)
    expect(calls.onduplicate).toHaveBeenCalledTimes(2)
  })

  it('the actions make one copy while one is under way', async () => {
    const store = createWebStore(new MemoryStorage(), [sample])
    const actions = new CampaignActions(
      () => store,
      async () => {},
      () => 'unused.json'
    )
    const copy = vi.spyOn(store, 'duplicate')
    await Promise.all([actions.duplicate(ID, 'Copia'), actions.duplicate(ID, 'Copia')])
    expect(copy).toHaveBeenCalledTimes(1)
    expect((await store.list()).length).toBe(2)
  })
})
