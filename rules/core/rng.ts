import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus'
import { uniformInt } from 'pure-rand/distribution/uniformInt'

/** Serializable PRNG state; it lives in the encounter state so saves and replays keep the dice. */
export type RngState = number[]

/**
 * The RNG state for a seed. pure-rand's own seeding puts small seeds into a state whose first outputs
 * are correlated (over 2,000 seeds the first two d20s took only 100 of the 400 pairs); the seed is
 * spread over the four state words with splitmix32 first, so an encounter's opening rolls are as
 * random as the rest.
 */
export function seedRng(seed: number): RngState {
  let a = seed | 0
  const next = (): number => {
    a = (a + 0x9e3779b9) | 0
    let t = a ^ (a >>> 16)
    t = Math.imul(t, 0x21f0aaad)
    t ^= t >>> 15
    t = Math.imul(t, 0x735a2d97)
    return (t ^ (t >>> 15)) | 0
  }
  const words: number[] = [next(), next(), next(), next()]
  // xoroshiro needs a non-zero state; splitmix32 never gives four zeros in a row, but say so in code.
  if (!words.some((w) => w !== 0)) words[0] = 1
  return [...xoroshiro128plusFromState(words).getState()]
}

/**
 * What a die is for and for whom, said as it is drawn: `purpose` is the `purpose` of the `dice.rolled`
 * event that reads it (`pf1.attack`, `initiative`) or, for a die no event logs, the roll it belongs to
 * (Athkri's first-aid healing dice say `firstAid`); `actorId` is the figure (or, for a roll-off, the side)
 * that rolls it. Recorded with the face (`RollRecord`), so the dice-entry dialog and the log pair each die
 * with its owner instead of guessing by its sides (roll-pairing.ts). The tag never changes the face.
 */
export interface RollTag {
  purpose: string
  actorId?: string
}

/** Where rules functions get their dice: seeded in play, scripted in tests. */
export interface DiceRoller {
  /** A uniform face in 1..sides; `tag` says what it is for (recorded, never read by the stream). */
  roll(sides: number, tag?: RollTag): number
  /** The RNG state after every roll so far. */
  readonly state: RngState
}

/**
 * `dice` with every untagged roll tagged `tag`: a helper that throws several dice (a pool, a kept-die
 * check, damage dice) rolls through it and each die says what it is for.
 */
export function taggedDice(dice: DiceRoller, tag: RollTag): DiceRoller {
  return {
    roll: (sides, own) => dice.roll(sides, own ?? tag),
    get state() {
      return dice.state
    }
  }
}

/** Rolls from the seeded stream, starting at `state`. */
export function seededDice(state: RngState): DiceRoller {
  const gen = xoroshiro128plusFromState(state)
  return {
    roll: (sides) => uniformInt(gen, 1, sides),
    get state() {
      return [...gen.getState()]
    }
  }
}

/** Scripted faces, in order (boardgame.io's MockRandom idea); running out is a test bug, so it throws. */
export function forcedDice(faces: readonly number[], state: RngState = seedRng(0)): DiceRoller {
  let next = 0
  return {
    roll(sides) {
      const face = faces[next++]
      if (face === undefined) throw new Error(`forcedDice: no scripted face left for a d${sides}`)
      if (face < 1 || face > sides) throw new Error(`forcedDice: ${face} is not a face of a d${sides}`)
      return face
    },
    state
  }
}

/** One die a command rolled: its sides, the face it gave, and whether a person entered that face. */
export interface RollRecord {
  sides: number
  face: number
  manual: boolean
  /** The face the seeded stream gave for this die (the same as `face` unless a person entered one). */
  drawn: number
  /** What the die is for, as the rules said when they drew it (`RollTag`); absent on an untagged roll. */
  purpose?: string
  /** Who rolls it, when the rules said. */
  actorId?: string
}

/** An entered face the die cannot show; the engine turns it into the refusal `manualDieOutOfRange`. */
export class ManualDieError extends Error {
  constructor(
    /** The face's place in the command's `dice` (0-based). */
    readonly index: number,
    readonly face: number,
    readonly sides: number
  ) {
    super(`manual die ${index + 1}: ${face} is not a face of a d${sides}`)
  }
}

/**
 * The dice of one command that carries faces entered by hand (physical dice at the table): the entered
 * faces go first, in the order the rules roll, then the seeded stream takes over.
 *
 * Every entered face still draws, and drops, one roll of the seeded stream. So the stream's position after
 * a command depends only on how many dice it rolled, not on who read them: entering exactly the faces the
 * RNG would have given leaves the same state as letting it roll (accepting the suggested roll is the same
 * as automation), and a table that switches between physical dice and the app mid-fight keeps the seeded
 * rolls where they were. Replays stay exact either way, since the faces are stored in the command.
 */
export class ManualDice {
  #next = 0
  #records: RollRecord[] = []

  constructor(
    readonly faces: readonly number[],
    /** Hears every roll as it happens (the dry run that tells the UI which dice to ask for). */
    private readonly onRoll?: (roll: RollRecord) => void
  ) {}

  /** How many entered faces the rules have used so far. */
  get used(): number {
    return this.#next
  }

  /** A roller over the seeded stream at `state` that hands out the remaining entered faces first. */
  over(state: RngState): DiceRoller {
    const seeded = seededDice(state)
    return {
      roll: (sides, tag) => {
        const drawn = seeded.roll(sides)
        const index = this.#next
        const entered = this.faces[index]
        const said = tag
          ? { purpose: tag.purpose, ...(tag.actorId === undefined ? {} : { actorId: tag.actorId }) }
          : {}
        let record: RollRecord = { sides, face: drawn, manual: false, drawn, ...said }
        if (entered !== undefined) {
          if (!Number.isInteger(entered) || entered < 1 || entered > sides)
            throw new ManualDieError(index, entered, sides)
          this.#next++
          record = { sides, face: entered, manual: true, drawn, ...said }
        }
        this.#records.push(record)
        this.onRoll?.(record)
        return record.face
      },
      get state() {
        return seeded.state
      }
    }
  }

  /** The rolls since the last call, in order (the engine pairs them with the events of one rules step). */
  takeRecords(): RollRecord[] {
    const out = this.#records
    this.#records = []
    return out
  }
}
