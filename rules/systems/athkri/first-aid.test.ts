import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { applyEvents } from '../../core/events'
import { toNumber } from '../../core/fraction'
import { forcedDice } from '../../core/rng'
import type { Action, EncounterState } from '../../core/types'
import { applyCommand } from '../../flow/engine'
import { athkri } from '.'
import { actionCost } from './costs'
import { canTakeTurn, damageEvents, healthOf, isBleeding } from './health'
import type { AthkriSettings } from './settings'
import { startTurn } from './start-turn'
import { figure, makeEncounter, withActive } from './test-fixtures'

// athkri.md §6 [TEXT L45–48], §7 G-11: first aid (primeros auxilios) in combat. Dice order: the medic's
// 3d10 (kept middle die + Mente 3 vs Difficulty 12 by default), then the healing dice (1d6 by default).

const aid = (actorId: string, targetId: string): Action => ({ kind: 'firstAid', actorId, targetId })
const dice = (faces: number[]) => forcedDice(faces)

/** A medic at (0,0), its ally `hurt` at (1,0) (at `hurtAt` when given) and a foe far away. */
function field(settings: Partial<AthkriSettings> = {}, hurtAt: readonly [number, number] = [1, 0]) {
  return makeEncounter({
    figures: [
      { id: 'medic', at: [0, 0] },
      { id: 'hurt', at: hurtAt },
      { id: 'foe', side: 'b', at: [8, 8] }
    ],
    settings
  })
}

/** The field with `hurt` dealt `amount` (20 life, Físico 3), the medic active again. */
function hurtBy(amount: number, settings: Partial<AthkriSettings> = {}, hurtAt?: readonly [number, number]) {
  const state = field(settings, hurtAt)
  const hit = applyEvents(state, damageEvents(state, figure(state, 'hurt'), amount, 'weapon'))
  return withActive(hit, 'medic')
}

const resolve = (state: EncounterState, action: Action, faces: number[]) =>
  applyEvents(state, resolveEvents(athkri, state, action, dice(faces), {}))

