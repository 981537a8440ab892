import type { Dist } from './distribution'
import type { Fraction } from './fraction'

// Exact laws of big dice pools, fast. A law is kept as integer masses over one shared denominator whose
// prime factors are known, so nothing is reduced until a probability is read: then each one is reduced by
// dividing out those primes (a few divisions by small numbers), where `frac` would run Euclid's algorithm
// on thousand-digit numbers. Sums of binomial pools (k·Bin(n, p), k < 0 to subtract) come from a linear
// recurrence on the coefficients of their generating function, O(degree) operations instead of a
// convolution's O(n·m). Every probability equals, fraction for fraction, what the Map-of-fractions algebra
// of distribution.ts and dice-pool.ts gives for the same law.

/** A positive integer with its factorisation: primes up to SMALL_PRIME_LIMIT, and the cofactor left. */
export interface Denominator {
  readonly value: bigint
  /** Prime → exponent, for the small primes dividing `value`. */
  readonly primes: ReadonlyMap<bigint, number>
  /** What is left after the small primes (1 for any product of dice with up to 997 sides). */
  readonly rest: bigint
}

const SMALL_PRIME_LIMIT = 1000
let smallPrimes: bigint[] | null = null

function primesBelow(limit: number): bigint[] {
  const composite = new Uint8Array(limit)
  const out: bigint[] = []
  for (let i = 2; i < limit; i++) {
    if (composite[i]) continue
    out.push(BigInt(i))
    for (let j = i * i; j < limit; j += i) composite[j] = 1
  }
  return out
}

/** A positive integer as a Denominator. */
export function denominator(d: bigint | number): Denominator {
  let rest = BigInt(d)
  if (rest <= 0n) throw new RangeError(`denominator ${d}`)
  const value = rest
  const primes = new Map<bigint, number>()
  smallPrimes ??= primesBelow(SMALL_PRIME_LIMIT)
  for (const p of smallPrimes) {
    if (rest === 1n) break
    let e = 0
    while (rest % p === 0n) {
      rest /= p
      e++
    }
    if (e > 0) primes.set(p, e)
  }
  return { value, primes, rest }
}

const UNIT = denominator(1)

/** a × b */
export function denominatorTimes(a: Denominator, b: Denominator): Denominator {
  const primes = new Map(a.primes)
  for (const [p, e] of b.primes) primes.set(p, (primes.get(p) ?? 0) + e)
  return { value: a.value * b.value, primes, rest: a.rest * b.rest }
}

/** The least common multiple of a and b. */
export function denominatorLcm(a: Denominator, b: Denominator): Denominator {
  const primes = new Map(a.primes)
  for (const [p, e] of b.primes) primes.set(p, Math.max(primes.get(p) ?? 0, e))
  const rest = a.rest === b.rest ? a.rest : (a.rest / gcd(a.rest, b.rest)) * b.rest
  let value = rest
  for (const [p, e] of primes) value *= p ** BigInt(e)
  return { value, primes, rest }
}

/** a^e (e ≥ 0, an integer). */
export function denominatorPower(a: Denominator, e: number): Denominator {
  const primes = new Map<bigint, number>()
  if (e > 0) for (const [p, k] of a.primes) primes.set(p, k * e)
  return { value: a.value ** BigInt(e), primes, rest: a.rest ** BigInt(e) }
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a
  let y = b < 0n ? -b : b
  while (y !== 0n) [x, y] = [y, x % y]
  return x
}

// How a small prime is divided out: its powers below 2^53, so one remainder by the largest of them tells
// (with Number arithmetic) how many times the prime divides a big numerator, up to that power.
interface PrimeStep {
  p: number
  /** Its exponent in the denominator. */
  e: number
  /** p^0 … p^m, p^m the largest power below 2^53. */
  powers: bigint[]
}

const steps = new WeakMap<Denominator, PrimeStep[]>()

function primeSteps(den: Denominator): PrimeStep[] {
  const hit = steps.get(den)
  if (hit) return hit
  const out = [...den.primes].map(([p, e]): PrimeStep => {
    const powers = [1n]
    while (powers.at(-1)! * p <= 2n ** 53n) powers.push(powers.at(-1)! * p)
    return { p: Number(p), e, powers }
  })
  steps.set(den, out)
  return out
}

