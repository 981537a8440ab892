import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// The build-output checks read out/, which `npm test` builds before the unit tests.

/** The repository root. */
export const REPO = fileURLToPath(new URL('../..', import.meta.url))

/** Builds out/ with `electron-vite build` when it is missing (for `vitest` run alone); no Electron binary needed. */
export function ensureElectronBuild(): void {
  const needed = ['out/main/index.js', 'out/preload/preload.cjs', 'out/renderer/index.html']
  if (needed.every((f) => existsSync(join(REPO, f)))) return
  execFileSync(join(REPO, 'node_modules/.bin/electron-vite'), ['build'], {
    cwd: REPO,
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    stdio: 'pipe'
  })
}
