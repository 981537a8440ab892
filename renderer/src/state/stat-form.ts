import { z } from 'zod'

// A stat-block form generated from a ruleset's stats schema (zod 4). The schema is read through
// `z.toJSONSchema` rather than zod's internals: the JSON Schema is a documented, stable shape, so a new
// field or a new system needs no change here. The form edits a *draft* (numbers as the text typed, optional
// fields as absent or set, record entries as an ordered list) and turns it back into stats for the ruleset's
// own schema to judge: what the form cannot express (refinements, cross-field rules) is still checked.

/** How one field of a stat block is edited. */
export type FieldSpec =
  | { kind: 'number'; integer: boolean; min?: number; max?: number }
  | { kind: 'string'; maxLength?: number }
  | { kind: 'enum'; options: readonly (string | number)[] }
  | { kind: 'boolean' }
  | {
      kind: 'object'
      fields: readonly FieldEntry[]
      /** The value of keys beyond `fields` (records, catch-alls); absent = no other keys. */
      rest?: FieldSpec
      /** The keys `rest` allows, when the schema names them (HQ2 skills). */
      restKeys?: readonly string[]
    }
  | { kind: 'array'; item: FieldSpec; min?: number; max?: number }
  /** One of several shapes (HQ2 movement: dice or fixed). */
  | { kind: 'choice'; variants: readonly FieldSpec[] }
  | { kind: 'nullable'; inner: FieldSpec }
  /** Anything else, edited as JSON text. */
  | { kind: 'json' }

/** A named field of an object. */
export interface FieldEntry {
  key: string
  required: boolean
  spec: FieldSpec
}

/** An object's draft: its named fields (undefined = absent) and its other keys, in order. */
export interface DraftObject {
  fields: Record<string, Draft | undefined>
  extra: { key: string; value: Draft }[]
}

/**
 * Whether a person may add `key` to an object draft: a new key, not one of its named fields, and never
 * `__proto__` (stats are saved as plain objects: that key would be a prototype, and a save refuses it).
 */
export function canAddKey(d: DraftObject, key: string): boolean {
  if (key === '' || key === '__proto__' || Object.hasOwn(d.fields, key)) return false
  return !d.extra.some((e) => e.key === key)
}

/** A choice's draft: which shape, and its value. */
export interface DraftChoice {
  variant: number
  value: Draft
}

/** What the form holds for a field: text for numbers, strings and enums; `null` for a nullable's null. */
export type Draft = string | boolean | null | Draft[] | DraftObject | DraftChoice

type Json = Record<string, unknown>

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The form of a zod schema. */
export function formSpecOf(schema: z.ZodType): FieldSpec {
  return specOf(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Json)
}

/** The form of a JSON Schema node (exported for tests of shapes no ruleset has yet). */
export function specOf(node: Json): FieldSpec {
  const anyOf = (node.anyOf ?? node.oneOf) as Json[] | undefined
  if (anyOf) {
    const nonNull = anyOf.filter((n) => n.type !== 'null')
    const consts = nonNull.map((n) => n.const)
    if (consts.every((c) => typeof c === 'string' || typeof c === 'number'))
      return wrapNull(anyOf, { kind: 'enum', options: consts as (string | number)[] })
    const inner = nonNull.length === 1 && nonNull[0] ? specOf(nonNull[0]) : choiceOf(nonNull)
    return wrapNull(anyOf, inner)
  }
  if (Array.isArray(node.enum)) return { kind: 'enum', options: node.enum as (string | number)[] }
  if (node.const !== undefined && (typeof node.const === 'string' || typeof node.const === 'number'))
    return { kind: 'enum', options: [node.const] }
  if (node.type === 'integer' || node.type === 'number') {
    const min =
      typeof node.minimum === 'number' && Number.isSafeInteger(node.minimum) ? node.minimum : undefined
    const max =
      typeof node.maximum === 'number' && Number.isSafeInteger(node.maximum) ? node.maximum : undefined
    return { kind: 'number', integer: node.type === 'integer', ...defined({ min, max }) }
  }
  if (node.type === 'string')
    return { kind: 'string', ...defined({ maxLength: node.maxLength as number | undefined }) }
  if (node.type === 'boolean') return { kind: 'boolean' }
  if (node.type === 'array' && isRecord(node.items))
    return {
      kind: 'array',
      item: specOf(node.items),
      ...defined({ min: node.minItems as number | undefined, max: node.maxItems as number | undefined })
    }
  if (node.type === 'object') return objectOf(node)
  return { kind: 'json' }
}

