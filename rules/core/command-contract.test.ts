import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { commandViolation, surelySaveable } from './command-contract'
import { commandSchema, LIFE_MAX, LIFE_MIN } from './schemas'

// The engine's shortcut and the save schema must agree (command-contract.ts): the shortcut may never take a
// command the schema refuses, and takes every plain one the schema takes, or the engine would pay zod's
// price on every command. Generated commands sit on the schema's edges: lengths one either side of each
// limit, the integers around each bound, the numbers JSON cannot carry, missing and extra keys.

const schemaTakes = (command: unknown) => commandSchema.safeParse(command).success

const TYPES = [
  'encounter.start',
  'action.declare',
  'activation.select',
  'turn.end',
  'decision.answer',
  'door.set',
  'life.set'
] as const

/** Mostly what the app sends, else now and then: a second kind of value, one the schema may refuse. */
const rarely = <T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<T>, oneIn = 5) =>
  fc.oneof({ weight: oneIn - 1, arbitrary: usual }, { weight: 1, arbitrary: odd })

const text = rarely(
  fc.constantFrom('a', 'move', 'goblin-1', 'n', 'w'),
  fc.constantFrom(0, 1, 39, 40, 41, 59, 60, 61, 79, 80, 81, 119, 120, 121).map((n) => 'x'.repeat(n)),
  3
)
const bounds = [LIFE_MIN - 1, LIFE_MIN, -1, -0, 0, 1, 7, 8, 200, 201, 1000, 1001, LIFE_MAX, LIFE_MAX + 1]
const unsafe = [2 ** 53 - 1, 2 ** 53, -(2 ** 53), 2.5, -0.5, NaN, Infinity, -Infinity]
const integer = rarely(
  fc.integer({ min: 1, max: 7 }),
  fc.oneof(fc.integer({ min: -3, max: 10 }), fc.constantFrom(...bounds), fc.constantFrom(...unsafe)),
  3
)
/** For the fields with no bound but the safe integers (a step's squares, a numeric answer). */
const wide = rarely(integer, fc.constantFrom(2 ** 53 - 1, 2 ** 53, -(2 ** 53) + 1, -(2 ** 53)), 4)
/** Anything a JSON field could hold, odd numbers included (JSON would turn NaN into null; zod must refuse it). */
const scalar = fc.oneof(integer, text, fc.boolean(), fc.constant(null), fc.constant(undefined), fc.double())

/** A record whose fields may each be missing, another value, or joined by a key the schema does not know. */
function loosely<T extends Record<string, unknown>>(model: fc.Arbitrary<T>) {
  return fc
    .tuple(
      model,
      rarely(fc.constant(null), fc.nat(), 8),
      rarely(
        fc.constant(null),
        fc.tuple(fc.constantFrom('extra', 'life', 'type', 'facing', '__proto__'), scalar),
        8
      ),
      rarely(fc.constant(null), fc.tuple(fc.nat(), scalar), 8)
    )
    .map(([value, drop, extra, swap]) => {
      const copy: Record<string, unknown> = { ...value }
      const keys = Object.keys(copy)
      if (drop !== null && keys.length > 0) delete copy[keys[drop % keys.length]!]
      if (swap !== null && keys.length > 0) copy[keys[swap[0] % keys.length]!] = swap[1]
      if (extra !== null) Object.defineProperty(copy, extra[0], { value: extra[1], enumerable: true })
      return copy
    })
}

const vec3 = loosely(fc.record({ x: wide, y: wide, z: wide }))
const path = fc.oneof(
  fc.array(vec3, { maxLength: 4 }),
  fc.constantFrom(400, 401).map((n) => Array.from({ length: n }, (_, x) => ({ x, y: 0, z: 0 })))
)
const optionValue = fc.oneof(
  text,
  fc.constantFrom(80, 81).map((n) => 'o'.repeat(n)),
  integer,
  fc.double()
)
const options = fc.dictionary(text, optionValue, {
  maxKeys: 3,
  noNullPrototype: true
})
const action = loosely(
  fc.record(
    { kind: text, actorId: text, targetId: text, path, facing: integer, options },
    { requiredKeys: ['kind', 'actorId'] }
  )
)
const dice = fc.oneof(
  fc.array(integer, { maxLength: 3 }),
  fc.constantFrom(200, 201).map((n) => Array.from({ length: n }, () => 6))
)

