/** Exact non-negative rationals for dice odds; bigint so long chains of products never round. */
export interface Fraction {
  readonly n: bigint
  readonly d: bigint
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a
  let y = b < 0n ? -b : b
  while (y !== 0n) [x, y] = [y, x % y]
  return x
}

/** The fraction n/d in lowest terms (d > 0). */
export function frac(n: bigint | number, d: bigint | number = 1n): Fraction {
  let nn = BigInt(n)
  let dd = BigInt(d)
  if (dd === 0n) throw new RangeError('fraction with zero denominator')
  if (dd < 0n) [nn, dd] = [-nn, -dd]
  const g = gcd(nn, dd) || 1n
  return { n: nn / g, d: dd / g }
}

export const ZERO = frac(0)
export const ONE = frac(1)

/** a + b */
export function add(a: Fraction, b: Fraction): Fraction {
  return frac(a.n * b.d + b.n * a.d, a.d * b.d)
}

/** a − b */
export function sub(a: Fraction, b: Fraction): Fraction {
  return frac(a.n * b.d - b.n * a.d, a.d * b.d)
}

/** a × b */
export function mul(a: Fraction, b: Fraction): Fraction {
  return frac(a.n * b.n, a.d * b.d)
}

/** 1 − a, the complement of a probability. */
export function complement(a: Fraction): Fraction {
  return sub(ONE, a)
}

/** True when a and b are the same rational. */
export function eq(a: Fraction, b: Fraction): boolean {
  return a.n === b.n && a.d === b.d
}

/** Floating value, for display and AI scoring only (never for the rules). */
export function toNumber(a: Fraction): number {
  return Number(a.n) / Number(a.d)
}

/** "n/d" (or "n" for integers), the form the digests use. */
export function formatFraction(a: Fraction): string {
  return a.d === 1n ? `${a.n}` : `${a.n}/${a.d}`
}
