import type { Dist } from './distribution'
import { frac, sub, mul, add, ZERO, type Fraction } from './fraction'
import type { DiceRoller } from './rng'

// Pools of custom dice (HeroQuest's skull/shield dice and the like): a die whose faces carry labels,
// the exact law of how many counted faces a pool shows (with a dice multiplier), and exact laws of
// functions of two independent pools. Internally probabilities share one denominator, so large pools
// convolve with bigint products only (no gcd per step) and are reduced once at the end.

/** A die whose faces carry labels; `faces[i]` is the label of face i + 1. */
export interface CustomDie<F extends string = string> {
  readonly faces: readonly F[]
}

/** A die from labels and how many faces show each, in face order (e.g. skull ×3 → faces 1–3). */
export function customDie<F extends string>(counts: ReadonlyArray<readonly [F, number]>): CustomDie<F> {
  const faces = counts.flatMap(([label, n]) => Array.from({ length: n }, () => label))
  if (faces.length < 2) throw new RangeError('a custom die needs at least two faces')
  return { faces }
}

/** The chance that one roll of the die shows one of the counted labels. */
export function faceChance<F extends string>(die: CustomDie<F>, counted: readonly F[]): Fraction {
  return frac(die.faces.filter((f) => counted.includes(f)).length, die.faces.length)
}

/** The label shown by a face number (1-based). */
export function labelOf<F extends string>(die: CustomDie<F>, face: number): F {
  const label = die.faces[face - 1]
  if (label === undefined) throw new RangeError(`face ${face} is not on a d${die.faces.length}`)
  return label
}

/** Rolls n dice of the pool through the roller; the face numbers, in order. */
export function rollPool(dice: DiceRoller, die: CustomDie, n: number): number[] {
  return Array.from({ length: n }, () => dice.roll(die.faces.length))
}

// A probability mass function with one shared denominator: P(v) = num(v) / den.
interface Pmf {
  den: bigint
  num: Map<number, bigint>
}

function pmfOf(dist: Dist): Pmf {
  let den = 1n
  for (const p of dist.values()) den = lcm(den, p.d)
  const num = new Map<number, bigint>()
  for (const [v, p] of dist) num.set(v, (p.n * den) / p.d)
  return { den, num }
}

function distOf(pmf: Pmf): Dist {
  const m = new Map<number, Fraction>()
  for (const [v, n] of [...pmf.num].sort((a, b) => a[0] - b[0])) if (n !== 0n) m.set(v, frac(n, pmf.den))
  return m
}

function lcm(a: bigint, b: bigint): bigint {
  let x = a
  let y = b
  while (y !== 0n) [x, y] = [y, x % y]
  return (a / x) * b
}

function joint(x: Pmf, y: Pmf, f: (a: number, b: number) => number): Pmf {
  const num = new Map<number, bigint>()
  for (const [a, na] of x.num) {
    for (const [b, nb] of y.num) {
      const k = f(a, b)
      num.set(k, (num.get(k) ?? 0n) + na * nb)
    }
  }
  return { den: x.den * y.den, num }
}

const binomialCache = new Map<string, Pmf>()

// Bin(n, a/d) with denominator d^n: C(n, k) a^k (d − a)^(n − k).
function binomialPmf(n: number, p: Fraction): Pmf {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`a pool of ${n} dice`)
  const key = `${n}:${p.n}/${p.d}`
  const hit = binomialCache.get(key)
  if (hit) return hit
  const a = p.n
  const b = p.d - p.n
  const num = new Map<number, bigint>()
  let c = 1n
  for (let k = 0; k <= n; k++) {
    num.set(k, c * a ** BigInt(k) * b ** BigInt(n - k))
    c = (c * BigInt(n - k)) / BigInt(k + 1)
  }
  const pmf = { den: p.d ** BigInt(n), num }
  if (binomialCache.size > 4000) binomialCache.clear()
  binomialCache.set(key, pmf)
  return pmf
}

/** How many of n dice show a counted face, each with chance p: Bin(n, p), exact. */
export function successDist(n: number, p: Fraction): Dist {
  return distOf(binomialPmf(n, p))
}

/**
 * n dice rolled with a multiplier k: floor(n/k) dice whose counted faces count ×k, plus the n mod k
 * remaining dice at ×1 (the mean stays exactly n·p). k = 1 is the plain pool.
 */
export function multipliedSuccessDist(n: number, k: number, p: Fraction): Dist {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`dice multiplier ${k}`)
  return splitSuccessDist(Math.floor(n / k), k, n % k, p)
}

/** `scaled` dice whose counted faces count ×k plus `plain` dice at ×1, each face counted with chance p. */
export function splitSuccessDist(scaled: number, k: number, plain: number, p: Fraction): Dist {
  return distOf(joint(binomialPmf(scaled, p), binomialPmf(plain, p), (a, b) => a * k + b))
}

/** The law of f(X, Y) for independent X and Y, exact. */
export function combineIndependent(x: Dist, y: Dist, f: (a: number, b: number) => number): Dist {
  return distOf(joint(pmfOf(x), pmfOf(y), f))
}

/** The law of max(0, X − Y) for independent X and Y (skulls left after shields). */
export function positiveDifference(x: Dist, y: Dist): Dist {
  return combineIndependent(x, y, (a, b) => Math.max(0, a - b))
}

/** Var[X], exact. */
export function variance(x: Dist): Fraction {
  let m1 = ZERO
  let m2 = ZERO
  for (const [v, p] of x) {
    m1 = add(m1, mul(frac(v), p))
    m2 = add(m2, mul(frac(v * v), p))
  }
  return sub(m2, mul(m1, m1))
}
