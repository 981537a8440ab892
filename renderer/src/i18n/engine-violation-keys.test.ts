import { describe, expect, it } from 'vitest'
import { en } from './en'
import { es } from './es'

// Every refusal the engine itself can give (rules/core, rules/flow) reads in both languages: the renderer
// shows `violation.<code>`, and a missing key would show the raw code to the GM. The rulesets' own codes
// are checked by each system's terms test. The codes are read from the sources, so a new `refuse('x')` or
// `{ code: 'x' }` there fails here until it has its sentences.

const sources = import.meta.glob<string>(
  ['../../../rules/core/*.ts', '../../../rules/flow/*.ts', '!**/*.test.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true
  }
)

function engineCodes(): string[] {
  const codes = new Set<string>()
  for (const text of Object.values(sources))
    for (const match of text.matchAll(/\brefuse\('(\w+)'|\bcode: '(\w+)'/g)) codes.add(match[1] ?? match[2]!)
  return [...codes].sort()
}

describe('engine refusals in the catalogues', () => {
  it('finds the engine’s codes (the check below checks something)', () => {
    expect(engineCodes()).toEqual(expect.arrayContaining(['notYourTurn', 'invalidCommand', 'lifeOutOfRange']))
  })

  it.each([
    ['es', es as Record<string, string>],
    ['en', en as Record<string, string>]
  ])('%s has a sentence for every engine refusal', (_locale, catalogue) => {
    const missing = engineCodes().filter((code) => !catalogue[`violation.${code}`]?.trim())
    expect(missing).toEqual([])
  })
})
