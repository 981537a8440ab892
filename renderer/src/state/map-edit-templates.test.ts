import { describe, expect, it } from 'vitest'
import type { EncounterState } from '../../../rules/core/types'
import { creatureTemplate } from './roster-content'
import { addFigure, templateModel } from './map-edit-figures'
import { sampleCampaign } from './fixtures'

// The map editor places the campaign's party and bestiary templates as it places copies of figures.

describe('placing templates in the map editor', () => {
  const state = sampleCampaign().encounters[0]?.initial as EncounterState

  it('places a bestiary creature on the chosen side, played by the AI, at full life', () => {
    const template = { ...creatureTemplate('minecraft', 'minecraft:creeper', 'es'), lifeMax: 7 }
    const placed = addFigure(state, templateModel({ list: 'bestiary', template }, 'monsters'))
    if (!placed.ok) throw new Error(placed.reason)
    const figure = placed.state.combatants.find((c) => c.id === placed.id)
    expect(figure).toMatchObject({ side: 'monsters', controller: 'ai', life: 7, lifeMax: 7, out: false })
    expect(figure?.stats).toEqual(template.stats)
    expect(figure).not.toHaveProperty('source')
    expect(placed.state.combatants).toHaveLength(state.combatants.length + 1)
  })

  it('gives party members to people and refuses a side the encounter lacks', () => {
    const template = creatureTemplate('minecraft', 'minecraft:steve', 'es')
    const placed = addFigure(state, templateModel({ list: 'party', template }, 'heroes'))
    expect(placed.ok && placed.state.combatants.at(-1)?.controller).toBe('human')
    expect(addFigure(state, templateModel({ list: 'party', template }, 'nobody'))).toEqual({
      ok: false,
      reason: 'side'
    })
  })
})

describe('names of placed figures (issue 21: the first orc placed was "Orco 2")', () => {
  const state = sampleCampaign().encounters[0]?.initial as EncounterState
  const creeper = creatureTemplate('minecraft', 'minecraft:creeper', 'es')

  it('the first of its kind keeps the plain name, the next ones are numbered from 2', () => {
    const first = addFigure(state, templateModel({ list: 'bestiary', template: creeper }, 'monsters'))
    if (!first.ok) throw new Error(first.reason)
    const firstName = first.state.combatants.find((c) => c.id === first.id)?.name
    expect(firstName).toBe(creeper.name)
    const second = addFigure(first.state, templateModel({ list: 'bestiary', template: creeper }, 'monsters'))
    if (!second.ok) throw new Error(second.reason)
    expect(second.state.combatants.find((c) => c.id === second.id)?.name).toBe(`${creeper.name} 2`)
  })

  it('a copy of a numbered figure takes the next number', () => {
    const zombie = state.combatants.find((c) => /\s\d+$/.test(c.name))!
    const copy = addFigure(state, zombie)
    if (!copy.ok) throw new Error(copy.reason)
    const name = copy.state.combatants.find((c) => c.id === copy.id)?.name
    expect(name).toMatch(new RegExp(`^${zombie.name.replace(/\s+\d+$/, '')} \\d+$`))
    expect(state.combatants.some((c) => c.name === name)).toBe(false)
  })
})
