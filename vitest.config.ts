import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'rules/**/*.test.ts',
      'ai/**/*.test.ts',
      'main/**/*.test.ts',
      'renderer/**/*.test.ts',
      'tests/**/*.test.ts'
    ],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    reporters: ['default', 'json'],
    outputFile: { json: 'out/vitest.json' },
    testTimeout: 20000
  }
})
