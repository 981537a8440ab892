import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { chooseStep } from '../../../ai'
import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Action, Answers, Command, EncounterState } from '../../core/types'
import { applyCommand, whoDecides } from '../../flow/engine'
import { hq2 } from '.'
import { planOf } from './actions'
import { figure, makeEncounter, type BeingSpec } from './test-fixtures'

// Scripted-dice scenarios (boardgame.io MockRandom idea): forcedDice throws if the rules roll more dice
// than scripted, so every test also pins how many dice each step rolls. Faces: 1–3 skull, 4–5 white
// shield, 6 black shield (hq2.md §4.1).

const melee = (actorId: string, targetId: string): Action => ({ kind: 'melee', actorId, targetId })
const rolls = (events: GameEvent[], purpose: string) =>
  events.flatMap((e) => (e.type === 'dice.rolled' && e.purpose === purpose ? [e.result] : []))
const damaged = (events: GameEvent[]) =>
  events.flatMap((e) => (e.type === 'damaged' ? [`${e.id}:${e.amount}:${e.source}`] : []))
const skulls = (n: number) => Array<number>(n).fill(1)
const blanks = (n: number) => Array<number>(n).fill(4)

// A BM orc at (5, 5) facing east attacks a hero at (6, 5) facing west (front to front).
function clash(
  hero: Partial<BeingSpec> = {},
  orc: Partial<BeingSpec> = {},
  extra: Parameters<typeof makeEncounter>[0] = { beings: [] }
) {
  return makeEncounter({
    ...extra,
    beings: [
      {
        id: 'orc',
        side: 'bm',
        at: [5, 5],
        facing: 2,
        stats: { kind: 'monster', seat: 0, defenseFace: 'black', attackBase: 10, defenseBase: 4 },
        ...orc
      },
      { id: 'hero', side: 'heroes', at: [6, 5], facing: 6, stats: { defenseBase: 6 }, ...hero },
      ...extra.beings
    ]
  })
}

function play(state: EncounterState, commands: Command[]): EncounterState {
  return commands.reduce((s, c) => {
    const r = applyCommand(s, c, hq2)
    if (!r.ok) throw new Error(`${c.type}: ${r.violation.code}`)
    return r.state
  }, state)
}

describe('the defense decision (hq2.md §3.4 DEFENSE_CHOICE, §4.8)', () => {
  it('is asked to the defender with the choices its skills allow, basic first and default', () => {
    const state = clash({ stats: { defenseBase: 6, skills: { esquivar: 1, acrobacias: 2, malabarismo: 1 } } })
    const request = hq2.decide?.(state, melee('orc', 'hero'), {})
    expect(request).toMatchObject({
      id: 'hq2.defense',
      deciderId: 'hero',
      default: 'basic',
      choices: ['basic', 'dodge', 'acrobatics', 'counter']
    })
    // Juggling only against missiles, never reflexes against an attack; no decision without a choice.
    expect(hq2.decide?.(clash(), melee('orc', 'hero'), {})).toBeNull()
  })

  it('halts the flow until the defender answers, then asks for the check', () => {
    const state = clash({ stats: { defenseBase: 6, skills: { esquivar: 1 } } })
    const s1 = play(state, [{ type: 'action.declare', action: melee('orc', 'hero') }])
    expect(whoDecides(s1)).toBe('hero')
    const s2 = play(s1, [{ type: 'decision.answer', decisionId: 'hq2.defense', choice: 'dodge' }])
    expect(s2.pending?.request).toMatchObject({
      id: 'hq2.check',
      deciderId: 'hero',
      choices: ['roll', 'enter'],
      default: 'roll'
    })
    const s3 = play(s2, [{ type: 'decision.answer', decisionId: 'hq2.check', choice: 'enter' }])
    expect(s3.pending?.request).toMatchObject({ id: 'hq2.checkPoints', range: { min: 0, max: 100 } })
    const s4 = play(s3, [{ type: 'decision.answer', decisionId: 'hq2.checkPoints', choice: 5 }])
    expect(s4.pending).toBeNull()
    // Five points stop up to 50 skulls: a 10-dice attack cannot wound.
    expect(damaged(s4.log)).toEqual([])
    expect(rolls(s4.log, 'defense')).toEqual([])
  })

  it('dodge: rolled check (2 base dice + skill), ⌈S/10⌉ difficulty, 10 skulls per point', () => {
    const state = clash(
      { stats: { defenseBase: 6, skills: { esquivar: 1 } } },
      { stats: { kind: 'monster', seat: 0, defenseFace: 'black', attackBase: 15, defenseBase: 4 } }
    )
    const answers: Answers = { 'hq2.defense': 'dodge' }
    // 15 skulls → difficulty 2; the 3 check dice show 1 skull → 10 stopped, 5 through.
    const events = resolveEvents(
      hq2,
      state,
      melee('orc', 'hero'),
      forcedDice([...skulls(15), 1, 5, 6]),
      answers
    )
    expect(rolls(events, 'check')).toEqual([1, 5, 6])
    expect(damaged(events)).toEqual(['hero:5:attack'])
    // Two points would stop all 15 (min(s, difficulty) = 2).
    const clean = resolveEvents(
      hq2,
      state,
      melee('orc', 'hero'),
      forcedDice([...skulls(15), 1, 2, 6]),
      answers
    )
    expect(damaged(clean)).toEqual([])
  })

  it('the AI defender picks the defense with the least expected damage, from exact odds', () => {
    const state = clash({ stats: { defenseBase: 1, skills: { esquivar: 4 } } })
    const s1 = play(state, [{ type: 'action.declare', action: melee('orc', 'hero') }])
    expect(chooseStep(s1, hq2, 'hero').command).toEqual({
      type: 'decision.answer',
      decisionId: 'hq2.defense',
      choice: 'dodge'
    })
    const s2 = play(s1, [{ type: 'decision.answer', decisionId: 'hq2.defense', choice: 'dodge' }])
    expect(chooseStep(s2, hq2, 'hero').command).toEqual({
      type: 'decision.answer',
      decisionId: 'hq2.check',
      choice: 'roll'
    })
  })
})

