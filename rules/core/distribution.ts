import { add, frac, mul, ONE, toNumber, ZERO, type Fraction } from './fraction'

/** A finite discrete distribution over integers with exact probabilities (the dice algebra). */
export type Dist = ReadonlyMap<number, Fraction>

/** A fair die with faces 1..sides. */
export function die(sides: number): Dist {
  const p = frac(1, sides)
  const m = new Map<number, Fraction>()
  for (let face = 1; face <= sides; face++) m.set(face, p)
  return m
}

/** Always the value v. */
export function constant(v: number): Dist {
  return new Map([[v, ONE]])
}

/** 1 with probability p, else 0. */
export function bernoulli(p: Fraction): Dist {
  const m = new Map<number, Fraction>()
  const q = frac(p.d - p.n, p.d)
  if (q.n !== 0n) m.set(0, q)
  if (p.n !== 0n) m.set(1, p)
  return m
}

/** The distribution of f(X). */
export function mapDist(x: Dist, f: (v: number) => number): Dist {
  const m = new Map<number, Fraction>()
  for (const [v, p] of x) {
    const k = f(v)
    m.set(k, add(m.get(k) ?? ZERO, p))
  }
  return m
}

/** The distribution of X + Y for independent X and Y. */
export function convolve(x: Dist, y: Dist): Dist {
  const m = new Map<number, Fraction>()
  for (const [a, pa] of x) {
    for (const [b, pb] of y) m.set(a + b, add(m.get(a + b) ?? ZERO, mul(pa, pb)))
  }
  return m
}

/** The sum of n independent copies of X. */
export function repeatSum(x: Dist, n: number): Dist {
  let acc = constant(0)
  for (let i = 0; i < n; i++) acc = convolve(acc, x)
  return acc
}

/** Mixes outcomes: with probability p take X, otherwise Y. */
export function mix(p: Fraction, x: Dist, y: Dist): Dist {
  const q = frac(p.d - p.n, p.d)
  const m = new Map<number, Fraction>()
  for (const [v, pv] of x) m.set(v, add(m.get(v) ?? ZERO, mul(p, pv)))
  for (const [v, pv] of y) m.set(v, add(m.get(v) ?? ZERO, mul(q, pv)))
  return m
}

/** P(pred(X)). */
export function probability(x: Dist, pred: (v: number) => boolean): Fraction {
  let acc = ZERO
  for (const [v, p] of x) if (pred(v)) acc = add(acc, p)
  return acc
}

/** E[X], exact. */
export function expectation(x: Dist): Fraction {
  let acc = ZERO
  for (const [v, p] of x) acc = add(acc, mul(frac(v), p))
  return acc
}

/** E[X] as a float, for scoring. */
export function mean(x: Dist): number {
  return toNumber(expectation(x))
}
