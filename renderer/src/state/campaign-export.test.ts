import { describe, expect, it } from 'vitest'
import { createWebStore } from '../platform/web-store'
import { exportFileName, exportText } from './campaign-export'
import { sampleCampaign } from './fixtures'

const memory = () => {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k)
  }
}

describe('campaign export', () => {
  it('names the file after the id, as .json the import picker accepts', () => {
    expect(exportFileName({ id: 'my-campaign' })).toBe('my-campaign.emboscada.json')
  })

  it('writes pretty JSON that imports back unchanged, under a -2 id while the original is there', async () => {
    const store = createWebStore(memory(), [sampleCampaign()])
    const original = await store.load('minecraft-sample')
    const text = exportText(original)
    expect(text).toContain('\n  "schemaVersion": 1')
    expect(text.endsWith('}\n')).toBe(true)
    const imported = await store.importJson(text)
    expect(imported.id).toBe('minecraft-sample-2')
    expect(await store.load('minecraft-sample-2')).toEqual({ ...original, id: 'minecraft-sample-2' })
    await store.remove('minecraft-sample')
    // Deleted (kept in the trash), the id is free to an import again; only new campaigns and copies avoid it.
    expect((await store.importJson(text)).id).toBe('minecraft-sample')
  })
})
