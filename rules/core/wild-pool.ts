import { successDist } from './dice-pool'
import { frac, mul, type Fraction } from './fraction'
import type { DiceRoller } from './rng'

// Target-number dice pools with one distinguished ("wild") die: n dice, each succeeding when its face is at
// least the target (with faces that always or never succeed), one of them a different colour whose own face
// can change how the roll reads (Carnevale's Destiny die, a D6-System wild die). The odds keep the wild
// die's face beside the successes of the others, so any rule about "the wild die shows X and k others
// succeed" reads off one joint law instead of a 10^n enumeration.

/** How one die of the pool is read: success iff face ≥ target, unless a natural face overrides it. */
export interface TargetFaceRule {
  sides: number
  /** A face that always succeeds whatever the target (Carnevale: 10), or undefined. */
  autoSuccess?: number
  /** A face that never succeeds whatever the target (Carnevale: 1), or undefined. */
  autoFailure?: number
}

/** Whether a face succeeds against the target under the rule. */
export function meetsTarget(face: number, target: number, rule: TargetFaceRule): boolean {
  if (face === rule.autoSuccess) return true
  if (face === rule.autoFailure) return false
  return face >= target
}

/** The chance that one die succeeds, counted face by face (so natural faces are exact). */
export function faceSuccessChance(target: number, rule: TargetFaceRule): Fraction {
  let hits = 0
  for (let face = 1; face <= rule.sides; face++) if (meetsTarget(face, target, rule)) hits++
  return frac(hits, rule.sides)
}

/** One cell of the joint law of a wild pool: the wild die's face and the successes of the other dice. */
export interface WildPoolCell {
  /** The wild die's face; null for an empty pool (no dice, so no wild die either). */
  wild: number | null
  /** Successes among the other n − 1 dice. */
  others: number
  /** Successes of the whole pool (the wild die included). */
  total: number
  p: Fraction
}

/**
 * The exact joint law of (wild face, successes of the others) for n dice: the wild face is uniform and
 * independent of the others, which are Bin(n − 1, p). Cells of probability 0 are left out.
 */
export function wildPoolLaw(n: number, target: number, rule: TargetFaceRule): WildPoolCell[] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`a pool of ${n} dice`)
  if (n === 0) return [{ wild: null, others: 0, total: 0, p: frac(1) }]
  const others = successDist(n - 1, faceSuccessChance(target, rule))
  const face = frac(1, rule.sides)
  const cells: WildPoolCell[] = []
  for (let wild = 1; wild <= rule.sides; wild++) {
    const own = meetsTarget(wild, target, rule) ? 1 : 0
    for (const [k, pk] of others) {
      if (pk.n !== 0n) cells.push({ wild, others: k, total: k + own, p: mul(face, pk) })
    }
  }
  return cells
}

/** What a wild pool showed: every face in rolling order (the wild die first) and the successes. */
export interface WildPoolRoll {
  faces: number[]
  /** The wild die's face (faces[0]); null when no dice were rolled. */
  wild: number | null
  /** Successes among the dice other than the wild die. */
  others: number
  /** Successes of the whole pool. */
  total: number
}

/** Rolls n dice through the roller, the wild die first, and reads them against the target. */
export function rollWildPool(
  dice: DiceRoller,
  n: number,
  target: number,
  rule: TargetFaceRule
): WildPoolRoll {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`a pool of ${n} dice`)
  const faces = Array.from({ length: n }, () => dice.roll(rule.sides))
  return readWildPool(faces, target, rule)
}

/** Reads faces already rolled (the wild die first), e.g. after a re-roll replaced some of them. */
export function readWildPool(faces: readonly number[], target: number, rule: TargetFaceRule): WildPoolRoll {
  const wild = faces[0] ?? null
  let total = 0
  for (const face of faces) if (meetsTarget(face, target, rule)) total++
  const own = wild !== null && meetsTarget(wild, target, rule) ? 1 : 0
  return { faces: [...faces], wild, others: total - own, total }
}
