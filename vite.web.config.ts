import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { cspMetaPlugin } from './scripts/csp-meta-plugin'

const r = (p: string): string => fileURLToPath(new URL(p, import.meta.url))

// The same renderer as the Electron build; `__EMBOSCADA_WEB__` selects the browser storage adapter.
export default defineConfig({
  root: r('./renderer'),
  base: './',
  define: { __EMBOSCADA_WEB__: 'true' },
  // The same CSP meta tag as the Electron build, from main/csp.ts.
  plugins: [svelte({ configFile: r('./svelte.config.js') }), cspMetaPlugin()],
  worker: { format: 'es' },
  // EMBOSCADA_WEB_OUT: a separate build folder for people testing side by side (the e2e runner reads it too).
  build: {
    outDir: r(`./${process.env.EMBOSCADA_WEB_OUT ?? 'out/web'}`),
    emptyOutDir: true,
    target: 'es2023',
    chunkSizeWarningLimit: 1200
  }
})
