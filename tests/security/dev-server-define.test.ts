import { join } from 'node:path'
import { loadConfigFromFile } from 'electron-vite'
import { describe, expect, it } from 'vitest'
import { DEV_SERVER_URL_CONSTANT } from '../../main/dev-server'
import { REPO } from './build-output'

// Issue 18: electron.vite.config.ts, loaded the way electron-vite loads it, gives main's bundle a read of the
// dev server variable for `electron-vite dev` (command 'serve') and `undefined` for build and preview.

async function mainDefine(command: 'serve' | 'build'): Promise<Record<string, unknown> | undefined> {
  const mode = command === 'serve' ? 'development' : 'production'
  const loaded = await loadConfigFromFile(
    { command, mode },
    join(REPO, 'electron.vite.config.ts'),
    REPO,
    'silent'
  )
  return loaded.config.main?.define
}

describe('the dev server constant', () => {
  it('reads electron-vite’s variable under `electron-vite dev`', async () => {
    expect((await mainDefine('serve'))?.[DEV_SERVER_URL_CONSTANT]).toBe('process.env.ELECTRON_RENDERER_URL')
  })

  it('is undefined in every build (`npm start` is electron-vite preview: build, then launch)', async () => {
    expect((await mainDefine('build'))?.[DEV_SERVER_URL_CONSTANT]).toBe('undefined')
  })
})