const fields: Record<(typeof TYPES)[number], fc.Arbitrary<Record<string, unknown>>> = {
  'encounter.start': fc.record({ dice }, { requiredKeys: [] }),
  'action.declare': fc.record({ action, dice }, { requiredKeys: ['action'] }),
  'activation.select': fc.record({ actorId: text, dice }, { requiredKeys: ['actorId'] }),
  'turn.end': fc.record({ dice }, { requiredKeys: [] }),
  'decision.answer': fc.record(
    { decisionId: text, choice: fc.oneof(text, wide), dice },
    { requiredKeys: ['decisionId', 'choice'] }
  ),
  'door.set': fc.record({ x: integer, y: integer, side: text, open: fc.oneof(fc.boolean(), scalar) }),
  'life.set': fc.record({ id: text, life: integer })
}

/** Commands as the app and a JSON file would hold them: plain objects and arrays only. */
const plainCommand = fc.oneof(
  ...TYPES.map((type) => loosely(fields[type].map((f) => ({ type, ...f })))),
  fc.record({ type: fc.constantFrom('no.such', '', 'toString', '__proto__', 'constructor') }),
  fc.anything()
)

/** The same, dressed in what only code can build: other prototypes, symbol and hidden keys, sparse lists. */
const exoticCommand = fc.tuple(plainCommand, fc.nat(4)).map(([command, how]) => {
  if (typeof command !== 'object' || command === null) return command
  const c = command as Record<string, unknown>
  const action = c.action as Record<string, unknown> | undefined
  switch (how) {
    case 0:
      return Object.assign(Object.create(null) as object, c)
    case 1:
      return Object.assign(new Date(0), c)
    case 2:
      return action ? { ...c, action: { ...action, options: { [Symbol('k')]: 1 } } } : c
    case 3:
      return Object.defineProperty({ ...c }, 'hidden', { value: 1, enumerable: false })
    default: {
      if (!Array.isArray(action?.path)) return c
      // A hole before the first step: a list only code can build.
      const holed: unknown[] = new Array(action.path.length + 1)
      action.path.forEach((step, i) => (holed[i + 1] = step))
      return { ...c, action: { ...action, path: holed } }
    }
  }
})

describe('the command contract', () => {
  it('never vouches for a command the save schema refuses', () => {
    fc.assert(
      fc.property(fc.oneof(plainCommand, exoticCommand), (command) => {
        if (surelySaveable(command)) expect(schemaTakes(command)).toBe(true)
        expect(commandViolation(command) === null).toBe(schemaTakes(command))
      }),
      { numRuns: 5000 }
    )
  })

  it('vouches for every plain command the save schema takes', () => {
    let taken = 0
    fc.assert(
      fc.property(plainCommand, (command) => {
        const takes = schemaTakes(command)
        if (takes) taken++
        expect(surelySaveable(command)).toBe(takes)
      }),
      { numRuns: 5000 }
    )
    // Enough of both kinds for the agreement to mean something.
    expect(taken).toBeGreaterThan(500)
    expect(taken).toBeLessThan(4500)
  })

  it.each<[string, unknown, unknown]>([
    ['the GM life edit below the schema', { type: 'life.set', id: 'a', life: -20000 }, 'lifeOutOfRange'],
    ['the GM life edit above it', { type: 'life.set', id: 'a', life: 200000 }, 'lifeOutOfRange'],
    ['a life that is not a number', { type: 'life.set', id: 'a', life: NaN }, 'lifeOutOfRange'],
    [
      'a facing off the compass',
      { type: 'action.declare', action: { kind: 'face', actorId: 'a', facing: 8 } },
      'invalidFacing'
    ],
    ['an unknown type', { type: 'no.such' }, { code: 'invalidCommand', params: { field: 'type' } }],
    ['not an object', 7, { code: 'invalidCommand', params: { field: 'command' } }],
    [
      'an extra key, by name',
      { type: 'action.declare', action: { kind: 'move', actorId: 'a', extra: 1 } },
      { code: 'invalidCommand', params: { field: 'action.extra' } }
    ],
    [
      'a step without its height, by index',
      { type: 'action.declare', action: { kind: 'move', actorId: 'a', path: [{ x: 1, y: 1 }] } },
      { code: 'invalidCommand', params: { field: 'action.path.0.z' } }
    ]
  ])('words %s', (_name, command, expected) => {
    const violation = commandViolation(command)
    if (typeof expected === 'string') expect(violation?.code).toBe(expected)
    else expect(violation).toEqual(expected)
  })

  it('names the life range the GM may type', () => {
    expect(commandViolation({ type: 'life.set', id: 'a', life: LIFE_MIN - 1 })).toEqual({
      code: 'lifeOutOfRange',
      params: { min: LIFE_MIN, max: LIFE_MAX }
    })
  })
})