describe('first aid (athkri.md §6, G-11)', () => {
  it('stabilizes a bleeding ally: no more bleed saves, still unconscious at 0 HP', () => {
    const down = hurtBy(24, { firstAidHealing: '0' })
    expect(healthOf(down, figure(down, 'hurt'))).toMatchObject({ hp: -4, state: 'inconsciente' })
    expect(isBleeding(down, figure(down, 'hurt'))).toBe(true)
    const events = resolveEvents(athkri, down, aid('medic', 'hurt'), dice([9, 9, 9]), {})
    expect(events).toEqual([
      {
        type: 'dice.rolled',
        actorId: 'medic',
        purpose: 'firstAid',
        sides: 10,
        result: 12,
        target: 12,
        atLeast: true,
        success: true
      },
      { type: 'healed', id: 'hurt', amount: 0, source: 'firstAid' }
    ])
    const after = applyEvents(down, events)
    const hurt = figure(after, 'hurt')
    expect(healthOf(after, hurt)).toMatchObject({ hp: 0, state: 'inconsciente', stabilized: true })
    expect(isBleeding(after, hurt)).toBe(false)
    expect(canTakeTurn(hurt, after)).toBe(false)
    // Its turn would roll nothing (forcedDice([]) throws on any roll).
    expect(startTurn(after, 'hurt', dice([])).filter((e) => e.type === 'dice.rolled')).toEqual([])
  })

  it('a failed first-aid roll changes nothing but the spent action', () => {
    const down = hurtBy(24)
    const events = resolveEvents(athkri, down, aid('medic', 'hurt'), dice([2, 2, 2]), {})
    expect(events).toEqual([
      {
        type: 'dice.rolled',
        actorId: 'medic',
        purpose: 'firstAid',
        sides: 10,
        result: 5,
        target: 12,
        atLeast: true,
        success: false
      }
    ])
    expect(isBleeding(applyEvents(down, events), figure(down, 'hurt'))).toBe(true)
  })

  it('healing an unconscious ally starts from 0 HP [TEXT L48] and brings it back above the threshold', () => {
    const down = hurtBy(24)
    const events = resolveEvents(athkri, down, aid('medic', 'hurt'), dice([9, 9, 9, 3]), {})
    expect(events.slice(1)).toEqual([
      { type: 'healed', id: 'hurt', amount: 3, source: 'firstAid' },
      { type: 'combatant.back', id: 'hurt' }
    ])
    const after = applyEvents(down, events)
    const hurt = figure(after, 'hurt')
    // −4 HP is set to 0, then +3: 3 HP, conscious (Malherido at HP ≤ Físico 3), not −1.
    expect(hurt).toMatchObject({ life: 3, out: false })
    expect(healthOf(after, hurt)).toMatchObject({ hp: 3, state: 'malherido', fled: false })
    expect(canTakeTurn(hurt, after)).toBe(true)
    const itsTurn = withActive(after, 'hurt')
    expect(athkri.legalActions(itsTurn, 'hurt').some((a) => a.kind === 'move')).toBe(true)
    // Felled again, it starts a fresh bleeding episode.
    const again = applyEvents(after, damageEvents(after, hurt, 5, 'weapon'))
    expect(healthOf(again, figure(again, 'hurt'))).toMatchObject({
      hp: -2,
      state: 'inconsciente',
      stabilized: false,
      bleedFailures: 0
    })
  })

  it('re-stabilizes a figure that stabilized alone and was hurt again (outside help, TEXT L47)', () => {
    const down = hurtBy(20, { firstAidHealing: '0' })
    const saved = applyEvents(down, startTurn(down, 'hurt', dice([9, 9, 9])))
    const hitAgain = applyEvents(saved, damageEvents(saved, figure(saved, 'hurt'), 2, 'weapon'))
    expect(healthOf(hitAgain, figure(hitAgain, 'hurt'))).toMatchObject({
      canSelfStabilize: false,
      stabilized: false
    })
    const helped = resolve(withActive(hitAgain, 'medic'), aid('medic', 'hurt'), [9, 9, 9])
    expect(healthOf(helped, figure(helped, 'hurt'))).toMatchObject({ stabilized: true, hp: 0 })
    // Hurt again it bleeds, and still needs outside help; one only ever helped may save on its own.
    const third = applyEvents(helped, damageEvents(helped, figure(helped, 'hurt'), 1, 'weapon'))
    expect(healthOf(third, figure(third, 'hurt'))).toMatchObject({
      stabilized: false,
      canSelfStabilize: false
    })
    const aided = resolve(hurtBy(24, { firstAidHealing: '0' }), aid('medic', 'hurt'), [9, 9, 9])
    const reopened = applyEvents(aided, damageEvents(aided, figure(aided, 'hurt'), 1, 'weapon'))
    expect(healthOf(reopened, figure(reopened, 'hurt'))).toMatchObject({
      stabilized: false,
      canSelfStabilize: true
    })
  })

  it('heals a wounded conscious ally, never above its maximum', () => {
    const wounded = hurtBy(10)
    expect(resolve(wounded, aid('medic', 'hurt'), [9, 9, 9, 4]).combatants[1]).toMatchObject({ life: 14 })
    const scratched = hurtBy(1)
    const events = resolveEvents(athkri, scratched, aid('medic', 'hurt'), dice([9, 9, 9, 6]), {})
    expect(events.at(-1)).toEqual({ type: 'healed', id: 'hurt', amount: 1, source: 'firstAid' })
  })

  it('is illegal when not adjacent, the target is fine, an enemy, dead or the medic itself', () => {
    const code = (s: EncounterState, a: Action) => athkri.validate(s, a)?.code
    expect(code(hurtBy(24, {}, [2, 0]), aid('medic', 'hurt'))).toBe('notAdjacent')
    expect(code(withActive(field(), 'medic'), aid('medic', 'hurt'))).toBe('notWounded')
    const foe = makeEncounter({
      figures: [
        { id: 'medic', at: [0, 0] },
        { id: 'foe', side: 'b', at: [1, 0], life: 5, lifeMax: 20 }
      ]
    })
    expect(code(foe, aid('medic', 'foe'))).toBe('notAnAlly')
    expect(code(hurtBy(50), aid('medic', 'hurt'))).toBe('targetDead')
    expect(code(hurtBy(5), aid('medic', 'medic'))).toBe('selfAid')
    expect(code(hurtBy(24, { firstAidEnabled: false }), aid('medic', 'hurt'))).toBe('firstAidDisabled')
    // A stabilized figure with nothing to heal gains nothing from first aid.
    const stable = resolve(hurtBy(24, { firstAidHealing: '0' }), aid('medic', 'hurt'), [9, 9, 9])
    expect(code(withActive(stable, 'medic'), aid('medic', 'hurt'))).toBe('notWounded')
  })

  it('legalActions offers first aid only to the adjacent ally in need', () => {
    const aids = (s: EncounterState) => athkri.legalActions(s, 'medic').filter((a) => a.kind === 'firstAid')
    expect(aids(hurtBy(24))).toEqual([aid('medic', 'hurt')])
    expect(aids(withActive(field(), 'medic'))).toEqual([])
    expect(aids(hurtBy(24, {}, [3, 0]))).toEqual([])
  })

  it('costs a Major by default (a Minor as a setting) and has exact odds', () => {
    expect(actionCost(hurtBy(24), aid('medic', 'hurt'))).toBe('major')
    expect(actionCost(hurtBy(24, { firstAidCost: 'minor' }), aid('medic', 'hurt'))).toBe('minor')
    // Mente 3, Difficulty 12: the middle die must show 9+ (athkri.md §9 example 9: 13/125).
    const odds = athkri.odds(hurtBy(24), aid('medic', 'hurt'))
    expect(odds?.headline.map((h) => [h.key, toNumber(h.p)])).toEqual([['firstAid', 0.104]])
    expect(
      toNumber(
        athkri.odds(hurtBy(24, { firstAidDifficulty: null }), aid('medic', 'hurt'))?.headline[0]?.p ?? {
          n: 0n,
          d: 1n
        }
      )
    ).toBe(1)
  })

  it('through the engine: spends the Major and the ally is back in the fight', () => {
    const down = hurtBy(24, { firstAidDifficulty: null, firstAidHealing: '5' })
    const done = applyCommand(down, { type: 'action.declare', action: aid('medic', 'hurt') }, athkri)
    if (!done.ok) throw new Error(done.violation.code)
    expect(figure(done.state, 'hurt')).toMatchObject({ life: 5, out: false })
    expect(done.state.log.some((e) => e.type === 'economy.spent' && e.actorId === 'medic')).toBe(true)
  })
})