describe('acrobatic counter-attack (hq2.md §4.8 Contraataque, §3.2, G-7, G-8)', () => {
  const acrobat = { stats: { defenseBase: 6, attackBase: 6, skills: { acrobacias: 2 } } }

  it('a full success takes no damage and strikes back at once, out of turn', () => {
    const state = clash(acrobat)
    const answers: Answers = { 'hq2.defense': 'counter', 'hq2.counterAttackPoints': 1 }
    expect(hq2.decide?.(state, melee('orc', 'hero'), { 'hq2.defense': 'counter' })).toMatchObject({
      id: 'hq2.counterMovePoints',
      deciderId: 'orc',
      default: 0
    })
    // 10 attack dice: 7 skulls → D_att 2, +1 attack point = 3; 4 check dice with 3 skulls: success.
    // The counter: 6 dice (4 skulls) against the orc's 4 black-shield dice (one 6).
    const dice = [...skulls(7), ...blanks(3), 1, 1, 1, 5, 1, 1, 1, 1, 4, 4, 6, 4, 5, 4]
    const events = resolveEvents(hq2, state, melee('orc', 'hero'), forcedDice(dice), answers)
    expect(events.filter((e) => e.type === 'attack.declared')).toEqual([
      { type: 'attack.declared', attackerId: 'orc', targetId: 'hero', mode: 'melee', sector: 'front' },
      { type: 'attack.declared', attackerId: 'hero', targetId: 'orc', mode: 'counter' }
    ])
    expect(events.find((e) => e.type === 'dice.rolled' && e.purpose === 'check')).toMatchObject({ target: 3 })
    expect(damaged(events)).toEqual(['orc:3:counter'])
  })

  it('capped mode: stunt points paid first, 5 per unmet attack point, no counter short of full success', () => {
    const state = clash(acrobat)
    const answers: Answers = { 'hq2.defense': 'counter', 'hq2.counterAttackPoints': 1 }
    // 7 skulls: D_att 2, stunt 1; s = 2 → stunt paid, 1 attack point met, 1 unmet → 5 damage; no counter.
    const events = resolveEvents(
      hq2,
      state,
      melee('orc', 'hero'),
      forcedDice([...skulls(7), ...blanks(3), 1, 1, 4, 4]),
      answers
    )
    expect(damaged(events)).toEqual(['hero:5:attack'])
    expect(events.filter((e) => e.type === 'attack.declared')).toHaveLength(2)
    // s = 0 < stunt: the stunt fails and all 7 skulls go through; missed by 3 ≥ 2 → fall 5 × 3.
    const fall = resolveEvents(
      hq2,
      state,
      melee('orc', 'hero'),
      forcedDice([...skulls(7), ...blanks(3), 4, 4, 5, 6]),
      answers
    )
    expect(damaged(fall)).toEqual(['hero:7:attack', 'hero:15:fall'])
  })

  it('each earlier attempt this round adds a difficulty point (G-7)', () => {
    const state = clash(acrobat)
    const earlier: GameEvent[] = [
      { type: 'round.started', round: 1 },
      { type: 'attack.declared', attackerId: 'hero', targetId: 'orc', mode: 'counter' },
      { type: 'attack.declared', attackerId: 'hero', targetId: 'orc', mode: 'counter' }
    ]
    const p = planOf({ ...state, log: earlier }, melee('orc', 'hero'), { 'hq2.defense': 'counter' })
    expect(p?.defense).toMatchObject({ kind: 'counter', stunt: 2 })
    const nextRound = planOf(
      { ...state, log: [...earlier, { type: 'round.started', round: 2 }] },
      melee('orc', 'hero'),
      { 'hq2.defense': 'counter' }
    )
    expect(nextRound?.defense).toMatchObject({ kind: 'counter', stunt: 0 })
  })

  it('is not offered against a ranged attack', () => {
    const state = clash(acrobat, {
      at: [2, 5],
      stats: {
        kind: 'monster',
        seat: 0,
        defenseFace: 'black',
        attackBase: 8,
        defenseBase: 4,
        rangedWeapon: bow
      }
    })
    expect(hq2.decide?.(state, { kind: 'ranged', actorId: 'orc', targetId: 'hero' }, {})).toMatchObject({
      choices: ['basic', 'acrobatics']
    })
  })
})

