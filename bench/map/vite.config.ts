import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const r = (p: string): string => fileURLToPath(new URL(p, import.meta.url))

// Builds the map bench page (no Svelte: the map alone): npx vite build -c bench/map/vite.config.ts
export default defineConfig({
  root: r('.'),
  base: './',
  logLevel: 'warn',
  build: {
    outDir: r('../../out/map-bench'),
    emptyOutDir: true,
    target: 'es2023',
    chunkSizeWarningLimit: 1200
  }
})
