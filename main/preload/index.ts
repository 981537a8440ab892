import { contextBridge, ipcRenderer } from 'electron'
import { API_GLOBAL, CHANNELS } from '../ipc/channels'

// Sandboxed preload, built to a single CommonJS file: it may only require('electron'), so it imports the zod-free
// channel list and nothing else. Validation happens in main; the page only ever sees these wrappers.

type Call = (request?: unknown) => Promise<unknown>

/** Builds `{ campaign: { list, load, ... } }` from the channel names; each call carries only its payload. */
function buildApi(
  invoke: (channel: string, request: unknown) => Promise<unknown>
): Record<string, Record<string, Call>> {
  const api: Record<string, Record<string, Call>> = {}
  for (const channel of CHANNELS) {
    const [noun = '', verb = ''] = channel.split('.')
    const group = (api[noun] ??= {})
    group[verb] = (request) => invoke(channel, request)
  }
  return api
}

contextBridge.exposeInMainWorld(
  API_GLOBAL,
  buildApi((channel, request) => ipcRenderer.invoke(channel, request))
)
