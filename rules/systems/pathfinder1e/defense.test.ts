import { describe, expect, it } from 'vitest'
import type { Combatant } from '../../core/types'
import { armorClass, cmb, cmd, coverBonus, isHelpless, losesDexToAc, type DefenseContext } from './defense'
import { defaultSettings } from './settings'
import { readStats, type PfStats } from './stats'
import { pfArmor, pfFigure } from './test-fixtures'

// pathfinder1e.md §4.2 (AC), §4.6 (cover), §4.7 defender table, §4.8 (helpless), §4.10 (CMB/CMD).

const coverAc = defaultSettings.coverAc
const melee: DefenseContext = { touch: false, vsRanged: false, cover: 'none', coverAc }
const ranged: DefenseContext = { ...melee, vsRanged: true }
const touch: DefenseContext = { ...melee, touch: true }
const flatFooted: DefenseContext = { ...melee, flatFooted: true }

const base = readStats(pfFigure('x'))
const abilities = (patch: Partial<PfStats['abilities']>) => ({ ...base.abilities, ...patch })
const acParts = (patch: Partial<PfStats['ac']>) => ({ ...base.ac, ...patch })
const fig = (stats: Partial<PfStats>, life = 10): Combatant => pfFigure('t', { stats, life })

// A well-rounded defender: +1 chain shirt (4 + 1, max Dex 4), heavy shield 2, Dex 14, natural 1,
// deflection 1, dodge 1: 10 + 5 + 2 + 2 + 1 + 1 + 1 = 22; touch 10 + 2 + 1 + 1 = 14.
const knight: Partial<PfStats> = {
  armor: pfArmor(4, 4, 'light', 1),
  shield: pfArmor(2, null, 'shield'),
  abilities: abilities({ dex: 14 }),
  ac: acParts({ natural: 1, deflection: 1, dodge: 1 })
}

describe('armorClass (§4.2, §4.7, §4.8)', () => {
  it.each<[string, Partial<PfStats>, DefenseContext, number]>([
    ['§4.2 a bare Medium figure: 10', {}, melee, 10],
    ['§4.2 armor + enhancement + shield + Dex + natural + deflection + dodge', knight, melee, 22],
    ['§4.2 touch: no armor, shield or natural armor', knight, touch, 14],
    ['§4.2 flat-footed: no Dex and no dodge bonus', knight, flatFooted, 19],
    [
      '§4.2 Dex capped by the armor max Dex (Dex 18, max 1)',
      { armor: pfArmor(7, 1, 'heavy'), abilities: abilities({ dex: 18 }) },
      melee,
      18
    ],
    [
      '§4.2 Dex capped by a shield max Dex too (tower shield 2)',
      { shield: pfArmor(4, 2, 'shield'), abilities: abilities({ dex: 18 }) },
      melee,
      16
    ],
    ['§4.2 flat-footed keeps a Dex penalty (Dex 6)', { abilities: abilities({ dex: 6 }) }, flatFooted, 8],
    ['§3.1 Uncanny Dodge keeps Dex when flat-footed', { ...knight, feats: ['UncannyDodge'] }, flatFooted, 22],
    ['§3.1 flat-footed from the stats (before its first turn)', { ...knight, flatFooted: true }, melee, 19],
    ['§4.11 feinted: loses Dex', knight, { ...melee, feinted: true }, 19],
    ['§2 size: Small +1', { size: 'S' }, melee, 11],
    ['§2 size: Large −1', { size: 'L' }, melee, 9],
    ['§4.7 prone: −4 vs melee', { conditions: ['prone'] }, melee, 6],
    ['§4.7 prone: +4 vs ranged', { conditions: ['prone'] }, ranged, 14],
    ['§4.7 stunned: −2 and loses Dex', { ...knight, conditions: ['stunned'] }, melee, 17],
    ['§4.7 blinded: −2 and loses Dex', { ...knight, conditions: ['blinded'] }, melee, 17],
    ['§4.7 pinned: −4 and flat-footed', { ...knight, conditions: ['pinned'] }, melee, 15],
    ['§4.7 grappled: Dex −4 (Dex 14 → 10)', { ...knight, conditions: ['grappled'] }, melee, 20],
    ['§4.7 entangled: Dex −4', { ...knight, conditions: ['entangled'] }, melee, 20],
    ['§2 squeezing: −4', { conditions: ['squeezing'] }, ranged, 6],
    ['§4.8 helpless vs melee: Dex 0 (−5) and −4 → −9', { conditions: ['paralyzed'] }, melee, 1],
    ['§4.8 helpless vs ranged: Dex 0 (−5)', { conditions: ['asleep'] }, ranged, 5],
    [
      '§4.8 helpless knight: 22 − 2 Dex − 5 − 1 dodge − 4',
      { ...knight, conditions: ['unconscious'] },
      melee,
      10
    ],
    ['§3.2 charged: −2 AC', { effects: [{ id: 'charged', until: 't' }] }, melee, 8],
    ['§3.2 total defense: +4 dodge', { effects: [{ id: 'totalDefense', until: 't' }] }, melee, 14],
    [
      '§3.2 fighting defensively: +2 dodge',
      { effects: [{ id: 'fightingDefensively', until: 't' }] },
      melee,
      12
    ],
    [
      '§3.2 fighting defensively with 3 Acrobatics ranks: the effect value +3',
      { effects: [{ id: 'fightingDefensively', until: 't', value: 3 }] },
      melee,
      13
    ],
    [
      '§4.2 dodge from total defense is lost with Dex',
      { effects: [{ id: 'totalDefense', until: 't' }] },
      flatFooted,
      10
    ],
    [
      '§3.2 running without Run: loses Dex',
      { ...knight, effects: [{ id: 'running', until: 't' }] },
      melee,
      19
    ],
    [
      '§3.2 running with Run keeps Dex',
      { ...knight, feats: ['Run'], effects: [{ id: 'running', until: 't' }] },
      melee,
      22
    ],
    ['[SRD] mage armor: +4 armor', { effects: [{ id: 'mageArmor', until: 't', rounds: 600 }] }, melee, 14],
    [
      '[SRD] mage armor does not stack with worn armor (+5 kept)',
      { ...knight, effects: [{ id: 'mageArmor', until: 't' }] },
      melee,
      22
    ],
    [
      '[SRD] mage armor is an armor bonus: not vs touch',
      { effects: [{ id: 'mageArmor', until: 't' }] },
      touch,
      10
    ],
    ['§4.6 normal cover +4 (vs touch too)', {}, { ...touch, cover: 'normal' }, 14],
    ['§4.6 soft cover: nothing vs melee', {}, { ...melee, cover: 'soft' }, 10],
    ['§4.6 soft cover: +4 vs ranged', {}, { ...ranged, cover: 'soft' }, 14],
    ['§4.6 partial cover +2', {}, { ...melee, cover: 'partial' }, 12],
    ['§4.6 improved cover +8', {}, { ...ranged, cover: 'improved' }, 18]
  ])('%s', (_title, stats, ctx, ac) => {
    expect(armorClass(fig(stats), ctx)).toBe(ac)
  })

  it('§5 a figure knocked out by nonlethal damage is helpless', () => {
    const knockedOut = fig({ nonlethal: 6 }, 5)
    expect(isHelpless(knockedOut)).toBe(true)
    expect(armorClass(knockedOut, melee)).toBe(1)
  })

  it('§5 a dying figure (out of the fight) is helpless and loses Dex', () => {
    const dying = { ...fig(knight, -3), out: true }
    expect(isHelpless(dying)).toBe(true)
    expect(losesDexToAc(dying, {})).toBe(true)
  })

  it('§4.6 cover bonuses come from the settings', () => {
    expect(
      coverBonus({ cover: 'normal', vsRanged: false, coverAc: { partial: 1, normal: 3, improved: 6 } })
    ).toBe(3)
  })
})

