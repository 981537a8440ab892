import { describe, expect, it } from 'vitest'
import type { Action, EncounterState } from '../../../rules/core/types'
import { carnevaleSampleEncounter } from '../../../rules/systems/carnevale/sample'
import { defaultPushPoint, longestPush } from '../../../rules/systems/carnevale/push-choice'
import { aimAt, aimedAction, aimsPush, aimView, startAim } from './inches-push'

// The Espadachina grapples the Madre Salobre where the sample places them (contact is not needed to aim).
const state: EncounterState = carnevaleSampleEncounter()
const grapple: Action = { kind: 'grapple', actorId: 'spadaccina', targetId: 'madre' }
const figure = (id: string) => state.combatants.find((c) => c.id === id)!

describe('aiming a Grapple push', () => {
  it('is asked for a Grapple on the inches board only', () => {
    expect(aimsPush(state, grapple)).toBe(true)
    expect(aimsPush(state, { ...grapple, kind: 'combat' })).toBe(false)
  })

  it('starts at the rules’ default point and longest push', () => {
    const aim = startAim(state, grapple)!
    expect(aim.point).toEqual(defaultPushPoint(state, figure('spadaccina'), figure('madre')))
    expect(aim.max).toBe(longestPush(state))
    expect(aim.chosen).toBe(false)
    expect(aimedAction(aim).options).toEqual({ pushX: aim.point.x, pushY: aim.point.y })
  })

  it('brings a click beyond the longest push back onto its circle', () => {
    const aim = startAim(state, grapple)!
    const madre = figure('madre').pos
    const far = aimAt(state, aim, { x: madre.x + 1000, y: madre.y })
    expect(far.point).toEqual({ x: madre.x + aim.max * 10, y: madre.y })
    expect(far.chosen).toBe(true)
    const near = aimAt(state, aim, { x: madre.x, y: madre.y + 15 })
    expect(near.point).toEqual({ x: madre.x, y: madre.y + 15 })
  })

  it('shows the circle it can reach and the push from the figure to where it lands', () => {
    const aim = aimAt(state, startAim(state, grapple)!, { x: figure('madre').pos.x, y: 0 })
    const view = aimView(state, aim)!
    expect(view.path.points[0]).toEqual(figure('madre').pos)
    expect(view.path.length).toBeGreaterThan(0)
    expect(view.path.length).toBeLessThanOrEqual(aim.max + 1e-9)
    expect(view.reach.length).toBeGreaterThan(8)
  })
})
