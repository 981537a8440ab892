import { type Dist } from './distribution'
import { add, complement, frac, mul, ONE, sub, ZERO, type Fraction } from './fraction'
import type { DiceRoller } from './rng'

// "Keep the k-th die" rolls (Athkri's 1o3d10: roll 3d10, keep the high, middle or low die) with open-ended
// maximum faces and a first-roll fumble, as exact odds. Explosions may be unlimited: the odds then sum
// geometric series in closed form instead of truncating, so they stay exact.

/** Which die of the sorted throw is kept. */
export type KeepLevel = 'high' | 'mid' | 'low'

/** The levels from best to worst; a reduction moves one step right. */
export const KEEP_LEVELS: readonly KeepLevel[] = ['high', 'mid', 'low']

/** How a kept-die roll is made and read. */
export interface KeptDieRule {
  /** Dice thrown each time (Athkri: 3). */
  count: number
  /** Faces per die (Athkri: 10). */
  sides: number
  level: KeepLevel
  /** A kept maximum face adds itself and the throw is repeated, keeping the same position. */
  explode: boolean
  /** Most explosions in one roll (null = unlimited); at the cap a maximum face is just its value. */
  cap: number | null
  /** A kept 1 on the first throw is an automatic failure. */
  fumble: boolean
}

/** The kept face of one throw. */
export function keptFace(faces: readonly number[], level: KeepLevel): number {
  const sorted = [...faces].sort((a, b) => a - b)
  const index = level === 'low' ? 0 : level === 'high' ? sorted.length - 1 : (sorted.length - 1) >> 1
  const face = sorted[index]
  if (face === undefined) throw new RangeError('keptFace of an empty throw')
  return face
}

const faceCache = new Map<string, Dist>()

/**
 * The exact law of the kept face of `count` d`sides`: P(kept = v) = Σ over how many dice fall below v and
 * how many equal it (multinomial counts), the kept position landing on a die equal to v.
 */
export function keptFaceDist(level: KeepLevel, count = 3, sides = 10): Dist {
  const key = `${level}:${count}:${sides}`
  const hit = faceCache.get(key)
  if (hit) return hit
  const k = level === 'low' ? 0 : level === 'high' ? count - 1 : (count - 1) >> 1
  const total = BigInt(sides) ** BigInt(count)
  const m = new Map<number, Fraction>()
  for (let v = 1; v <= sides; v++) {
    let ways = 0n
    for (let below = 0; below <= k; below++) {
      for (let equal = k - below + 1; below + equal <= count; equal++) {
        const above = count - below - equal
        ways +=
          multinomial(count, below, equal, above) *
          BigInt(v - 1) ** BigInt(below) *
          BigInt(sides - v) ** BigInt(above)
      }
    }
    m.set(v, frac(ways, total))
  }
  faceCache.set(key, m)
  return m
}

function factorial(n: number): bigint {
  let r = 1n
  for (let i = 2n; i <= BigInt(n); i++) r *= i
  return r
}

function multinomial(n: number, ...parts: number[]): bigint {
  return parts.reduce((acc, p) => acc / factorial(p), factorial(n))
}

/** What one kept-die roll did: every throw's faces, the kept face of each, the die total. */
export interface KeptRoll {
  throws: number[][]
  kept: number[]
  /** Sum of the kept faces (explosions included); the attribute and modifiers are added by the caller. */
  total: number
  /** The kept face of the first throw (Athkri's hit location reads it). */
  first: number
  fumble: boolean
  explosions: number
}

/** Rolls a kept-die roll through `dice`: throw, keep, and repeat while the kept face explodes. */
export function rollKept(dice: DiceRoller, rule: KeptDieRule): KeptRoll {
  const throws: number[][] = []
  const kept: number[] = []
  for (;;) {
    const faces = Array.from({ length: rule.count }, () => dice.roll(rule.sides))
    const face = keptFace(faces, rule.level)
    throws.push(faces)
    kept.push(face)
    const depth = kept.length - 1
    if (!(face === rule.sides && explodesAt(rule, depth))) break
  }
  const first = kept[0] ?? 1
  return {
    throws,
    kept,
    total: kept.reduce((a, b) => a + b, 0),
    first,
    fumble: rule.fumble && first === 1,
    explosions: kept.length - 1
  }
}

function explodesAt(rule: KeptDieRule, depth: number): boolean {
  return rule.explode && (rule.cap === null || depth < rule.cap)
}

/**
 * The exact law of the die total with explosions; finite, so an unlimited rule needs `maxDepth`, the
 * explosions enumerated (the rest is cut off and the result does not sum to 1). The fumble is not marked:
 * a fumbled roll counts its face 1 here (see `fumbleChance`).
 */
export function keptTotalDist(rule: KeptDieRule, maxDepth?: number): Dist {
  const depthLimit = rule.cap ?? maxDepth
  if (depthLimit === undefined) throw new RangeError('keptTotalDist of unlimited explosions needs maxDepth')
  const faces = keptFaceDist(rule.level, rule.count, rule.sides)
  const m = new Map<number, Fraction>()
  const walk = (depth: number, offset: number, p: Fraction): void => {
    for (const [v, pv] of faces) {
      const q = mul(p, pv)
      const explodes = v === rule.sides && explodesAt(rule, depth)
      if (!explodes) m.set(offset + v, add(m.get(offset + v) ?? ZERO, q))
      else if (depth < depthLimit) walk(depth + 1, offset + v, q)
    }
  }
  walk(0, 0, ONE)
  return m
}

/** P(the first kept face is 1), the fumble chance when the rule has fumbles. */
export function fumbleChance(rule: KeptDieRule): Fraction {
  return rule.fumble ? (keptFaceDist(rule.level, rule.count, rule.sides).get(1) ?? ZERO) : ZERO
}

