import { describe, expect, it } from 'vitest'
import type { EncounterState } from '../../../rules/core/types'
import { sampleCampaign } from './fixtures'
import { BACKGROUND_MAX_BYTES, droppedByResize, figureModels } from './map-edit-files'
import { removeFigure } from './map-edit-figures'

// The minecraft sample: two encounters; the first has Steve, Alex, three zombies and a skeleton, the
// second Steve, Alex, two zombies and two skeletons ("Esqueleto 1", "Esqueleto 2").

describe('figure models', () => {
  it('offers one figure per kind from every encounter, this one first', () => {
    const campaign = sampleCampaign()
    const [first, second] = campaign.encounters
    if (!first || !second) throw new Error('the sample has two encounters')
    const names = figureModels(campaign, first.id, first.initial as EncounterState).map((m) => m.name)
    // the zombies are one kind; "Esqueleto" here and "Esqueleto 1/2" there are one kind too
    expect(names).toEqual(['Steve', 'Alex', 'Zombi 1', 'Esqueleto'])
    const fromSecond = figureModels(campaign, second.id, second.initial as EncounterState).map((m) => m.name)
    expect(fromSecond[0]).toBe('Steve')
    expect(fromSecond).toContain('Esqueleto 1')
  })

  it('keeps offering a figure removed while editing, and only of sides the encounter has', () => {
    const campaign = sampleCampaign()
    const first = campaign.encounters[0]
    if (!first) throw new Error('no encounter')
    const edited = removeFigure(first.initial as EncounterState, 'steve')
    expect(figureModels(campaign, first.id, edited).map((m) => m.id)).toContain('steve')
    const oneSide = { ...edited, sides: edited.sides.filter((s) => s.id === 'heroes') }
    expect(figureModels(campaign, first.id, oneSide).every((m) => m.side === 'heroes')).toBe(true)
  })
})

describe('resize and background limits', () => {
  it('counts the figures a smaller map would drop', () => {
    const state = sampleCampaign().encounters[0]?.initial as EncounterState
    // Steve (2,5), Alex (2,7), zombies (8,4) (11,7) (8,9), skeleton (14,5)
    expect(droppedByResize(state, 16, 12)).toBe(0)
    // on 9×8 (x ≤ 8, y ≤ 7) the zombies at (11,7) and (8,9) and the skeleton fall off
    expect(droppedByResize(state, 9, 8)).toBe(3)
  })

  it('keeps a 4 MB picture under the 6 MB of text the save allows once in base64', () => {
    expect(Math.ceil(BACKGROUND_MAX_BYTES / 3) * 4 + 'data:image/webp;base64,'.length).toBeLessThan(6_000_000)
  })
})
