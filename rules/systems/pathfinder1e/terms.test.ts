import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { GRAPPLE_OPTIONS, MANEUVER_KINDS, OVERRUN } from './maneuver-check'
import { AOO, READY } from './reactions'
import { defaultSettings, terrainSchema } from './settings'
import { CONCEALMENT_CALL, COVER_CALL, IMPROVED_COVER_CALL } from './situation'
import { CONCENTRATION } from './spell-concentration'
import { SPELL_ROLLS } from './spell-resolve'
import { allSpells } from './spells'
import { conditions, effectSchema, statsSchema } from './stats'
import { terms } from './terms'

// Every i18n key the Pathfinder rules emit exists in both catalogues (Spanish first, same keys in English).
// The codes are read from the source text itself, so a new refusal, roll or decision without its term
// fails here rather than showing up raw in the UI. Test fixtures are helpers, not emitters: skipped.

const dir = new URL('.', import.meta.url)
const files = new Map(
  readdirSync(dir)
    .filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('fixtures') && !f.startsWith('terms')
    )
    .map((f) => [f, readFileSync(new URL(f, dir), 'utf8')])
)
const source = [...files.values()].join('\n')
const textOf = (...names: string[]) => names.map((n) => files.get(n) ?? '').join('\n')
const matches = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1] ?? '')

const es = terms.es as Record<string, string>
const en = terms.en as Record<string, string>
const params = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort()
const keysOf = (list: string) =>
  list
    .split(',')
    .map((part) => /^\s*(\w+)/.exec(part)?.[1])
    .filter((k): k is string => k !== undefined)

/** Every violation code with the params each of its emitting sites carries. */
function violationSites(): Array<{ code: string; params: string[] }> {
  const sites: Array<{ code: string; params: string[] }> = []
  for (const m of source.matchAll(/refuse\('(\w+)'(?:,\s*\{([^}]*)\})?\)/g))
    sites.push({ code: m[1] ?? '', params: keysOf(m[2] ?? '') })
  for (const code of matches(source, /violation: '(\w+)'/g)) sites.push({ code, params: [] })
  for (const code of matches(source, /code: '(\w+)'/g)) sites.push({ code, params: [] })
  // situation.ts: `const violation = cover === 'total' ? 'totalCover' : ... ? 'outOfRange' : undefined`
  for (const line of matches(source, /(violation = [^\n]*)/g))
    for (const code of matches(line, /\? '(\w+)'/g)) sites.push({ code, params: [] })
  return sites
}