function choiceOf(variants: Json[]): FieldSpec {
  return { kind: 'choice', variants: variants.map(specOf) }
}

function wrapNull(anyOf: Json[], inner: FieldSpec): FieldSpec {
  return anyOf.some((n) => n.type === 'null') ? { kind: 'nullable', inner } : inner
}

function objectOf(node: Json): FieldSpec {
  const props = isRecord(node.properties) ? node.properties : {}
  const required = new Set((node.required as string[] | undefined) ?? [])
  const fields = Object.entries(props).map(([key, sub]) => ({
    key,
    required: required.has(key),
    spec: specOf(sub as Json)
  }))
  const extra = node.additionalProperties
  if (!isRecord(extra)) return { kind: 'object', fields }
  const names = isRecord(node.propertyNames) ? node.propertyNames.enum : undefined
  return {
    kind: 'object',
    fields,
    rest: specOf(extra),
    ...(Array.isArray(names) ? { restKeys: names as string[] } : {})
  }
}

function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** The draft of a value (a value the spec does not fit is kept as JSON text, never lost). */
export function toDraft(spec: FieldSpec, value: unknown): Draft {
  switch (spec.kind) {
    case 'number':
      return typeof value === 'number'
        ? String(value)
        : typeof value === 'string'
          ? value
          : JSON.stringify(value)
    case 'string':
      return typeof value === 'string' ? value : JSON.stringify(value ?? '')
    case 'enum':
      return String(value)
    case 'boolean':
      return value === true
    case 'nullable':
      return value === null ? null : toDraft(spec.inner, value)
    case 'array':
      return Array.isArray(value) ? value.map((v) => toDraft(spec.item, v)) : []
    case 'choice': {
      const variant = Math.max(
        0,
        spec.variants.findIndex((v) => fits(v, value))
      )
      const chosen = spec.variants[variant] ?? { kind: 'json' }
      return { variant, value: toDraft(chosen, value) }
    }
    case 'object': {
      const source = isRecord(value) ? value : {}
      const known = new Set(spec.fields.map((f) => f.key))
      const fields: DraftObject['fields'] = {}
      for (const f of spec.fields)
        fields[f.key] = source[f.key] === undefined ? undefined : toDraft(f.spec, source[f.key])
      const extra = Object.entries(source)
        .filter(([k]) => !known.has(k))
        .map(([key, v]) => ({ key, value: toDraft(spec.rest ?? { kind: 'json' }, v) }))
      return { fields, extra }
    }
    case 'json':
      return JSON.stringify(value)
  }
}

/** True when a value has the shape of a spec (to pick a choice's variant). */
function fits(spec: FieldSpec, value: unknown): boolean {
  switch (spec.kind) {
    case 'number':
      return typeof value === 'number'
    case 'string':
      return typeof value === 'string'
    case 'enum':
      return spec.options.includes(value as string | number)
    case 'boolean':
      return typeof value === 'boolean'
    case 'nullable':
      return value === null || fits(spec.inner, value)
    case 'array':
      return Array.isArray(value)
    case 'choice':
      return spec.variants.some((v) => fits(v, value))
    case 'object':
      if (!isRecord(value)) return false
      if (spec.fields.some((f) => f.required && value[f.key] === undefined)) return false
      return spec.rest !== undefined || Object.keys(value).every((k) => spec.fields.some((f) => f.key === k))
    case 'json':
      return true
  }
}

const NUMBER = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/

/**
 * The value a draft stands for. Text that is not a number stays text, so the ruleset's schema refuses it
 * where it belongs instead of the form guessing a number for it.
 */