/** num / den in lowest terms (num ≥ 0): the same Fraction as `frac(num, den.value)`. */
export function reduceMass(num: bigint, den: Denominator): Fraction {
  if (num < 0n) throw new RangeError('a negative probability mass')
  if (num === 0n) return { n: 0n, d: 1n }
  if (num === den.value) return { n: 1n, d: 1n }
  let n = num
  let common = 1n
  for (const { p, e, powers } of primeSteps(den)) {
    const m = powers.length - 1
    const chunk = powers[m]!
    let k = 0
    if (p === 2) {
      // The low bits say it at once (a power of two of 52 bits or more is rare: the loop below then).
      let low = Number(BigInt.asUintN(52, n))
      if (low !== 0) {
        while (low % 2 === 0 && k < e) {
          low /= 2
          k++
        }
        n >>= BigInt(k)
        common <<= BigInt(k)
        continue
      }
    }
    while (k < e) {
      const r = Number(n % chunk)
      if (r === 0) {
        const j = Math.min(m, e - k)
        n /= powers[j]!
        common *= powers[j]!
        k += j
        continue
      }
      let j = 0
      for (let x = r; x % p === 0 && k + j < e; x /= p) j++
      if (j > 0) {
        n /= powers[j]!
        common *= powers[j]!
      }
      break
    }
  }
  let d = den.value / common
  if (den.rest !== 1n) {
    const g = gcd(n, den.rest)
    n /= g
    d /= g
  }
  return { n, d }
}

/** A law on consecutive integers: P(offset + i) = num[i] / den (zero masses allowed). */
export interface Law {
  readonly offset: number
  readonly num: readonly bigint[]
  readonly den: Denominator
}

/** A law on any integers: P(v) = num.get(v) / den; the map's order is the order probabilities are read in. */
export interface Masses {
  readonly num: ReadonlyMap<number, bigint>
  readonly den: Denominator
}

/** Always v. */
export function constantLaw(v: number): Law {
  return { offset: v, num: [1n], den: UNIT }
}

/** Always v, as masses. */
export function constantMasses(v: number): Masses {
  return { num: new Map([[v, 1n]]), den: UNIT }
}

/** `scale` × Bin(dice, p): dice each showing a counted face with chance p, each counting `scale` (< 0 subtracts). */
export interface ScaledBinomial {
  dice: number
  p: Fraction
  scale: number
}

/**
 * The exact law of Σ scale_i · Bin(dice_i, p_i), the terms independent. Its generating function is
 * z^shift ∏ (b_i + a_i z^{k_i})^{n_i} (p_i = a_i / d_i, b_i = d_i − a_i; a term with k < 0 is written
 * −k(n − X) − kn with n − X ~ Bin(n, 1 − p)). With Q = ∏ (b_i + a_i z^{k_i}) and
 * R = Σ n_i a_i k_i z^{k_i − 1} ∏_{j≠i} (b_j + a_j z^{k_j}), the product F satisfies Q·F' = R·F, so its
 * coefficients obey Q_0 (t+1) c_{t+1} = Σ_j R_j c_{t−j} − Σ_{j≥1} Q_j (t+1−j) c_{t+1−j}: a few products of
 * a big integer by a small one per coefficient, and an exact division (c_{t+1} is an integer).
 */
export function binomialSumLaw(terms: readonly ScaledBinomial[]): Law {
  let offset = 0
  let den = UNIT
  const factors: Array<{ a: bigint; b: bigint; k: number; n: number }> = []
  for (const t of terms) {
    if (!Number.isInteger(t.dice) || t.dice < 0) throw new RangeError(`a pool of ${t.dice} dice`)
    if (!Number.isInteger(t.scale) || t.scale === 0) throw new RangeError(`a dice multiplier of ${t.scale}`)
    if (t.p.n < 0n || t.p.n > t.p.d) throw new RangeError('a chance outside [0, 1]')
    if (t.dice === 0) continue
    let a = t.p.n
    let b = t.p.d - t.p.n
    let k = t.scale
    if (k < 0) {
      ;[a, b] = [b, a]
      offset += k * t.dice
      k = -k
    }
    if (a === 0n) continue // never counted: always 0
    if (b === 0n) {
      offset += k * t.dice // always counted
      continue
    }
    den = denominatorTimes(den, denominatorPower(denominator(t.p.d), t.dice))
    const same = factors.find((f) => f.a === a && f.b === b && f.k === k)
    if (same) same.n += t.dice
    else factors.push({ a, b, k, n: t.dice })
  }
  const degree = factors.reduce((s, f) => s + f.n * f.k, 0)
  const c = new Array<bigint>(degree + 1).fill(0n)
  c[0] = factors.reduce((s, f) => s * f.b ** BigInt(f.n), 1n)
  if (degree === 0) return { offset, num: c, den }

  // Q and R as lists of [exponent, coefficient], small integers.
  const product = (skip: number): Map<number, bigint> => {
    let poly = new Map<number, bigint>([[0, 1n]])
    factors.forEach((f, i) => {
      if (i === skip) return
      const next = new Map<number, bigint>()
      for (const [e, v] of poly) {
        next.set(e, (next.get(e) ?? 0n) + v * f.b)
        next.set(e + f.k, (next.get(e + f.k) ?? 0n) + v * f.a)
      }
      poly = next
    })
    return poly
  }
  const q = product(-1)
  const r = new Map<number, bigint>()
  factors.forEach((f, i) => {
    const w = BigInt(f.n) * f.a * BigInt(f.k)
    for (const [e, v] of product(i)) r.set(e + f.k - 1, (r.get(e + f.k - 1) ?? 0n) + w * v)
  })
  // Gathered by lag L: c_{t+1} = Σ_L (R_L − Q_{L+1} (t − L)) c_{t−L} / (Q_0 (t + 1)).
  const q0 = q.get(0)!
  const lags = [...new Set([...r.keys(), ...[...q.keys()].filter((e) => e > 0).map((e) => e - 1)])]
    .sort((x, y) => x - y)
    .map((lag) => ({ lag, r: r.get(lag) ?? 0n, q: q.get(lag + 1) ?? 0n }))
  // The small factors in floating point when every one of them is an exact integer there (the usual case).
  const bound = BigInt(Number.MAX_SAFE_INTEGER) / BigInt(degree + 1)
  const small =
    q0 <= bound && lags.every((l) => l.r <= bound && -l.r <= bound && l.q <= bound && -l.q <= bound)
  const lagsN = lags.map((l) => ({ lag: l.lag, r: Number(l.r), q: Number(l.q) }))
  const q0N = Number(q0)
  for (let t = 0; t < degree; t++) {
    let acc = 0n
    if (small) {
      for (const { lag, r: rl, q: ql } of lagsN) {
        if (lag > t) break
        const x = c[t - lag]!
        if (x !== 0n) acc += BigInt(rl - ql * (t - lag)) * x
      }
      c[t + 1] = acc / BigInt(q0N * (t + 1))
      continue
    }
    for (const { lag, r: rl, q: ql } of lags) {
      if (lag > t) break
      const x = c[t - lag]!
      if (x !== 0n) acc += (rl - ql * BigInt(t - lag)) * x
    }
    c[t + 1] = acc / (q0 * BigInt(t + 1))
  }
  return { offset, num: c, den }
}

