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

/** Where rules functions get their dice: seeded in play, scripted in tests. */
export interface DiceRoller {
  /** A uniform face in 1..sides. */
  roll(sides: number): number
  /** The RNG state after every roll so far. */
  readonly state: RngState
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