export function fromDraft(spec: FieldSpec, draft: Draft): unknown {
  switch (spec.kind) {
    case 'number':
      return typeof draft === 'string' && NUMBER.test(draft) ? Number(draft) : draft
    case 'string':
    case 'boolean':
      return draft
    case 'enum': {
      const hit = spec.options.find((o) => String(o) === draft)
      return hit ?? draft
    }
    case 'nullable':
      return draft === null ? null : fromDraft(spec.inner, draft)
    case 'array':
      return Array.isArray(draft) ? draft.map((d) => fromDraft(spec.item, d)) : draft
    case 'choice': {
      const d = draft as DraftChoice
      return fromDraft(spec.variants[d.variant] ?? { kind: 'json' }, d.value)
    }
    case 'object': {
      const d = draft as DraftObject
      // Entries, not assignments: the extra keys are typed by a person and stay own keys, whatever they are.
      const named = spec.fields.flatMap((f) => {
        const v = d.fields[f.key]
        return v === undefined ? [] : [[f.key, fromDraft(f.spec, v)] as const]
      })
      const extra = d.extra.map((e) => [e.key, fromDraft(spec.rest ?? { kind: 'json' }, e.value)] as const)
      return Object.fromEntries([...named, ...extra])
    }
    case 'json':
      try {
        return JSON.parse(draft as string) as unknown
      } catch {
        return draft
      }
  }
}

/** A new field's starting draft: the lowest allowed number, the first option, required parts filled in. */
export function defaultDraft(spec: FieldSpec): Draft {
  switch (spec.kind) {
    case 'number':
      return String(Math.min(Math.max(0, spec.min ?? 0), spec.max ?? Infinity))
    case 'string':
      return ''
    case 'enum':
      return String(spec.options[0] ?? '')
    case 'boolean':
      return false
    case 'nullable':
      return null
    case 'array':
      return Array.from({ length: spec.min ?? 0 }, () => defaultDraft(spec.item))
    case 'choice':
      return { variant: 0, value: defaultDraft(spec.variants[0] ?? { kind: 'json' }) }
    case 'object': {
      const fields: DraftObject['fields'] = {}
      for (const f of spec.fields) fields[f.key] = f.required ? defaultDraft(f.spec) : undefined
      return { fields, extra: [] }
    }
    case 'json':
      return 'null'
  }
}

/** One problem the ruleset's schema found, at a field path joined with dots (`weapons.0.damage`). */
export interface FieldIssue {
  path: string
  code: string
  /** Parameters for the message: minimum, maximum, expected type, the keys not allowed... */
  params: Record<string, string | number>
  /** zod's own (English) message, for refinements whose text only the ruleset knows. */
  message: string
}

/** The path key of a field (what `FieldIssue.path` holds). */
export function pathKey(path: readonly PropertyKey[]): string {
  return path.map(String).join('.')
}

/** Validates stats with a ruleset's schema: the parsed stats, or every issue with where it is. */
export function checkStats(
  schema: z.ZodType,
  stats: unknown
): { ok: true; stats: Record<string, unknown> } | { ok: false; issues: FieldIssue[] } {
  const result = schema.safeParse(stats)
  if (result.success) return { ok: true, stats: result.data as Record<string, unknown> }
  return { ok: false, issues: result.error.issues.map(fieldIssueOf) }
}

/** A zod issue as the form shows it: where, which code, and the parameters its message needs. */
export function fieldIssueOf(issue: z.core.$ZodIssue): FieldIssue {
  const params: FieldIssue['params'] = {}
  const raw = issue as unknown as Json
  for (const name of ['minimum', 'maximum', 'expected', 'format', 'origin'])
    if (typeof raw[name] === 'string' || typeof raw[name] === 'number')
      params[name] = raw[name] as string | number
  if (Array.isArray(raw.keys)) params.keys = (raw.keys as string[]).join(', ')
  if (Array.isArray(raw.values)) params.values = (raw.values as unknown[]).map(String).join(', ')
  return { path: pathKey(issue.path), code: issue.code, params, message: issue.message }
}

/** Issues grouped by field path, for each field to find its own. */
export function issuesByPath(issues: readonly FieldIssue[]): ReadonlyMap<string, FieldIssue[]> {
  const map = new Map<string, FieldIssue[]>()
  for (const i of issues) map.set(i.path, [...(map.get(i.path) ?? []), i])
  return map
}

/** A field key as words when no catalogue names it: `attackBaseMultiplier` → "Attack base multiplier". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
