import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig, type Plugin } from 'vitest/config'

const shared = { environment: 'node' as const, testTimeout: 20000 }
const exclude = ['tests/e2e/**', 'node_modules/**']
/** The random-play property files: minutes of pure CPU, one file per system. */
const properties = ['tests/properties/**/*.test.ts']
/** Svelte components mounted in jsdom: editors and panels tested as a person uses them, without Chromium. */
const components = ['renderer/**/*.component.test.ts']

/**
 * electron-vite turns `import make from './x?nodeWorker'` into a factory of worker threads running x's own
 * chunk; under vitest the same import gives a factory running x.ts as a real worker thread under tsx
 * (bench/node-tools.ts). Unref'd: a test that boots main and never quits it must not keep vitest running.
 */
function nodeWorkerImports(): Plugin {
  const suffix = '?nodeWorker'
  const tools = fileURLToPath(new URL('./bench/node-tools.ts', import.meta.url))
  return {
    name: 'emboscada:node-worker-imports',
    load(id) {
      if (!id.endsWith(suffix)) return null
      const entry = id.slice(0, -suffix.length)
      const file = entry.endsWith('.ts') ? entry : `${entry}.ts`
      return [
        `import { pathToFileURL } from 'node:url'`,
        `import { typeScriptWorker } from ${JSON.stringify(tools)}`,
        `export default (options = {}) => {`,
        `  const worker = typeScriptWorker(pathToFileURL(${JSON.stringify(file)}), options.workerData)`,
        `  worker.unref()`,
        `  return worker`,
        `}`
      ].join('\n')
    }
  }
}

export default defineConfig({
  test: {
    reporters: ['default', 'json', './tests/properties/commands-reporter.ts'],
    outputFile: { json: 'out/vitest.json' },
    // Two projects, not one: vitest runs (cores − 1) files at once, a single file on a 2-core CI machine,
    // which is right for the I/O-heavy suites but leaves a core idle under the random-play files. They run
    // after the rest, at least two at a time. No `extends`: it would concatenate the include lists.
    projects: [
      {
        plugins: [nodeWorkerImports()],
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
