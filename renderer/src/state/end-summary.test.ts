import { describe, expect, it } from 'vitest'
import { chooseStep } from '../../../ai/choose'
import { HISTORY_CAP, type Campaign, type HistoryEntry } from '../../../rules/core/schemas'
import type { EncounterState } from '../../../rules/core/types'
import { applyCommand, whoDecides } from '../../../rules/flow/engine'
import { ruleset, sampleCampaign, started } from './fixtures'
import { endSummary, historyEntry, withEnding, withoutEnding } from './end-summary'

/** The Minecraft sample played to its end, every figure choosing as the AI would. */
function ended(): EncounterState {
  let state = started()
  for (let i = 0; i < 2000 && state.phase === 'running'; i++) {
    const decider = whoDecides(state)
    if (!decider) break
    const result = applyCommand(state, chooseStep(state, ruleset, decider).command, ruleset)
    if (!result.ok) throw new Error(result.violation.code)
    state = result.state
  }
  if (state.phase !== 'ended') throw new Error('the sample fight did not end')
  return state
}

const final = ended()

describe('the end summary', () => {
  it('names the winner and the rounds, and counts each side’s fallen', () => {
    const summary = endSummary(final, ruleset)
    expect(summary.winnerId).toBe(final.winner)
    expect(summary.winner).toBe(final.sides.find((s) => s.id === final.winner)?.name ?? null)
    expect(summary.rounds).toBe(final.round)
    for (const side of summary.casualties) {
      const fallen = final.combatants.filter((c) => c.side === side.sideId && c.out).length
      expect(side.out + side.dead).toBe(fallen)
    }
    // the losers all fell
    const losers = summary.casualties.filter((c) => c.sideId !== final.winner)
    expect(losers.every((c) => c.out + c.dead > 0)).toBe(true)
    expect(summary.xp).toBeNull()
  })

  it('adds up the damage each figure dealt and took from the log', () => {
    const summary = endSummary(final, ruleset)
    const damaged = final.log.flatMap((e) => (e.type === 'damaged' ? [e] : []))
    expect(damaged.length).toBeGreaterThan(0)
    const taken = summary.damage.reduce((n, f) => n + f.taken, 0)
    expect(taken).toBe(damaged.reduce((n, e) => n + e.amount, 0))
    // every point dealt was dealt by a figure's attack in this fight, so dealt ≤ taken and some was dealt
    const dealt = summary.damage.reduce((n, f) => n + f.dealt, 0)
    expect(dealt).toBeGreaterThan(0)
    expect(dealt).toBeLessThanOrEqual(taken)
    // the figure that attacked right before the first damage is credited with at least that much
    const at = final.log.findIndex((e) => e.type === 'damaged')
    const attack = final.log.slice(0, at).findLast((e) => e.type === 'attack.declared')
    const hurt = final.log[at]
    if (attack?.type !== 'attack.declared' || hurt?.type !== 'damaged')
      throw new Error('no attack before the damage')
    expect(summary.damage.find((f) => f.id === attack.attackerId)?.dealt).toBeGreaterThanOrEqual(hurt.amount)
    // heaviest hitters first
    expect(summary.damage.map((f) => f.dealt)).toEqual(
      [...summary.damage.map((f) => f.dealt)].sort((a, b) => b - a)
    )
  })
})

describe('the campaign history', () => {
  const campaign = sampleCampaign()
  const entry = (at: string): HistoryEntry => historyEntry('e1', endSummary(final, ruleset), 'Ambush', at)

  it('keeps one entry per fight: the same ending again (a reload, a redo) writes nothing new', () => {
    const once = withEnding(campaign, entry('2026-01-01T00:00:00.000Z'))
    expect(once).toHaveLength(1)
    const again = withEnding({ ...campaign, history: once }, entry('2026-01-02T00:00:00.000Z'))
    expect(again).toBe(once)
  })

  it('drops the entry when the ending is taken back (an undo, a restart)', () => {
    const history = withEnding(campaign, entry('2026-01-01T00:00:00.000Z'))
    const other = { ...entry('x'), encounterId: 'e2' }
    const both: Campaign = { ...campaign, history: [...(history ?? []), other] }
    expect(withoutEnding(both, 'e1')).toEqual([other])
    expect(withoutEnding(campaign, 'e1')).toBe(campaign.history)
  })

  it('replaces a different ending of the same fight, and keeps at most the cap, newest last', () => {
    const first = withEnding(campaign, entry('a'))
    const changed = withEnding({ ...campaign, history: first }, { ...entry('b'), rounds: 99 })
    expect(changed?.map((h) => h.rounds)).toEqual([99])
    const full = Array.from({ length: HISTORY_CAP }, (_v, i) => ({ ...entry('a'), encounterId: `f${i}` }))
    const capped = withEnding({ ...campaign, history: full }, entry('c'))
    expect(capped).toHaveLength(HISTORY_CAP)
    expect(capped?.at(-1)?.encounterId).toBe('e1')
    expect(capped?.[0]?.encounterId).toBe('f1')
  })
})
