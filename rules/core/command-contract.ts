import type { z } from 'zod'
import { commandSchema, LIFE_MAX, LIFE_MIN } from './schemas'
import type { Violation } from './types'

// Issue 18: the engine and the save schema are one contract. The renderer saves after every accepted
// command, so a command the engine took but `commandSchema` refuses would block every later save of the
// encounter; the engine refuses such a command as it refuses any illegal one. The schema is the one judge.
// `surelySaveable` is only a shortcut for the commands the app sends (plain objects within range): it costs
// a fraction of a microsecond where zod's parse of a six-step move costs a few, and the engine's budget per
// command is ~10 µs. It may pass a command to zod it could have vouched for, never vouch for one zod
// refuses; command-contract.test.ts holds the two equal over generated commands, boundaries included.
// (zod's own `z.compile` would do the same, but it generates code with `new Function`, which the
// renderer's Content-Security-Policy forbids.)

/** Null when the save schema takes the command; otherwise why not, as a violation like any other. */
export function commandViolation(command: unknown): Violation | null {
  if (surelySaveable(command)) return null
  const parsed = commandSchema.safeParse(command)
  return parsed.success ? null : violationOf(parsed.error.issues[0]!)
}

/**
 * The refusal for the schema's first complaint: the GM's life edit and a facing get their own words (the
 * two a person can type wrong); anything else names the field, for the developer whose code sent it.
 */
function violationOf(issue: z.core.$ZodIssue): Violation {
  const [head, next] = issue.path
  if (head === 'life' && issue.path.length === 1)
    return { code: 'lifeOutOfRange', params: { min: LIFE_MIN, max: LIFE_MAX } }
  if (head === 'action' && next === 'facing') return { code: 'invalidFacing' }
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path
  return { code: 'invalidCommand', params: { field: path.map(String).join('.') || 'command' } }
}

type Check = (value: unknown) => boolean

const text =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === 'string' && v.length >= min && v.length <= max
const int =
  (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Check =>
  (v) =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || check(v)
const id = text(1, 120)
const anyInt = int()
/** `type`, already matched to its shape by surelySaveable. */
const matched: Check = () => true

/** An object made by a literal, JSON or a structured clone: other kinds are left to zod. */
function isPlain(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype
}

/** A strict object: every field passes its check (an absent one is undefined) and no other key is there. */
function strict(shape: Readonly<Record<string, Check>>): Check {
  const known = new Set(Object.keys(shape))
  const fields = Object.entries(shape)
  return (v) => {
    if (!isPlain(v)) return false
    for (const key in v) if (!known.has(key)) return false
    for (const [key, check] of fields) if (!check(v[key])) return false
    return true
  }
}

const list =
  (max: number, item: Check): Check =>
  (v) => {
    if (!Array.isArray(v) || v.length > max) return false
    for (let i = 0; i < v.length; i++) if (!item(v[i])) return false
    return true
  }

/** zod reads a record's symbol keys too (and refuses them here): any symbol leaves the call to zod. */
const options: Check = (v) => {
  if (!isPlain(v) || Object.getOwnPropertySymbols(v).length > 0) return false
  for (const key in v) {
    const value = v[key]
    if (key.length < 1 || key.length > 40) return false
    if (
      typeof value === 'string' ? value.length > 80 : !(typeof value === 'number' && Number.isFinite(value))
    )
      return false
  }
  return true
}

/** A square of a path, written out: a long move has hundreds, the one shape worth the engine's time. */
function vec3(v: unknown): boolean {
  if (!isPlain(v)) return false
  for (const key in v) if (key !== 'x' && key !== 'y' && key !== 'z') return false
  return Number.isSafeInteger(v.x) && Number.isSafeInteger(v.y) && Number.isSafeInteger(v.z)
}
const dice = optional(list(200, int(1, 1000)))

const action = strict({
  kind: text(1, 40),
  actorId: id,
  targetId: optional(id),
  path: optional(list(400, vec3)),
  facing: optional(int(0, 7)),
  options: optional(options)
})

/** The shape of each command type (schemas.ts `commandSchema`), `type` included. */
const commands: Readonly<Record<string, Check>> = {
  'encounter.start': strict({ type: matched, dice }),
  'action.declare': strict({ type: matched, action, dice }),
  'activation.select': strict({ type: matched, actorId: id, dice }),
  'turn.end': strict({ type: matched, dice }),
  'decision.answer': strict({
    type: matched,
    decisionId: text(1, 60),
    choice: (v) => text(0, 60)(v) || anyInt(v),
    dice
  }),
  'door.set': strict({
    type: matched,
    x: int(0, 200),
    y: int(0, 200),
    side: (v) => v === 'n' || v === 'w',
    open: (v) => typeof v === 'boolean'
  }),
  'life.set': strict({ type: matched, id, life: int(LIFE_MIN, LIFE_MAX) })
}

/** True only for a command the save schema takes (never the other way round: see the top of the file). */
export function surelySaveable(command: unknown): boolean {
  if (!isPlain(command)) return false
  const { type } = command
  return typeof type === 'string' && Object.hasOwn(commands, type) && commands[type]!(command)
}
