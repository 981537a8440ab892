import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { API_GLOBAL, CHANNELS } from '../ipc/channels'

const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: {
    invoke: vi.fn(async (channel: string, request: unknown) => ({ ok: true, value: { channel, request } }))
  }
}))
vi.mock('electron', () => electron)

await import('./index')

type Api = Record<string, Record<string, (request?: unknown) => Promise<unknown>>>

function exposed(): Api {
  expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1)
  const [name, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [string, Api]
  expect(name).toBe(API_GLOBAL)
  return api
}

describe('preload', () => {
  it('exposes window.emboscada with exactly one function per contract channel', () => {
    const api = exposed()
    const names = Object.entries(api).flatMap(([noun, verbs]) =>
      Object.keys(verbs).map((verb) => `${noun}.${verb}`)
    )
    expect(names.sort()).toEqual([...CHANNELS].sort())
    for (const verbs of Object.values(api)) {
      for (const fn of Object.values(verbs)) expect(typeof fn).toBe('function')
    }
  })

  it('never hands the page ipcRenderer or anything of it', () => {
    const api = exposed()
    const seen = JSON.stringify(Object.fromEntries(Object.entries(api).map(([k, v]) => [k, Object.keys(v)])))
    expect(seen).not.toMatch(/ipc|invoke|send|on\b/i)
    for (const verbs of Object.values(api)) {
      expect(Object.values(verbs)).not.toContain(electron.ipcRenderer.invoke)
    }
  })

  it('invokes the matching channel with only the payload and returns the answer', async () => {
    const api = exposed()
    await expect(api.campaign!.load!({ id: 'demo' })).resolves.toEqual({
      ok: true,
      value: { channel: 'campaign.load', request: { id: 'demo' } }
    })
    await api.campaign!.list!()
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith('campaign.list', undefined)
  })

  it('imports nothing but electron and the zod-free channel list (a sandboxed preload can require little)', () => {
    const source = (p: string): string => readFileSync(fileURLToPath(new URL(p, import.meta.url)), 'utf8')
    const imports = (text: string): string[] =>
      [...text.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!)
    expect(imports(source('./index.ts'))).toEqual(['electron', '../ipc/channels'])
    expect(imports(source('../ipc/channels.ts'))).toEqual([])
  })
})