describe('cmd (§4.10 step 2)', () => {
  it.each<[string, Partial<PfStats>, boolean, number]>([
    ['10 + BAB + Str + Dex', { bab: 2, abilities: abilities({ str: 12, dex: 14 }) }, false, 15],
    ['flat-footed: no Dex bonus', { bab: 2, abilities: abilities({ str: 12, dex: 14 }) }, true, 13],
    ['flat-footed keeps a Dex penalty', { abilities: abilities({ dex: 6 }) }, true, 8],
    ['deflection and dodge count; armor, shield and natural armor do not', knight, false, 14],
    ['flat-footed loses the dodge bonus', knight, true, 11],
    [
      'the armor max Dex does not cap it',
      { armor: pfArmor(7, 1, 'heavy'), abilities: abilities({ dex: 18 }) },
      false,
      14
    ],
    ['special size modifier: Large +1', { size: 'L' }, false, 11],
    ['special size modifier: Tiny −2', { size: 'T' }, false, 8],
    [
      'AC penalties apply: stunned −2 and no Dex',
      { abilities: abilities({ dex: 14 }), conditions: ['stunned'] },
      false,
      8
    ],
    ['grappled: Dex −4', { abilities: abilities({ dex: 14 }), conditions: ['grappled'] }, false, 10],
    ['total defense +4 dodge', { effects: [{ id: 'totalDefense', until: 't' }] }, false, 14]
  ])('%s', (_title, stats, ff, expected) => {
    expect(cmd(fig(stats), { flatFooted: ff })).toBe(expected)
  })
})

describe('cmb (§4.10 step 1)', () => {
  it.each<[string, Partial<PfStats>, number]>([
    ['BAB + Str', { bab: 3, abilities: abilities({ str: 14 }) }, 5],
    ['Large +1', { bab: 3, size: 'L', abilities: abilities({ str: 14 }) }, 6],
    ['Small −1 (still Str)', { bab: 1, size: 'S', abilities: abilities({ str: 8, dex: 18 }) }, -1],
    ['Tiny uses Dex and −2', { bab: 1, size: 'T', abilities: abilities({ str: 4, dex: 18 }) }, 3],
    ['Diminutive uses Dex and −4', { bab: 0, size: 'D', abilities: abilities({ str: 1, dex: 20 }) }, 1]
  ])('%s', (_title, stats, expected) => {
    expect(cmb(fig(stats))).toBe(expected)
  })
})
