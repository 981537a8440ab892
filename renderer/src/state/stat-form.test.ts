import { describe, expect, it } from 'vitest'
import athkriSample from '../../../resources/campaigns/athkri-sample.json'
import carnevaleSample from '../../../resources/campaigns/carnevale-sample.json'
import hq2Sample from '../../../resources/campaigns/hq2-sample.json'
import minecraftSample from '../../../resources/campaigns/minecraft-sample.json'
import pfSample from '../../../resources/campaigns/pathfinder1e-sample.json'
import { getRuleset } from '../../../rules/systems'
import {
  canAddKey,
  checkStats,
  defaultDraft,
  formSpecOf,
  fromDraft,
  humanize,
  toDraft,
  type DraftObject,
  type FieldSpec
} from './stat-form'

const samples = {
  pathfinder1e: pfSample,
  hq2: hq2Sample,
  minecraft: minecraftSample,
  athkri: athkriSample,
  carnevale: carnevaleSample
}

function specFor(system: string): FieldSpec {
  return formSpecOf(getRuleset(system).schemas.stats)
}

function field(spec: FieldSpec, ...path: string[]): FieldSpec {
  let at = spec
  for (const key of path) {
    if (at.kind === 'array') at = at.item
    if (at.kind !== 'object') throw new Error(`${key}: not an object`)
    const next = at.fields.find((f) => f.key === key)
    if (!next) throw new Error(`no field ${key}`)
    at = next.spec
  }
  return at
}

describe('stat form from each ruleset schema', () => {
  for (const [system, campaign] of Object.entries(samples)) {
    it(`${system}: every sample figure round-trips through the draft unchanged and still validates`, () => {
      const spec = specFor(system)
      const encounters = campaign.encounters as {
        initial: { combatants: { id: string; stats: unknown }[] }
      }[]
      const figures = encounters.flatMap((e) => e.initial.combatants)
      expect(figures.length).toBeGreaterThan(3)
      for (const figure of figures) {
        const draft = toDraft(spec, figure.stats)
        const back = fromDraft(spec, structuredClone(draft))
        expect(back, figure.id).toEqual(figure.stats)
        expect(checkStats(getRuleset(system).schemas.stats, back).ok, figure.id).toBe(true)
      }
    })
  }

  it('shows each system its own fields', () => {
    expect(field(specFor('pathfinder1e'), 'abilities', 'str')).toMatchObject({
      kind: 'number',
      integer: true,
      min: 0,
      max: 60
    })
    expect(field(specFor('pathfinder1e'), 'size')).toMatchObject({
      kind: 'enum',
      options: expect.arrayContaining(['M', 'L'])
    })
    expect(field(specFor('pathfinder1e'), 'weapons')).toMatchObject({ kind: 'array', max: 8 })
    expect(field(specFor('pathfinder1e'), 'wielding', 'main').kind).toBe('nullable')
    expect(field(specFor('pathfinder1e'), 'flying').kind).toBe('boolean')
    // HQ2's movement is dice or fixed points; a weapon's hands are 1 or 2; skills are named keys
    expect(field(specFor('hq2'), 'movement')).toMatchObject({ kind: 'choice' })
    expect(field(specFor('hq2'), 'meleeWeapon', 'hands')).toEqual({ kind: 'enum', options: [1, 2] })
    expect(field(specFor('hq2'), 'skills')).toMatchObject({
      kind: 'object',
      restKeys: expect.arrayContaining(['esquivar'])
    })
    expect(field(specFor('minecraft'), 'weaponSkill')).toMatchObject({
      kind: 'object',
      rest: { kind: 'number' }
    })
    // Athkri's attributes: three named ones and any other (a catch-all)
    const attributes = field(specFor('athkri'), 'attributes')
    expect(attributes.kind === 'object' && attributes.fields.map((f) => f.key)).toEqual([
      'fisico',
      'agilidad',
      'mente'
    ])
    expect(attributes.kind === 'object' && attributes.rest?.kind).toBe('number')
    expect(field(specFor('carnevale'), 'weapons', 'rangeIn')).toMatchObject({
      kind: 'number',
      integer: false
    })
  })

  it('keeps an enum of numbers as numbers and a choice on its variant', () => {
    const spec = specFor('hq2')
    const orc = hq2Sample.encounters[0]?.initial.combatants.find((c) => c.id === 'orc-1')
    const draft = toDraft(spec, orc?.stats) as DraftObject
    expect(draft.fields.movement).toMatchObject({ variant: 1 })
    const back = fromDraft(spec, draft) as { meleeWeapon: { hands: unknown } }
    expect(typeof back.meleeWeapon.hands).toBe('number')
  })
})

