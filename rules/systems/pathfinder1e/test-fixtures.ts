import type { AttackSlot } from './attack-routine'
import { defaultSides, testEncounter } from '../../core/test-fixtures'
import type { Combatant, EncounterState, Side, Vec3 } from '../../core/types'
import type { PfSettings } from './settings'
import { SIZE_TABLE, statsSchema, type PfArmor, type PfStats, type PfWeapon } from './stats'

// Builders for tests (and any helper that needs a small Pathfinder figure or encounter). Keep the
// signatures stable: other helpers import `pfFigure` and `pfState`.

/** Longsword [SRD]: 1d8, 19–20/×2, slashing, one-handed. */
export const longsword: PfWeapon = {
  id: 'pf1:longsword',
  damage: '1d8',
  critRange: 19,
  critMult: 2,
  types: ['S'],
  handedness: 'one',
  reach: false,
  traits: [],
  enhancement: 0
}

/** Greatsword [SRD]: 2d6, 19–20/×2, two-handed. */
export const greatsword: PfWeapon = { ...longsword, id: 'pf1:greatsword', damage: '2d6', handedness: 'two' }

/** Short sword [SRD]: 1d6, 19–20/×2, light. */
export const shortSword: PfWeapon = {
  ...longsword,
  id: 'pf1:short-sword',
  damage: '1d6',
  types: ['P'],
  handedness: 'light'
}

/** Dagger [SRD]: 1d4, 19–20/×2, light, thrown 10 ft. */
export const dagger: PfWeapon = {
  ...longsword,
  id: 'pf1:dagger',
  damage: '1d4',
  types: ['P', 'S'],
  handedness: 'light',
  thrown: true,
  rangeIncrementFt: 10
}

/** Battleaxe [SRD]: 1d8, 20/×3. */
export const battleaxe: PfWeapon = { ...longsword, id: 'pf1:battleaxe', critRange: 20, critMult: 3 }

/** Spear [SRD]: 1d8, ×3, two-handed, brace (double damage set against a charge). */
export const spear: PfWeapon = {
  ...longsword,
  id: 'pf1:spear',
  critRange: 20,
  critMult: 3,
  types: ['P'],
  handedness: 'two',
  traits: ['brace']
}

/** Longbow [SRD]: 1d8, 20/×3, 100 ft. */
export const longbow: PfWeapon = {
  id: 'pf1:longbow',
  damage: '1d8',
  critRange: 20,
  critMult: 3,
  types: ['P'],
  handedness: 'ranged',
  reach: false,
  rangeIncrementFt: 100,
  traits: [],
  enhancement: 0
}

/** An armor (or, with category 'shield', a shield) with this bonus and max Dex (null = none). */
export function pfArmor(
  bonus: number,
  maxDex: number | null,
  category: PfArmor['category'] = 'medium',
  enhancement = 0
): PfArmor {
  return { id: `pf1:test-${category}-${bonus}`, bonus, maxDex, checkPenalty: 0, category, enhancement }
}

/** An average Medium humanoid: all abilities 10, level 1, BAB 0, no gear but a longsword in hand. */
export const basePfStats: PfStats = {
  size: 'M',
  shape: 'tall',
  creatureType: 'humanoid',
  abilities: { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 },
  level: 1,
  bab: 0,
  nonlethal: 0,
  tempHp: 0,
  ac: { natural: 0, deflection: 0, dodge: 0, misc: 0 },
  saves: { fort: 0, ref: 0, will: 0 },
  speed: { land: 30 },
  initiativeMisc: 0,
  feats: [],
  skills: {},
  weapons: [longsword],
  naturalAttacks: [],
  wielding: { main: longsword.id, off: null },
  legs: 2,
  flying: false,
  immuneCrit: false,
  regeneration: false,
  fillsSquares: false,
  conditions: [],
  effects: [],
  aware: true,
  flatFooted: false,
  aooUsed: 0,
  aooRound: 0
}

/** What `pfFigure` may change. */
export interface PfFigurePatch {
  pos?: Partial<Vec3>
  side?: string
  life?: number
  lifeMax?: number
  stats?: Partial<PfStats>
}

/**
 * A valid Pathfinder combatant: `basePfStats` with `patch.stats` merged shallowly (validated), life 10 by
 * default, `lifeMin` = −Con score (§5), footprint from the size table.
 */
export function pfFigure(id: string, patch: PfFigurePatch = {}): Combatant {
  const stats = statsSchema.parse({ ...basePfStats, ...patch.stats })
  const lifeMax = patch.lifeMax ?? Math.max(10, patch.life ?? 0)
  return {
    id,
    name: id,
    side: patch.side ?? 'a',
    controller: 'ai',
    pos: { x: 0, y: 0, z: 0, ...patch.pos },
    facing: 0,
    life: patch.life ?? lifeMax,
    lifeMax,
    lifeMin: -stats.abilities.con,
    out: false,
    stats,
    size: SIZE_TABLE[stats.size].space
  }
}

/** Options of `pfState`. */
export interface PfStateOptions {
  settings?: Partial<PfSettings>
  width?: number
  height?: number
  blocks?: ReadonlyArray<readonly [number, number]>
  sides?: Side[]
  initiative?: Record<string, number>
}

/** A running 'pathfinder1e' encounter in round 1 (nobody active) with these figures (board 30 × 30). */
export function pfState(combatants: Combatant[], opts: PfStateOptions = {}): EncounterState {
  const state = testEncounter(
    'pathfinder1e',
    { ...opts.settings },
    {
      width: opts.width ?? 30,
      height: opts.height ?? 30,
      blocks: (opts.blocks ?? []).map(([x, y]) => ({ x, y }))
    },
    opts.sides ?? defaultSides(combatants),
    combatants
  )
  return { ...state, initiative: { ...opts.initiative } }
}

/** A melee attack slot for the attack maths tests: +0, no damage dice, 20/×2, patched as needed. */
export function testSlot(patch: Partial<AttackSlot> = {}): AttackSlot {
  return {
    id: 'test',
    source: 'weapon',
    bonus: 0,
    damage: { count: 0, sides: 0, bonus: 0 },
    critRange: 20,
    critMult: 2,
    ranged: false,
    thrown: false,
    touch: false,
    hand: 'main',
    nonlethal: false,
    reach: false,
    ...patch
  }
}
