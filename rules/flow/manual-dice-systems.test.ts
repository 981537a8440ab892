import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../core/events'
import type { Command } from '../core/types'
import { hq2 } from '../systems/hq2'
import { makeEncounter as hq2Encounter } from '../systems/hq2/test-fixtures'
import { minecraft } from '../systems/minecraft'
import { makeEncounter as mcEncounter } from '../systems/minecraft/test-fixtures'
import { dryRunDice } from './dice-dry-run'
import { applyCommand } from './engine'

// Manual dice beyond d20s: HQ2's custom combat dice (skulls and shields on a d6) and Minecraft's d10
// rolled under a target.

const rolled = (events: GameEvent[]) => events.flatMap((e) => (e.type === 'dice.rolled' ? [e] : []))
const damage = (events: GameEvent[], id: string) =>
  events.reduce((sum, e) => sum + (e.type === 'damaged' && e.id === id ? e.amount : 0), 0)

describe('HQ2 combat dice entered by hand', () => {
  const state = hq2Encounter({
    beings: [
      { id: 'a', side: 'h', at: [5, 5], facing: 2, stats: { attackBase: 3 } },
      { id: 'd', side: 'm', at: [6, 5], facing: 6, stats: { kind: 'monster', seat: 0, defenseBase: 2 } }
    ]
  })
  const melee: Command = { type: 'action.declare', action: { kind: 'melee', actorId: 'a', targetId: 'd' } }

  it('asks for the attack dice, then for the defense dice, and reads the entered faces as skulls and shields', () => {
    const asked = dryRunDice(state, melee, hq2)
    if (!asked.ok) throw new Error('dry run refused')
    expect(asked.dice.map((d) => d.sides)).toEqual([6, 6, 6, 6, 6])
    expect(asked.dice.slice(0, 3).every((d) => d.actorId === 'a')).toBe(true)
    expect(asked.dice.slice(3).every((d) => d.actorId === 'd')).toBe(true)
    // Three skulls (faces 1–3) against two white shields (faces 4–5, a monster's): one gets through.
    const one = applyCommand(state, { ...melee, dice: [1, 2, 3, 4, 5] }, hq2)
    // Three skulls against two skulls on the defense dice (no shield): all three get through.
    const three = applyCommand(state, { ...melee, dice: [1, 2, 3, 1, 1] }, hq2)
    if (!one.ok || !three.ok) throw new Error('refused')
    expect(rolled(one.events).map((e) => [e.face, e.entered])).toEqual([
      ['skull', 1],
      ['skull', 2],
      ['skull', 3],
      ['white', 4],
      ['white', 5]
    ])
    expect(rolled(one.events).map((e) => e.success)).toEqual([true, true, true, true, true])
    expect(damage(three.events, 'd') - damage(one.events, 'd')).toBe(2)
  })

  it('a 7 on a combat die is refused with the die it was meant for', () => {
    expect(applyCommand(state, { ...melee, dice: [7] }, hq2)).toMatchObject({
      ok: false,
      violation: { code: 'manualDieOutOfRange', params: { index: 1, face: 7, sides: 6 } }
    })
  })
})

describe('Minecraft roll-under d10 entered by hand', () => {
  const state = mcEncounter({
    figures: [
      { id: 'a', side: 'h', at: [3, 5] },
      { id: 'z', side: 'z', at: [3, 4] }
    ]
  })
  const melee: Command = { type: 'action.declare', action: { kind: 'melee', actorId: 'a', targetId: 'z' } }

  it('the entered face decides the roll against its target: low wounds, high does not', () => {
    const asked = dryRunDice(state, melee, minecraft)
    expect(asked.ok && asked.dice.map((d) => d.sides)).toEqual([10])
    for (const face of [2, 9]) {
      const result = applyCommand(state, { ...melee, dice: [face] }, minecraft)
      if (!result.ok) throw new Error(result.violation.code)
      const [roll] = rolled(result.events)
      expect(roll).toMatchObject({ sides: 10, result: face, entered: face })
      expect(roll!.success).toBe(face <= roll!.target!)
      expect(damage(result.events, 'z') > 0).toBe(roll!.success)
    }
  })
})
