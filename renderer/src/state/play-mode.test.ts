import { bareFigure } from '../../../rules/core/test-fixtures'
import { describe, expect, it } from 'vitest'
import { campaignSchema } from '../../../rules/core/schemas'
import { testEncounter } from '../../../rules/core/test-fixtures'
import type { Combatant, Controller } from '../../../rules/core/types'
import { buildSampleCampaigns } from '../../../tests/tools/sample-campaigns'
import { newEncounterRecord } from './builder'
import {
  controllerChanges,
  controllerFor,
  modeOf,
  withControllers,
  withMode,
  type ModeSettings,
  type SideRole
} from './play-mode'

// Issue 18 item 4: encounter, side and figure ids come from typed names, so they may be Object.prototype's
// names ("Constructor" gives `constructor`; an imported file may say `toString`). The play modes are kept
// by encounter and by side in the campaign, the controller changes by figure: none of them may read
// Object.prototype's function for an id it does not hold.

const NAMES = ['constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty']

const fig = (id: string, side: string, controller: Controller): Combatant => ({
  ...bareFigure(id, side),
  controller
})

/** An encounter `id` whose two sides and four figures are called by Object.prototype's names. */
function encounter(id: string, controllers: Controller[] = ['human', 'human', 'ai', 'ai']) {
  const sides = [
    { id: 'toString', name: 'Heroes' },
    { id: 'valueOf', name: 'Monsters' }
  ]
  const ids = ['constructor', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable']
  const figures = ids.map((f, i) => fig(f, i < 2 ? 'toString' : 'valueOf', controllers[i]!))
  return { ...testEncounter('hq2', {}, { width: 5, height: 5, blocks: [] }, sides, figures), id }
}

const controllers = (state: { combatants: Combatant[] }) => state.combatants.map((c) => c.controller)

/** Side roles by side id (TypeScript reads a literal `toString:` key as Object's method, so entries). */
const roles = (...entries: Array<[string, SideRole]>): Record<string, SideRole> => Object.fromEntries(entries)

describe('play modes under ids that are Object.prototype names', () => {
  it.each(['Constructor', 'Prototype', 'toString', 'valueOf', 'hasOwnProperty'])(
    'an encounter named %s keeps its GM mode through a save: the AI plays one side, suggests for another',
    (name) => {
      const campaign = buildSampleCampaigns().find((c) => c.system === 'hq2')!
      const input = { name, map: { kind: 'blank' as const, width: 5, height: 5 } }
      const sides = ['constructor', 'toString', 'valueOf'].map((id) => ({ id, name: id }))
      const record = newEncounterRecord(campaign, input, sides)
      const state = {
        ...record.initial,
        combatants: [fig('h', 'constructor', 'human'), fig('m', 'toString', 'ai'), fig('g', 'valueOf', 'gm')]
      }
      const gm: ModeSettings = {
        mode: 'gm',
        heroSide: 'constructor',
        sides: roles(['constructor', 'suggests'], ['toString', 'plays'])
      }
      const saved = { ...campaign, automation: withMode(campaign.automation, state.id, gm) }
      const loaded = campaignSchema.parse(JSON.parse(JSON.stringify(saved)))
      // The session writes the mode's controllers; the side the mode does not name is the GM's.
      const played = withControllers(state, controllerChanges(state, gm))
      expect(modeOf(played, loaded.automation)).toEqual({ ...gm, sides: { ...gm.sides, valueOf: 'gm' } })
    }
  )

  it.each(NAMES)(
    'encounter %s: its stored mode reads back, and an encounter without one reads its figures',
    (id) => {
      const state = encounter(id)
      const gm: ModeSettings = {
        mode: 'gm',
        heroSide: 'toString',
        sides: roles(['toString', 'suggests'], ['valueOf', 'plays'])
      }
      const played = withControllers(state, controllerChanges(state, gm))
      expect(modeOf(played, withMode(undefined, id, gm))).toEqual(gm)
      const another = withMode(undefined, 'another-encounter', gm)
      expect(modeOf(state, another)).toEqual({
        mode: 'solo',
        heroSide: 'toString',
        sides: roles(['toString', 'gm'], ['valueOf', 'plays'])
      })
    }
  )

  it('a side the stored mode does not name is the GM’s, not a function', () => {
    const state = encounter('constructor', ['gm', 'gm', 'gm', 'gm'])
    const stored = withMode(undefined, 'constructor', { mode: 'gm', heroSide: 'toString', sides: {} })
    const mode = modeOf(state, stored)
    expect(mode.sides).toEqual({ toString: 'gm', valueOf: 'gm' })
    expect(controllerFor({ ...mode, sides: {} }, { side: 'valueOf' })).toBe('gm')
    expect(controllerFor({ ...mode, sides: {} }, { side: 'toString' })).toBe('gm')
  })

  it('controller changes touch only the figures whose controller changes', () => {
    const state = encounter('constructor')
    const gm: ModeSettings = {
      mode: 'gm',
      heroSide: 'toString',
      sides: roles(['toString', 'gm'], ['valueOf', 'plays'])
    }
    const after = withControllers(state, controllerChanges(state, gm))
    expect(controllers(after)).toEqual(['gm', 'gm', 'ai', 'ai'])
    const solo: ModeSettings = { ...gm, mode: 'solo' }
    expect(controllers(withControllers(state, controllerChanges(state, solo)))).toEqual(controllers(state))
    expect(withControllers(state, controllerChanges(state, solo)).combatants).toEqual(state.combatants)
  })
})
