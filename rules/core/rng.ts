import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus'
import { uniformInt } from 'pure-rand/distribution/uniformInt'

/** Serializable PRNG state; it lives in the encounter state so saves and replays keep the dice. */
export type RngState = number[]

/** The RNG state for a seed. */
export function seedRng(seed: number): RngState {
  return [...xoroshiro128plus(seed | 0).getState()]
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