describe('validation with field locations', () => {
  const schema = getRuleset('pathfinder1e').schemas.stats
  const spec = specFor('pathfinder1e')
  const goblin = pfSample.encounters[0]?.initial.combatants.find((c) => c.id === 'goblin-1')

  it('finds a number out of range and text that is no number where they are', () => {
    const draft = toDraft(spec, goblin?.stats) as DraftObject
    const abilities = draft.fields.abilities as DraftObject
    abilities.fields.str = '-3'
    abilities.fields.dex = 'doce'
    const result = checkStats(schema, fromDraft(spec, draft))
    expect(result.ok).toBe(false)
    if (result.ok) return
    const byPath = Object.fromEntries(result.issues.map((i) => [i.path, i]))
    expect(byPath['abilities.str']).toMatchObject({ code: 'too_small', params: { minimum: 0 } })
    expect(byPath['abilities.dex']).toMatchObject({ code: 'invalid_type', params: { expected: 'number' } })
  })

  it('locates a bad weapon in its list', () => {
    const draft = toDraft(spec, goblin?.stats) as DraftObject
    const weapons = draft.fields.weapons as DraftObject[]
    const first = weapons[0]
    if (!first) throw new Error('the goblin carries weapons')
    first.fields.damage = '1d'
    const result = checkStats(schema, fromDraft(spec, draft))
    expect(!result.ok && result.issues.map((i) => i.path)).toEqual(['weapons.0.damage'])
  })

  it('starts a new weapon with its required parts, which the schema then checks', () => {
    const weapons = field(spec, 'weapons')
    if (weapons.kind !== 'array') throw new Error('weapons are a list')
    const fresh = fromDraft(weapons.item, defaultDraft(weapons.item)) as Record<string, unknown>
    expect(Object.keys(fresh)).toEqual(
      expect.arrayContaining(['id', 'damage', 'critRange', 'types', 'handedness'])
    )
    expect(fresh.critRange).toBe(2)
    // `types` needs at least one damage type: the default list has one
    expect(fresh.types).toEqual(['B'])
  })
})

describe('humanize', () => {
  it('turns keys into words', () => {
    expect(humanize('attackBaseMultiplier')).toBe('Attack base multiplier')
    expect(humanize('hp')).toBe('Hp')
  })
})

describe('keys a person types into an object (issue 18)', () => {
  const spec: FieldSpec = {
    kind: 'object',
    fields: [{ key: 'hp', required: false, spec: { kind: 'json' } }],
    rest: { kind: 'json' }
  }

  it('takes Object.prototype names as keys, and never __proto__ or a key already there', () => {
    const draft = toDraft(spec, { hp: 3, note: 'x' }) as DraftObject
    for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty'])
      expect(canAddKey(draft, key)).toBe(true)
    for (const key of ['__proto__', '', 'hp', 'note']) expect(canAddKey(draft, key)).toBe(false)
  })

  it('keeps a typed key as the object’s own, whatever its name', () => {
    const draft: DraftObject = { fields: { hp: undefined }, extra: [{ key: 'constructor', value: '5' }] }
    const out = fromDraft(spec, draft) as Record<string, unknown>
    expect(Object.hasOwn(out, 'constructor')).toBe(true)
    expect(out.constructor).toBe(5)
  })
})
