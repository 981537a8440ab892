// Reads the encounter suites of bench/suites (core, heldout) for the AI bench.
import { readdirSync, readFileSync } from 'node:fs'
import type { SuiteEncounter } from './game'

/** The suite names `--suite` takes; `all` is both. */
export const suiteNames = ['core', 'heldout'] as const

/** The encounters of a suite (or of both, for `all`), sorted by id so every run lists them alike. */
export function loadSuite(
  name: string,
  root = new URL('../suites/', import.meta.url).pathname
): SuiteEncounter[] {
  const names = name === 'all' ? [...suiteNames] : [name]
  return names.flatMap((suite) => {
    if (!(suiteNames as readonly string[]).includes(suite)) throw new Error(`unknown suite ${suite}`)
    return readdirSync(`${root}${suite}`)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({
        ...(JSON.parse(readFileSync(`${root}${suite}/${f}`, 'utf8')) as SuiteEncounter),
        suite
      }))
  })
}
