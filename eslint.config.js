import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import svelte from 'eslint-plugin-svelte'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import svelteConfig from './svelte.config.js'

// The load-bearing wall: rules/ and ai/ stay pure so they run in the renderer, workers and Node alike.
const impureModules = [
  'electron',
  'pixi.js',
  'svelte',
  'svelte/*',
  'lowdb',
  'lowdb/*',
  'node:*',
  'fs',
  'path',
  'os',
  'child_process',
  'worker_threads'
]

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'tests/e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  prettier,
  ...svelte.configs['flat/prettier'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error'
    }
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'], svelteConfig }
    }
  },
  {
    files: ['rules/**/*.ts', 'ai/**/*.ts'],
    ignores: ['**/*.test.ts'],
    languageOptions: { globals: { ...globals.es2023 } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: impureModules.map((group) => ({
            group: [group],
            message: 'rules/ and ai/ must stay pure.'
          }))
        }
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'localStorage',
        'process',
        'require'
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded RNG in game state.' },
        { object: 'Date', property: 'now', message: 'Rules and AI are timeless; pass time in.' }
      ]
    }
  }
)