function face(rule: KeptDieRule, v: number): Fraction {
  return keptFaceDist(rule.level, rule.count, rule.sides).get(v) ?? ZERO
}

/** P(the total of the throws from `depth` on is ≥ t), fumbles aside. */
export function tailFrom(rule: KeptDieRule, t: number, depth: number): Fraction {
  if (t <= 1) return ONE
  if (!explodesAt(rule, depth)) {
    let acc = ZERO
    for (let v = Math.max(t, 1); v <= rule.sides; v++) acc = add(acc, face(rule, v))
    return acc
  }
  let acc = ZERO
  for (let v = t; v < rule.sides; v++) acc = add(acc, face(rule, v))
  return add(acc, mul(face(rule, rule.sides), tailFrom(rule, t - rule.sides, depth + 1)))
}

/**
 * P(success and first kept face = v) for a roll that succeeds iff its die total ≥ t: a fumble never
 * succeeds; a kept maximum face carries on into the explosion.
 */
export function atLeastByFace(rule: KeptDieRule, t: number): Map<number, Fraction> {
  const m = new Map<number, Fraction>()
  for (let v = 1; v <= rule.sides; v++) {
    const pv = face(rule, v)
    let p: Fraction
    if (rule.fumble && v === 1) p = ZERO
    else if (v === rule.sides && explodesAt(rule, 0)) p = mul(pv, tailFrom(rule, t - v, 1))
    else p = v >= t ? pv : ZERO
    m.set(v, p)
  }
  return m
}

/** P(die total ≥ t and no fumble). */
export function atLeast(rule: KeptDieRule, t: number): Fraction {
  return sumValues(atLeastByFace(rule, t))
}

/** How an opposed roll reads fumbles. */
export interface OpposedOptions {
  /** A defender's fumble makes its roll fail, so the attacker wins (unless it fumbled too). */
  defenderFumbleFails: boolean
}

/**
 * P(attacker wins and its first kept face = v) in an opposed roll won iff c + A ≥ D, A and D the two die
 * totals (c folds in both sides' attributes and modifiers; a defender winning ties would use c − 1).
 * An attacker's fumble loses. Explosions that both sides keep rolling cancel out (memoryless), so with
 * unlimited explosions the both-explode branch is a geometric series solved in closed form.
 */
export function opposedByFace(
  att: KeptDieRule,
  def: KeptDieRule,
  c: number,
  options: OpposedOptions
): Map<number, Fraction> {
  const both = bothExplodeWins(att, def, c, 1)
  const m = new Map<number, Fraction>()
  for (let a = 1; a <= att.sides; a++) {
    let p = ZERO
    if (!(att.fumble && a === 1)) {
      for (let b = 1; b <= def.sides; b++) {
        const pb = face(def, b)
        const win =
          def.fumble && b === 1 && options.defenderFumbleFails ? ONE : pairWins(att, def, c, a, b, 0, both)
        p = add(p, mul(pb, win))
      }
    }
    m.set(a, mul(face(att, a), p))
  }
  return m
}

/** P(c + A ≥ D) with fumbles read as in `opposedByFace`. */
export function opposed(att: KeptDieRule, def: KeptDieRule, c: number, options: OpposedOptions): Fraction {
  return sumValues(opposedByFace(att, def, c, options))
}

// P(attacker wins | faces a and b kept at `depth`), `both` = P(wins | both exploded past this depth).
function pairWins(
  att: KeptDieRule,
  def: KeptDieRule,
  c: number,
  a: number,
  b: number,
  depth: number,
  both: Fraction
): Fraction {
  const aUp = a === att.sides && explodesAt(att, depth)
  const bUp = b === def.sides && explodesAt(def, depth)
  if (aUp && bUp) return both
  // c + a + A' ≥ b  ⇔  A' ≥ b − c − a
  if (aUp) return tailFrom(att, b - c - a, depth + 1)
  // c + a ≥ b + D'  ⇔  not (D' ≥ c + a − b + 1)
  if (bUp) return complement(tailFrom(def, c + a - b + 1, depth + 1))
  return c + a >= b ? ONE : ZERO
}

// P(c + A ≥ D) for the throws from `depth` on, after both kept their maximum face (no fumbles any more).
function bothExplodeWins(att: KeptDieRule, def: KeptDieRule, c: number, depth: number): Fraction {
  const aCan = explodesAt(att, depth)
  const bCan = explodesAt(def, depth)
  if (aCan && bCan && att.cap === null && def.cap === null) {
    // Q = rest + P(both max)·Q: the same game again, so Q = rest / (1 − P(both max)).
    const pp = mul(face(att, att.sides), face(def, def.sides))
    return divide(restSum(att, def, c, depth, ZERO), sub(ONE, pp))
  }
  const deeper = aCan && bCan ? bothExplodeWins(att, def, c, depth + 1) : ZERO
  return restSum(att, def, c, depth, deeper)
}

function restSum(att: KeptDieRule, def: KeptDieRule, c: number, depth: number, both: Fraction): Fraction {
  let acc = ZERO
  for (let a = 1; a <= att.sides; a++) {
    for (let b = 1; b <= def.sides; b++) {
      const p = mul(face(att, a), face(def, b))
      acc = add(acc, mul(p, pairWins(att, def, c, a, b, depth, both)))
    }
  }
  return acc
}

function divide(a: Fraction, b: Fraction): Fraction {
  return frac(a.n * b.d, a.d * b.n)
}

function sumValues(m: ReadonlyMap<number, Fraction>): Fraction {
  let acc = ZERO
  for (const p of m.values()) acc = add(acc, p)
  return acc
}