/** The roll purposes the source logs: `purpose: '...'`, literals passed to the roll helpers, constants. */
function purposes(): string[] {
  return [
    ...matches(source, /purpose: '([\w.-]+)'/g),
    ...matches(source, /\broll\w*\((?:[^()']|\([^()]*\))*?'(pf1\.[\w-]+)'/g),
    ...Object.values(SPELL_ROLLS),
    CONCENTRATION
  ]
}

/** The `attack.declared` modes: the slot's melee/ranged, `mode: '...'` options and modes passed to a swing. */
function attackModes(): string[] {
  const rolling = textOf('roll-attack.ts', 'resolve-attack.ts', 'spell-resolve.ts', 'reactions.ts')
  return [
    ...matches(textOf('roll-attack.ts'), /type: 'attack\.declared'[^\n]*\? '(\w+)'/g),
    ...matches(textOf('roll-attack.ts'), /type: 'attack\.declared'[^\n]*: '(\w+)'\)/g),
    ...matches(textOf('roll-attack.ts', 'resolve-attack.ts', 'spell-resolve.ts'), /mode: '(\w+)'/g),
    ...matches(rolling, /\b(?:reactionSwing|swing)\([^\n]*'(\w+)'(?:, [^'\n]*)?\)/g)
  ]
}

/** The action kinds the source declares, offers, validates, charges or resolves. */
function actionKinds(): string[] {
  const declaring = textOf('actions.ts', 'decide.ts', 'spell-candidates.ts')
  const switching = textOf('actions.ts', 'decide.ts', 'resolve.ts', 'resolve-simple.ts')
  return [
    ...MANEUVER_KINDS,
    ...matches(declaring, /kind: '(\w+)'/g),
    ...matches(declaring, /toAction\('(\w+)'/g),
    ...matches(switching, /case '(\w+)':/g),
    ...matches(textOf('costs.ts'), /kind === '(\w+)'/g)
  ]
}

describe('pathfinder1e terms', () => {
  it('Spanish and English have the same keys, no empty text, and the same {params}', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort())
    for (const key of Object.keys(es)) {
      expect(es[key]?.trim().length, key).toBeGreaterThan(0)
      expect(en[key]?.trim().length, key).toBeGreaterThan(0)
      expect(params(en[key] ?? ''), key).toEqual(params(es[key] ?? ''))
    }
  })

  it('keeps the Spanish rulebook’s own terms', () => {
    // [TEXT L71–85] the action types
    expect(es['cost.standard']).toBe('acción estándar')
    expect(es['cost.move']).toContain('acción de movimiento')
    expect(es['cost.full']).toBe('acción de asalto completo')
    expect(es['cost.swift']).toBe('acción rápida')
    expect(es['cost.free']).toBe('acción gratuita')
    // [TEXT L235] 5-ft step, [TEXT L53] attack of opportunity, [TEXT L395] coup de grace
    expect(es['cost.step']).toBe('paso de 5 pies')
    expect(es['action.aoo']).toBe('ataque de oportunidad')
    expect(es['action.coupDeGrace']).toBe('golpe de gracia')
    // [TEXT L441–473] the combat maneuvers
    expect(es['action.overrun']).toBe('arrollar')
    expect(es['action.bullRush']).toBe('embestida')
    expect(es['action.sunder']).toBe('romper arma')
    expect(es['action.grapple']).toBe('presa')
    // §5 [TEXT L251–275] health states, §6 [TEXT L177] prone
    expect(es['health.disabled']).toBe('Incapacitado')
    expect(es['health.dying']).toBe('Moribundo')
    expect(es['health.staggered']).toBe('Grogui')
    expect(es['condition.prone']).toBe('Tumbado')
    expect(es['condition.flatFooted']).toBe('Desprevenido')
  })

  it('shows a move’s cost on the map in feet and the moved squares in the log', () => {
    expect(es['cost.ap']).toBe('{n} pies')
    expect(en['cost.ap']).toBe('{n} ft')
    expect(es['cost.squares']).toBe('{n} casillas')
  })

  it('has every violation code the source emits, with only the params every emitting site carries', () => {
    const sites = violationSites()
    expect(sites.length).toBeGreaterThan(60)
    expect(sites.map((s) => s.code)).toEqual(expect.arrayContaining(['totalCover', 'chargeBlocked', 'noAim']))
    const carried = new Map<string, Set<string>>()
    for (const { code, params: given } of sites) {
      const before = carried.get(code)
      carried.set(code, new Set(before ? [...before].filter((p) => given.includes(p)) : given))
    }
    for (const [code, always] of carried) {
      const key = `violation.${code}`
      expect(es, key).toHaveProperty([key])
      for (const p of params(es[key] ?? '')) expect(always.has(p), `${key} {${p}}`).toBe(true)
    }
  })

  it('has every roll purpose the source logs', () => {
    const found = purposes()
    expect(found).toEqual(
      expect.arrayContaining([
        'pf1.initiative',
        'pf1.massive-damage',
        'pf1.grapple',
        'pf1.feint',
        'pf1.fort-save'
      ])
    )
    for (const p of found) expect(es, p).toHaveProperty([`roll.${p}`])
  })

  it('has a term for every pf1.* literal, and no unexpanded pf1.${...} template', () => {
    const literals = matches(source, /'(pf1\.[\w-]+)'/g)
    expect(literals.length).toBeGreaterThan(30)
    for (const id of literals) {
      const known = [`roll.${id}`, `decision.${id}`, `source.${id}`].some((k) => k in es)
      expect(known, id).toBe(true)
    }
    // The one template is the terrain mark (`pf1.${t.kind}`), expanded from terrainSchema below.
    expect(matches(source, /`(pf1\.\$\{[^}]*\})/g)).toEqual(['pf1.${t.kind}'])
  })

  it('has every decision, its choices and only the params the requests carry', () => {
    const declared = matches(source, /Decision key[^\n]*\n\s*export const \w+ = '(pf1\.[\w-]+)'/g)
    const ids = [
      ...new Set([AOO, READY, COVER_CALL, IMPROVED_COVER_CALL, CONCEALMENT_CALL, OVERRUN, ...declared])
    ]
    expect(ids.sort()).toEqual([
      'pf1.aoo',
      'pf1.concealment',
      'pf1.cover',
      'pf1.improvedCover',
      'pf1.overrun',
      'pf1.ready'
    ])
    for (const id of ids) expect(es).toHaveProperty([`decision.${id}`])
    const choices: Record<string, string[]> = {
      [AOO]: ['attack', 'trip', 'pass'],
      [READY]: ['fire', 'hold'],
      [COVER_CALL]: ['normal', 'partial'],
      [IMPROVED_COVER_CALL]: ['improved', 'normal'],
      [OVERRUN]: ['block', 'avoid']
    }
    for (const [id, list] of Object.entries(choices))
      for (const c of list) expect(es).toHaveProperty([`decision.${id}.${c}`])
    // Any choice in the source (`choices: [...]`, `const choices = cond ? [...] : [...]`) has a term.
    const listed = matches(source, /(\bchoices(?::| =) [^\n]*)/g).flatMap((line) => matches(line, /'(\w+)'/g))
    expect(listed).toEqual(expect.arrayContaining(['attack', 'trip', 'pass', 'fire', 'block', 'partial']))
    for (const c of listed)
      expect(
        ids.some((id) => `decision.${id}.${c}` in es),
        c
      ).toBe(true)
    const asked = new Set(
      [...source.matchAll(/params(?: =|:) \{([^}]*)\}/g)].flatMap((m) => keysOf(m[1] ?? ''))
    )
    expect([...asked]).toEqual(expect.arrayContaining(['reactor', 'actor', 'attacker', 'target']))
    const expected: Record<string, string[]> = {
      [AOO]: ['actor', 'reactor'],
      [READY]: ['actor', 'reactor'],
      [COVER_CALL]: ['attacker', 'target'],
      [IMPROVED_COVER_CALL]: ['attacker', 'target'],
      [CONCEALMENT_CALL]: ['attacker', 'target'],
      [OVERRUN]: ['actor', 'target']
    }
    for (const [id, names] of Object.entries(expected)) {
      expect(params(es[`decision.${id}`] ?? ''), id).toEqual(names)
      for (const p of names) expect(asked.has(p), p).toBe(true)
    }
  })

  it('has every odds headline key', () => {
    const keys = [
      ...matches(textOf('odds.ts', 'spell-odds.ts'), /key: '(\w+)', p\b/g),
      ...matches(textOf('maneuver-odds.ts'), /\['(\w+)', /g),
      // maintainOdds lists the chosen grapple option itself as a headline (damage and release do not).
      ...GRAPPLE_OPTIONS.filter((o) => o !== 'damage' && o !== 'release')
    ]
    expect(keys).toEqual(
      expect.arrayContaining(['hit', 'kill', 'affected', 'selfDisarm', 'push15', 'destroyed'])
    )
    for (const k of keys) expect(es, k).toHaveProperty([`odds.${k}`])
  })

  it('has every action kind and attack mode (the log reads modes as action.<mode>)', () => {
    const kinds = actionKinds()
    expect(kinds).toEqual(expect.arrayContaining(['withdraw', 'coupDeGrace', 'cast', 'mount', 'delay']))
    for (const k of kinds) expect(es, k).toHaveProperty([`action.${k}`])
    const modes = attackModes()
    expect(modes).toEqual(
      expect.arrayContaining(['melee', 'ranged', 'aoo', 'readied', 'charge', 'coupDeGrace', 'spell'])
    )
    for (const m of modes)
      for (const prefix of ['action', 'mode', 'source']) expect(es).toHaveProperty([`${prefix}.${m}`])
  })

  it('has every damage and healing source, spells included', () => {
    const sources = matches(
      source,
      /(?:apply(?:Damage|Healing)|damageEvents)\((?:[^()']|\([^()]*\))*?'([\w.-]+)'/g
    )
    expect(sources).toEqual(expect.arrayContaining(['attack', 'coupDeGrace', 'strenuous', 'pf1.dying']))
    for (const s of [...sources, ...allSpells().keys()]) expect(es, s).toHaveProperty([`source.${s}`])
  })

  it('has every economy counter, cost field and initiative reason', () => {
    const context = /interface PfEconomyContext \{([^}]*)\}/.exec(textOf('economy.machine.ts'))?.[1] ?? ''
    const counters = matches(context, /^\s*(\w+): number/gm).filter((k) => !k.startsWith('_'))
    expect(counters.sort()).toEqual(['aoo', 'attacks', 'free', 'move', 'standard', 'step', 'swift'])
    for (const k of counters) {
      expect(es).toHaveProperty([`economy.${k}`])
      expect(es).toHaveProperty([`economy.${k}Long`])
    }
    const events = /export type PfEconomyEvent =([^]*?)\n\n/.exec(textOf('economy.machine.ts'))?.[1] ?? ''
    const costs = [...new Set(matches(events, /(\w+)\??: (?:number|\d)/g))].filter((k) => !k.startsWith('_'))
    expect(costs).toEqual(expect.arrayContaining(['standard', 'move', 'full', 'squares', 'attacks', 'end']))
    for (const k of [...costs, 'ap']) expect(es).toHaveProperty([`cost.${k}`])
    const reasons = matches(source, /reason: '(\w+)'/g)
    expect(reasons.sort()).toEqual(['delayed', 'readied'])
    for (const r of reasons) expect(es).toHaveProperty([`initiative.${r}`])
  })

  it('has every setting, terrain mark, health state, condition, effect, trigger and grapple option', () => {
    const health = /export type HealthState = ([^\n]*)/.exec(textOf('health.ts'))?.[1] ?? ''
    const triggers = statsSchema.shape.readied.unwrap().shape.trigger.options
    const keys = [
      ...Object.keys(defaultSettings).map((k) => `setting.${k}`),
      ...terrainSchema.shape.kind.options.map((k) => `terrain.pf1.${k}`),
      ...matches(health, /'(\w+)'/g).map((k) => `health.${k}`),
      ...conditions.map((k) => `condition.${k}`),
      ...effectSchema.shape.id.options.map((k) => `effect.${k}`),
      ...triggers.map((k) => `trigger.${k}`),
      ...GRAPPLE_OPTIONS.map((k) => `grappleOption.${k}`)
    ]
    expect(keys).toContain('health.staggered')
    for (const key of keys) expect(es, key).toHaveProperty([key])
  })
})
