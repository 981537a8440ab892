import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'

const r = (p: string): string => fileURLToPath(new URL(p, import.meta.url))

// Builds the inches harness page as the web build is built: npx vite build -c tests/e2e/battlemap-harness/vite.config.ts
export default defineConfig({
  root: r('.'),
  base: './',
  plugins: [svelte({ configFile: r('../../../svelte.config.js') })],
  logLevel: 'warn',
  build: {
    outDir: r('../../../out/inches-harness'),
    emptyOutDir: true,
    target: 'es2023',
    chunkSizeWarningLimit: 1200,
    rollupOptions: { input: { inches: r('./inches.html'), overlays: r('./overlays.html') } }
  }
})
