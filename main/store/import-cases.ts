import { readFileSync } from 'node:fs'
import { CAMPAIGN_LIMITS, FILE_LIMITS } from '../validation'
import type { StoreErrorCode } from './campaign-store'
import type { ProblemParams, StoreProblem } from './store-problem'

// Test data shared by both stores' import tests (issue 8, "Bad input"): one row per refusal, each with the code,
// problem and params the caller must see. Both stores run the same rows, so the web build refuses exactly what
// the desktop refuses.

/** A bundled sample's text, parsed, for building rows. */
function sample(name: string): Record<string, unknown> {
  const url = new URL(`../../resources/campaigns/${name}-sample.json`, import.meta.url)
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>
}

/** The Athkri sample with its id changed, as valid text. */
export function validImportText(id = 'imported'): string {
  return JSON.stringify({ ...sample('athkri'), id })
}

/** One refusal: the text imported, and what the StoreError must carry (params may be a subset). */
export interface ImportCase {
  name: string
  text: () => string
  code: StoreErrorCode
  problem: StoreProblem
  params?: ProblemParams
}

const athkri = (): Record<string, unknown> => sample('athkri')
const json = (value: unknown): string => JSON.stringify(value)
/** The Athkri sample with one field replaced through a text edit (for values JSON.stringify cannot write). */
const splice = (find: string | RegExp, replace: string): string => validImportText().replace(find, replace)

/** The first figure's stats of the Athkri sample, patched. */
function withStats(patch: Record<string, unknown>): string {
  const doc = athkri() as { encounters: { initial: { combatants: { stats: object }[] } }[] }
  const figure = doc.encounters[0]!.initial.combatants[0]!
  figure.stats = { ...figure.stats, ...patch }
  return json({ ...doc, id: 'imported' })
}

/** A raw campaign whose encounters hold `perEncounter` figures each, `encounters` times. */
function figures(encounters: number, perEncounter: number): string {
  const doc = athkri() as { encounters: { initial: { combatants: unknown[] } }[] }
  const record = doc.encounters[0]!
  const crowded = { ...record, initial: { ...record.initial, combatants: Array(perEncounter).fill({}) } }
  return json({ ...doc, encounters: Array<unknown>(encounters).fill(crowded) })
}

