import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vitest/config'

const shared = { environment: 'node' as const, testTimeout: 20000 }
const exclude = ['tests/e2e/**', 'node_modules/**']
/** The random-play property files: minutes of pure CPU, one file per system. */
const properties = ['tests/properties/**/*.test.ts']
/** Svelte components mounted in jsdom: editors and panels tested as a person uses them, without Chromium. */
const components = ['renderer/**/*.component.test.ts']

export default defineConfig({
  test: {
    reporters: ['default', 'json', './tests/properties/commands-reporter.ts'],
    outputFile: { json: 'out/vitest.json' },
    // Two projects, not one: vitest runs (cores − 1) files at once, a single file on a 2-core CI machine,
    // which is right for the I/O-heavy suites but leaves a core idle under the random-play files. They run
    // after the rest, at least two at a time. No `extends`: it would concatenate the include lists.
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: [
            'rules/**/*.test.ts',
            'ai/**/*.test.ts',
            'main/**/*.test.ts',
            'renderer/**/*.test.ts',
            'tests/**/*.test.ts',
            'bench/**/*.test.ts'
          ],
          exclude: [...exclude, ...properties, ...components]
        }
      },
      {
        // The browser build of Svelte (`mount`, not the server renderer), compiled by the app's own config.
        plugins: [svelte({ configFile: fileURLToPath(new URL('./svelte.config.js', import.meta.url)) })],
        resolve: { conditions: ['browser'] },
        test: { ...shared, name: 'components', environment: 'jsdom', include: components, exclude }
      },
      {
        test: {
          ...shared,
          name: 'properties',
          include: properties,
          exclude,
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 1 }
        }
      }
    ]
  }
})