const bow = {
  id: 'hq2:bow',
  hands: 2 as const,
  attackBonus: 0,
  ranged: true,
  range: 10,
  tags: [],
  unsuitedAgainst: [],
  suitedAgainst: [],
  hooks: []
}

describe('dice multipliers and remainders (hq2.md §4.6, A3)', () => {
  it('23 attack dice at ×10: 2 dice count ×10, the 3 left over count ×1', () => {
    const state = clash(
      {},
      { stats: { kind: 'monster', seat: 0, defenseFace: 'black', attackBase: 23, defenseBase: 4 } },
      { beings: [], settings: { multiplierPromptAbove: 20 } }
    )
    expect(hq2.decide?.(state, melee('orc', 'hero'), {})).toMatchObject({
      id: 'hq2.attackMultiplier',
      deciderId: 'orc',
      default: 1,
      params: { dice: 23, warnAbove: 10 }
    })
    const answers = { 'hq2.attackMultiplier': 10 }
    // Scaled dice: skull, white → 10. Remainder: skull, skull, black → 2. Hero: 6 dice, two white shields.
    const events = resolveEvents(
      hq2,
      state,
      melee('orc', 'hero'),
      forcedDice([1, 4, 2, 3, 6, 4, 5, 1, 1, 6, 6]),
      answers
    )
    expect(rolls(events, 'attack')).toHaveLength(5)
    expect(damaged(events)).toEqual(['hero:10:attack'])
  })

  it('the defense pool takes its own multiplier; autoMultiplierAbove sets the default', () => {
    const state = clash(
      { stats: { defenseBase: 35 } },
      {},
      { beings: [], settings: { autoMultiplierAbove: 30 } }
    )
    expect(hq2.decide?.(state, melee('orc', 'hero'), {})).toMatchObject({
      id: 'hq2.defenseMultiplier',
      deciderId: 'hero',
      default: 10
    })
    const p = planOf(state, melee('orc', 'hero'), {})
    expect(p?.defense).toMatchObject({ kind: 'basic', pool: { dice: 35, multiplier: 10 } })
    // 3 dice ×10 + 5 dice ×1 = 8 defense dice rolled.
    const events = resolveEvents(
      hq2,
      state,
      melee('orc', 'hero'),
      forcedDice([...skulls(10), ...Array<number>(8).fill(4)]),
      {}
    )
    expect(rolls(events, 'defense')).toHaveLength(8)
    expect(damaged(events)).toEqual([])
  })
})