function sortedMasses(num: Map<number, bigint>, den: Denominator): Masses {
  return { num: new Map([...num].sort((x, y) => x[0] - y[0])), den }
}

/** The law of f(X), in increasing order of value. */
export function mapLaw(x: Law, f: (v: number) => number): Masses {
  const num = new Map<number, bigint>()
  x.num.forEach((n, i) => {
    if (n === 0n) return
    const k = f(x.offset + i)
    num.set(k, (num.get(k) ?? 0n) + n)
  })
  return sortedMasses(num, x.den)
}

/** The law of f(X, Y) for independent X and Y, in increasing order of value. */
export function jointLaw(x: Law, y: Law, f: (a: number, b: number) => number): Masses {
  const num = new Map<number, bigint>()
  x.num.forEach((nx, i) => {
    if (nx === 0n) return
    y.num.forEach((ny, j) => {
      if (ny === 0n) return
      const k = f(x.offset + i, y.offset + j)
      num.set(k, (num.get(k) ?? 0n) + nx * ny)
    })
  })
  return sortedMasses(num, denominatorTimes(x.den, y.den))
}

/** The law of f(X) from masses, in increasing order of value. */
export function mapMasses(x: Masses, f: (v: number) => number): Masses {
  const num = new Map<number, bigint>()
  for (const [v, n] of x.num) {
    const k = f(v)
    num.set(k, (num.get(k) ?? 0n) + n)
  }
  return sortedMasses(num, x.den)
}

/** With probability p take X, otherwise Y; values in the order `mix` of distribution.ts gives (X's, then Y's). */
export function mixMasses(p: Fraction, x: Masses, y: Masses): Masses {
  // Over p's denominator times the lcm of X's and Y's (often the same), not their product.
  const common = denominatorLcm(x.den, y.den)
  const wx = p.n * (common.value / x.den.value)
  const wy = (p.d - p.n) * (common.value / y.den.value)
  const num = new Map<number, bigint>()
  for (const [v, n] of x.num) num.set(v, (num.get(v) ?? 0n) + wx * n)
  for (const [v, n] of y.num) num.set(v, (num.get(v) ?? 0n) + wy * n)
  return { num, den: denominatorTimes(denominator(p.d), common) }
}

/** P(pred(X)), reduced. */
export function massWhere(x: Masses, pred: (v: number) => boolean): Fraction {
  let acc = 0n
  for (const [v, n] of x.num) if (pred(v)) acc += n
  return reduceMass(acc, x.den)
}

/** The masses as a Dist of reduced fractions, in the masses' order, values of probability 0 left out. */
export function massesToDist(x: Masses): Dist {
  const m = new Map<number, Fraction>()
  for (const [v, n] of x.num) if (n !== 0n) m.set(v, reduceMass(n, x.den))
  return m
}

/** The law as a Dist of reduced fractions in increasing order, values of probability 0 left out. */
export function lawToDist(x: Law): Dist {
  const m = new Map<number, Fraction>()
  x.num.forEach((n, i) => {
    if (n !== 0n) m.set(x.offset + i, reduceMass(n, x.den))
  })
  return m
}