/** Every refusal of the import path; each row names the problem it proves. */
export const importCases: ImportCase[] = [
  {
    name: 'a text over the import cap, before parsing',
    text: () => ' '.repeat(CAMPAIGN_LIMITS.maxImportChars + 1),
    code: 'tooLarge',
    problem: 'fileTooLarge',
    params: { limit: CAMPAIGN_LIMITS.maxImportChars, found: CAMPAIGN_LIMITS.maxImportChars + 1 }
  },
  { name: 'an empty file', text: () => '', code: 'corrupt', problem: 'empty' },
  { name: 'a BOM and whitespace', text: () => '\uFEFF \n\t', code: 'corrupt', problem: 'empty' },
  {
    name: 'bytes that were not UTF-8 (U+FFFD)',
    text: () => splice(/"name":"[^"]*"/, '"name":"Cr\uFFFDnica"'),
    code: 'corrupt',
    problem: 'notUtf8'
  },
  { name: 'text that is not JSON', text: () => 'campaign: yes', code: 'corrupt', problem: 'notJson' },
  {
    name: 'a truncated file',
    text: () => validImportText().slice(0, 500),
    code: 'corrupt',
    problem: 'notJson'
  },
  { name: 'a NaN literal', text: () => '{"schemaVersion":NaN}', code: 'corrupt', problem: 'notJson' },
  {
    name: 'nesting past the depth cap, before parsing',
    text: () => `${'['.repeat(FILE_LIMITS.maxDepth + 1)}${']'.repeat(FILE_LIMITS.maxDepth + 1)}`,
    code: 'invalid',
    problem: 'tooDeep',
    params: { limit: FILE_LIMITS.maxDepth }
  },
  {
    name: 'a string past the cap',
    text: () => json({ ...athkri(), name: 'x'.repeat(FILE_LIMITS.maxStringLength + 1) }),
    code: 'invalid',
    problem: 'stringTooLong',
    params: { limit: FILE_LIMITS.maxStringLength, found: FILE_LIMITS.maxStringLength + 1, path: '$.name' }
  },
  {
    name: 'a key past the string cap',
    text: () => json({ ...athkri(), ['k'.repeat(FILE_LIMITS.maxStringLength + 1)]: 1 }),
    code: 'invalid',
    problem: 'stringTooLong',
    params: { path: '$' }
  },
  {
    // The review's 45.8 MB array file, scaled to fit the import cap: refused before JSON.parse builds it.
    name: 'millions of tiny values',
    text: () => `[${'0,'.repeat(FILE_LIMITS.maxValues)}0]`,
    code: 'tooLarge',
    problem: 'tooManyValues',
    params: { limit: FILE_LIMITS.maxValues }
  },
  {
    name: 'a top-level __proto__ key',
    text: () => `{"__proto__":{"polluted":true},${validImportText().slice(1)}`,
    code: 'invalid',
    problem: 'forbiddenKey',
    params: { key: '__proto__', path: '$' }
  },
  {
    name: 'a __proto__ key inside a figure’s stats',
    text: () => withStats(JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>),
    code: 'invalid',
    problem: 'forbiddenKey',
    params: { key: '__proto__', path: '$.encounters[0].initial.combatants[0].stats' }
  },
  {
    // Data, not an attack, since ids such as "constructor" are legal (an encounter named "Constructor"); the
    // figure's rules refuse a stat they do not know.
    name: 'a constructor key inside a figure’s stats',
    text: () => withStats({ constructor: { prototype: { polluted: true } } }),
    code: 'invalid',
    problem: 'rules',
    params: { path: '$.encounters[0].initial.combatants[0].stats' }
  },
  {
    name: 'a number that parses to Infinity',
    text: () => splice('"schemaVersion":1', '"schemaVersion":1e999'),
    code: 'invalid',
    problem: 'notFinite',
    params: { path: '$.schemaVersion' }
  },
  { name: 'a JSON array', text: () => '[1,2,3]', code: 'invalid', problem: 'notCampaign' },
  { name: 'a JSON string', text: () => '"campaign"', code: 'invalid', problem: 'notCampaign' },
  {
    name: 'a newer format',
    text: () => json({ ...athkri(), schemaVersion: 7 }),
    code: 'tooNew',
    problem: 'tooNew',
    params: { version: 7, supported: 1 }
  },
  {
    name: 'a document without a schemaVersion',
    text: () => {
      const { schemaVersion: _version, ...rest } = athkri()
      return json(rest)
    },
    code: 'invalid',
    problem: 'notCampaign'
  },
  {
    name: 'a version with no migration',
    text: () => json({ ...athkri(), schemaVersion: 0 }),
    code: 'invalid',
    problem: 'migrationFailed'
  },
  {
    name: 'a wrong ruleset id',
    text: () => json({ ...athkri(), system: 'dnd5e' }),
    code: 'unknownRules',
    problem: 'unknownSystem',
    params: { system: 'dnd5e' }
  },
  {
    name: 'a ruleset id in the wrong case',
    text: () => json({ ...athkri(), system: 'Athkri' }),
    code: 'unknownRules',
    problem: 'unknownSystem',
    params: { system: 'Athkri' }
  },
  {
    name: 'a schema violation, with the path of the first issue',
    text: () => json({ ...athkri(), name: '' }),
    code: 'invalid',
    problem: 'schema',
    params: { path: '$.name', count: 1 }
  },
  {
    name: 'a map over the 200×200 cap',
    text: () => splice(/"width":\d+/, '"width":1000'),
    code: 'invalid',
    problem: 'schema',
    params: { path: '$.encounters[0].initial.board.width' }
  },
  {
    name: 'a dice notation past its caps (ruleset schema)',
    text: () => {
      const doc = athkri() as {
        encounters: { initial: { combatants: { stats: { weapons: object[] } }[] } }[]
      }
      const stats = doc.encounters[0]!.initial.combatants[0]!.stats
      stats.weapons = stats.weapons.map((w) => ({ ...w, damage: '99999999d99999999' }))
      return json({ ...doc, id: 'imported' })
    },
    code: 'invalid',
    problem: 'rules',
    params: { path: '$.encounters[0].initial.combatants[0].stats.weapons[0].damage' }
  },
  {
    name: 'one encounter over the 500-figure cap',
    text: () => figures(1, 501),
    code: 'invalid',
    problem: 'schema',
    params: { path: '$.encounters[0].initial.combatants' }
  },
  {
    name: 'more figures in all than the campaign cap',
    text: () => figures(11, 500),
    code: 'invalid',
    problem: 'tooManyFigures',
    params: { found: 5500, limit: CAMPAIGN_LIMITS.maxFigures }
  }
]