describe('attacks from behind (hq2.md §4.3, §4.4, A5)', () => {
  it('attacker in the defender rear squares: Defense halved, located', () => {
    const state = clash({ stats: { defenseBase: 6 }, facing: 2 })
    const p = planOf(state, melee('orc', 'hero'))
    expect([p?.sector, p?.defense.kind === 'basic' && p.defense.total.value]).toEqual(['back', 3])
    const events = resolveEvents(hq2, state, melee('orc', 'hero'), forcedDice([...skulls(10), 4, 4, 4]))
    expect(events[0]).toMatchObject({ type: 'attack.declared', sector: 'back' })
    expect(damaged(events)).toEqual(['hero:7:attack'])
  })

  it('a hidden (unlocated) attacker from behind: no defense roll at all', () => {
    const state = clash(
      { facing: 2 },
      {
        stats: {
          kind: 'monster',
          seat: 0,
          defenseFace: 'black',
          attackBase: 10,
          defenseBase: 4,
          conditions: ['hidden']
        }
      }
    )
    const events = resolveEvents(hq2, state, melee('orc', 'hero'), forcedDice(skulls(10)))
    expect(rolls(events, 'defense')).toEqual([])
    expect(events).toContainEqual({
      type: 'attack.hit',
      attackerId: 'orc',
      targetId: 'hero',
      automatic: true
    })
    // From the front the hidden attacker is seen: a normal roll.
    const seen = resolveEvents(
      hq2,
      clash(
        {},
        {
          stats: {
            kind: 'monster',
            seat: 0,
            defenseFace: 'black',
            attackBase: 2,
            defenseBase: 4,
            conditions: ['hidden']
          }
        }
      ),
      melee('orc', 'hero'),
      forcedDice([1, 1, ...blanks(6)])
    )
    expect(rolls(seen, 'defense')).toHaveLength(6)
  })

  it('target behind the attacker: Attack ×1/2, ×1/4 in the dark; no ranged attack backwards', () => {
    const behind = clash({}, { facing: 6 })
    expect(planOf(behind, melee('orc', 'hero'))?.attack.value).toBe(5)
    const dark = { ...behind, settings: { darkness: true } }
    expect(planOf(dark, melee('orc', 'hero'))?.attack.value).toBe(2)
    const archer = clash(
      {},
      {
        at: [2, 5],
        facing: 6,
        stats: {
          kind: 'monster',
          seat: 0,
          defenseFace: 'black',
          attackBase: 8,
          defenseBase: 4,
          rangedWeapon: bow
        }
      }
    )
    expect(hq2.validate(archer, { kind: 'ranged', actorId: 'orc', targetId: 'hero' })).toEqual({
      code: 'targetBehind',
      params: { targetId: 'hero' }
    })
    // The attack turns the attacker: afterwards the target is in front.
    const events = resolveEvents(hq2, behind, melee('orc', 'hero'), forcedDice([...skulls(5), ...blanks(6)]))
    expect(events).toContainEqual({ type: 'faced', id: 'orc', facing: 2 })
    expect(figure(applyEvents(behind, events), 'orc').facing).toBe(2)
  })
})

describe('dying heroes (hq2.md §5 [GAP-PUB]: an immediate healing potion saves a hero at 0)', () => {
  const lethal = () => forcedDice([...skulls(15)])
  const hit = { 'hq2.defense': 'basic' }
  const noDefense = (hero: Partial<BeingSpec>) =>
    clash(
      { ...hero, life: 3, stats: { defenseBase: 0, ...hero.stats } },
      { stats: { kind: 'monster', seat: 0, defenseFace: 'black', attackBase: 15, defenseBase: 4 } }
    )

  it('a hero carrying a potion drinks it at 0 instead of falling', () => {
    const events = resolveEvents(
      hq2,
      noDefense({ stats: { healingPotions: 1 } }),
      melee('orc', 'hero'),
      lethal(),
      hit
    )
    expect(events.filter((e) => e.type === 'healed')).toEqual([
      { type: 'healed', id: 'hero', amount: 10, source: 'potion' }
    ])
    expect(events.some((e) => e.type === 'combatant.out')).toBe(false)
  })

  it('the potion is gone once drunk: the next lethal blow puts the hero out', () => {
    const state = noDefense({ stats: { healingPotions: 1 } })
    const drank = applyEvents(state, resolveEvents(hq2, state, melee('orc', 'hero'), lethal(), hit))
    const dying = {
      ...drank,
      combatants: drank.combatants.map((c) => (c.id === 'hero' ? { ...c, life: 3 } : c))
    }
    const events = resolveEvents(hq2, dying, melee('orc', 'hero'), lethal(), hit)
    expect(events.some((e) => e.type === 'healed')).toBe(false)
    expect(events).toContainEqual({ type: 'combatant.out', id: 'hero' })
  })

  it('without a potion, or with the setting off, there is no rescue', () => {
    const none = resolveEvents(hq2, noDefense({}), melee('orc', 'hero'), lethal(), hit)
    expect(none).toContainEqual({ type: 'combatant.out', id: 'hero' })
    const off = noDefense({ stats: { healingPotions: 2 } })
    const offState = { ...off, settings: { ...off.settings, dyingHeroDrinksPotion: false } }
    expect(resolveEvents(hq2, offState, melee('orc', 'hero'), lethal(), hit)).toContainEqual({
      type: 'combatant.out',
      id: 'hero'
    })
  })
})
