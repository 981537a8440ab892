import { fileURLToPath } from 'node:url'
import { defineConfig } from 'electron-vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { DEV_SERVER_URL_CONSTANT } from './main/dev-server'
import { cspMetaPlugin } from './scripts/csp-meta-plugin'

// Absolute paths from the repo root, so the build does not depend on the working directory.
const r = (p: string): string => fileURLToPath(new URL(p, import.meta.url))

// `command` is 'serve' for `electron-vite dev` only; build and preview (`npm start`) resolve with 'build'.
export default defineConfig(({ command }) => ({
  main: {
    // Only the dev bundle reads electron-vite's dev server variable; a build gets `undefined` in its place.
    define: {
      [DEV_SERVER_URL_CONSTANT]: command === 'serve' ? 'process.env.ELECTRON_RENDERER_URL' : 'undefined'
    },
    build: { outDir: 'out/main', rolldownOptions: { input: { index: r('./main/index.ts') } } }
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rolldownOptions: {
        input: { preload: r('./main/preload/index.ts') },
        // Sandboxed preload scripts must be CommonJS: out/preload/preload.cjs
        output: { format: 'cjs' }
      }
    }
  },
  renderer: {
    root: r('./renderer'),
    define: { __EMBOSCADA_WEB__: 'false' },
    build: { outDir: 'out/renderer', rolldownOptions: { input: { index: r('./renderer/index.html') } } },
    plugins: [svelte({ configFile: r('./svelte.config.js') }), cspMetaPlugin()]
  }
}))
