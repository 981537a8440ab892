import { flushSync, mount, unmount } from 'svelte'
import { afterEach, describe, expect, it } from 'vitest'
import type { CampaignListEntry } from '../../../main/store/campaign-store'
import { MemoryStorage } from '../platform/memory-storage'
import { createWebStore } from '../platform/web-store'
import { CampaignActions } from '../state/campaign-actions.svelte'
import { OPENED_KEY } from '../state/last-opened'
import { locale } from '../state/locale.svelte'
import CampaignList from './CampaignList.svelte'
import { byTestId } from './component-fixtures'

// Issue 18 "Never lose a campaign, part 2": campaigns this version cannot open are on the list, read-only,
// with why; never offered to open, rename, duplicate, export, back up or delete, and never "continued".

const entries: CampaignListEntry[] = [
  { id: 'mine', name: 'La mina', system: 'minecraft', encounterCount: 2 },
  {
    id: 'future',
    name: 'Del futuro',
    system: 'hq2',
    encounterCount: 3,
    unavailable: { reason: 'tooNew', version: 99, supported: 1 }
  },
  {
    id: 'dragons',
    name: 'Dragones',
    system: 'dnd5e',
    encounterCount: 1,
    unavailable: { reason: 'unknownRules' }
  }
]

let component: ReturnType<typeof mount> | null = null
afterEach(() => {
  if (component) unmount(component)
  component = null
  document.body.innerHTML = ''
  localStorage.clear()
  locale.set('es')
})

function show(campaigns: CampaignListEntry[]): HTMLElement {
  const store = createWebStore(new MemoryStorage(), [])
  const actions = new CampaignActions(
    () => store,
    async () => {}
  )
  const target = document.createElement('div')
  document.body.append(target)
  const nothing = (): void => {}
  component = mount(CampaignList, {
    target,
    props: {
      campaigns,
      actions,
      onopen: nothing,
      onbackups: nothing,
      onimport: async () => ({ ok: false, failure: { message: 'unused' } }),
      onsettle: async () => ({ ok: false, failure: { message: 'unused' } })
    }
  })
  flushSync()
  return target
}

describe('CampaignList with campaigns this version cannot open', () => {
  it('shows each as a read-only card: name, the system as the file says, and the reason', () => {
    const list = show(entries)
    const future = byTestId(list, 'unavailable-future')!
    expect(byTestId(future, 'campaign-name-future')?.textContent).toBe('Del futuro')
    expect(future.textContent).toContain('HeroQuest')
    expect(byTestId(future, 'unavailable-reason-future')?.textContent?.trim()).toBe(
      'Necesita una versión más reciente de Emboscada (formato 99; esta lee hasta 1)'
    )
    const dragons = byTestId(list, 'unavailable-dragons')!
    expect(dragons.textContent).toContain('dnd5e')
    expect(byTestId(dragons, 'unavailable-reason-dragons')?.textContent?.trim()).toBe(
      'Reglas desconocidas: «dnd5e»'
    )
    for (const card of [future, dragons]) expect(card.querySelectorAll('button')).toHaveLength(0)
    expect(byTestId(list, 'open-mine')).not.toBeNull()
    expect(byTestId(list, 'campaign-mine')).not.toBeNull()
  })

  it('words the reason in English after a language switch', () => {
    const list = show(entries)
    locale.set('en')
    flushSync()
    expect(byTestId(list, 'unavailable-reason-dragons')?.textContent?.trim()).toBe('Unknown rules: “dnd5e”')
    expect(byTestId(list, 'unavailable-reason-future')?.textContent?.trim()).toBe(
      'Needs a newer version of Emboscada (format 99; this one reads up to 1)'
    )
  })

  it('never offers to continue one, even the last opened', () => {
    localStorage.setItem(
      OPENED_KEY,
      JSON.stringify({ future: '2026-12-02T10:00:00.000Z', mine: '2026-12-01T10:00:00.000Z' })
    )
    const list = show(entries)
    expect(byTestId(list, 'continue')?.textContent).toContain('La mina')
    localStorage.setItem(OPENED_KEY, JSON.stringify({ future: '2026-12-02T10:00:00.000Z' }))
    unmount(component!)
    component = null
    expect(byTestId(show(entries), 'continue')).toBeNull()
  })
})
