import { flushSync } from 'svelte'
import { describe, expect, it } from 'vitest'
import mcSample from '../../../resources/campaigns/minecraft-sample.json'
import { campaignSchema } from '../../../rules/core/schemas'
import { MemoryStorage } from '../platform/memory-storage'
import { createWebStore } from '../platform/web-store'
import {
  importFile,
  settleDuplicate,
  type DuplicateChoice,
  type ImportDuplicate,
  type PickedFile
} from '../state/import-file'
import { byTestId, mountPerTest } from './component-fixtures'
import ImportButton from './ImportButton.svelte'

// Issue 21, bug 9: re-importing an exported campaign silently added an identical second one. The import
// now asks: replace the listed campaign (kept as a backup) or keep both.

const sample = campaignSchema.parse(structuredClone(mcSample))

const mountButton = mountPerTest()

/** The exported file of a campaign, as a picked file, renamed to tell the versions apart. */
const exported = (name: string): PickedFile => {
  const text = JSON.stringify({ ...sample, name })
  return { name: 'export.json', size: text.length, text: async () => text }
}

function show() {
  const store = createWebStore(new MemoryStorage(), [sample])
  const target = mountButton(ImportButton, {
    onimport: (file: PickedFile) => importFile(file, store),
    onsettle: (duplicate: ImportDuplicate, choice: DuplicateChoice) =>
      settleDuplicate(duplicate, choice, store)
  })
  return { target, store }
}

/** Picks `file` in the hidden input and waits for the import to settle. */
async function pick(target: HTMLElement, file: PickedFile): Promise<void> {
  const input = byTestId<HTMLInputElement>(target, 'import-file')!
  Object.defineProperty(input, 'files', { value: [file], configurable: true })
  input.dispatchEvent(new Event('change', { bubbles: true }))
  await new Promise((r) => setTimeout(r, 30))
  flushSync()
}

async function press(target: HTMLElement, id: string): Promise<void> {
  byTestId(target, id)!.click()
  await new Promise((r) => setTimeout(r, 30))
  flushSync()
}

describe('importing a campaign that is already in the list', () => {
  it('adds nothing until the GM chooses, and names the campaign', async () => {
    const { target, store } = show()
    await pick(target, exported('Versión exportada'))
    expect(byTestId(target, 'import-duplicate')?.textContent).toContain(`«${sample.name}»`)
    expect((await store.list()).length).toBe(1)
    await press(target, 'import-cancel')
    expect(byTestId(target, 'import-duplicate')).toBeNull()
    expect((await store.list()).length).toBe(1)
  })

  it('keep both adds a second campaign under a new id', async () => {
    const { target, store } = show()
    await pick(target, exported('Versión exportada'))
    await press(target, 'import-keep-both')
    const ids = (await store.list()).map((c) => c.id)
    expect(ids).toHaveLength(2)
    expect(ids).toContain(sample.id)
    expect(byTestId(target, 'import-done')?.textContent).toContain('Versión exportada')
  })

  it('replace puts the file in place of the listed campaign, keeping the old one as a backup', async () => {
    const { target, store } = show()
    await pick(target, exported('Versión exportada'))
    await press(target, 'import-replace')
    const list = await store.list()
    expect(list.map((c) => [c.id, c.name])).toEqual([[sample.id, 'Versión exportada']])
    expect((await store.backups(sample.id)).length).toBeGreaterThan(0)
  })

  it('a file the store refuses is refused, not asked about, even with a listed id', async () => {
    const { target, store } = show()
    const text = JSON.stringify({ ...sample, system: 'dnd5e' })
    await pick(target, { name: 'dnd.json', size: text.length, text: async () => text })
    expect(byTestId(target, 'import-duplicate')).toBeNull()
    expect(byTestId(target, 'import-error')).not.toBeNull()
    expect((await store.list()).length).toBe(1)
  })

  it('a campaign not in the list is imported at once, as before', async () => {
    const { target, store } = show()
    const text = JSON.stringify({ ...sample, id: 'otra-campana', name: 'Otra' })
    await pick(target, { name: 'otra.json', size: text.length, text: async () => text })
    expect(byTestId(target, 'import-done')?.textContent).toContain('Otra')
    expect((await store.list()).length).toBe(2)
  })
})
