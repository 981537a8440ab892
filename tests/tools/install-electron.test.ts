import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Issue 21 bug 10: `npm start` offline failed with a bare "TypeError: fetch failed". The prestart step
// (scripts/install-electron.mjs) runs Electron's own installer and, when its one-time download fails, says
// so and what to do. The download is pointed at a closed local port, so it fails at once and nothing is
// ever fetched or launched; skipped where the binary is already installed (nothing would be downloaded).

const require = createRequire(import.meta.url)
const installed = existsSync(require.resolve('electron/package.json').replace('package.json', 'dist/version'))
const script = fileURLToPath(new URL('../../scripts/install-electron.mjs', import.meta.url))

function install(lang: string) {
  return spawnSync(process.execPath, [script], {
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      ...process.env,
      LANG: lang,
      LC_ALL: '',
      LC_MESSAGES: '',
      ELECTRON_MIRROR: 'http://127.0.0.1:9/',
      electron_config_cache: fileURLToPath(new URL('../../out/electron-cache-test', import.meta.url))
    }
  })
}

describe.skipIf(installed)('npm start with no way to download Electron', () => {
  it('says the one-time download failed and what to do, and exits 1', () => {
    const run = install('en_GB.UTF-8')
    expect(run.status).toBe(1)
    expect(run.stderr).toContain("Electron's one-time download failed")
    expect(run.stderr).toContain('npm run web')
    expect(run.stderr).toMatch(/Installer error: .+/)
  })

  it('in Spanish when the terminal is', () => {
    const run = install('es_ES.UTF-8')
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('no se pudo descargar Electron')
  })
})
