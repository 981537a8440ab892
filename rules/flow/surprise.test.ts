import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../core/events'
import type { Combatant, Command, EncounterState } from '../core/types'
import { getRuleset } from '../systems'
import { makeEncounter as athkriEncounter } from '../systems/athkri/test-fixtures'
import { makeEncounter as hq2Encounter } from '../systems/hq2/test-fixtures'
import { plenoAtaque } from '../systems/hq2/totals'
import { makeEncounter as mcEncounter } from '../systems/minecraft/test-fixtures'
import { pfFigure, pfState } from '../systems/pathfinder1e/test-fixtures'
import { applyCommand } from './engine'

// `surprised` (figures unaware as the fight opens), read against each digest in shared/rules:
// - minecraft.md and carnevale.md say nothing of surprise: the engine's default applies, the figure's
//   round-1 activation passes.
// - hq2.md §4.3 Pleno Ataque: an ambushed being does not defend; the builder's surprise ambushes it and it
//   loses round 1 (hq2/ambush.ts), the ambush ending as its first real activation opens.
// - pathfinder1e.md §3.1: a surprise round when some, not all, are unaware; the unaware cannot act in it.
// - athkri.md §4 Emboscada / §5.2 [TEXT L66]: an unaware target is +4 to hit and open to ambush; the digest
//   does not take its turn away.

const setup = (s: EncounterState, surprised: string[]): EncounterState => ({
  ...s,
  phase: 'setup',
  round: 0,
  turn: null,
  surprised
})

function play(state: EncounterState, commands: Command[]): EncounterState {
  const ruleset = getRuleset(state.system)
  return commands.reduce((s, c) => {
    const r = applyCommand(s, c, ruleset)
    if (!r.ok) throw new Error(`refused ${c.type}: ${r.violation.code}`)
    return r.state
  }, state)
}

const start: Command = { type: 'encounter.start' }
/** Whether an HQ2 being is ambushed (Pleno Ataque: it does not defend). */
const hq2Ambushed = (state: EncounterState, id: string): boolean =>
  plenoAtaque(state.combatants.find((c) => c.id === id) as Combatant)
const turnEnd: Command = { type: 'turn.end' }
/** Who opened an activation, in order, with the round it opened in. */
const openings = (log: readonly GameEvent[]) => {
  let round = 0
  const out: string[] = []
  for (const e of log) {
    if (e.type === 'round.started') round = e.round
    if (e.type === 'turn.started') out.push(`${round}:${e.actorId}`)
  }
  return out
}

describe('surprise, the engine default (minecraft, hq2)', () => {
  const minecraft = (surprised: string[]) =>
    setup(
      mcEncounter({
        figures: [
          { id: 'h1', side: 'heroes', at: [1, 1], creature: 'minecraft:steve' },
          { id: 'h2', side: 'heroes', at: [1, 3], creature: 'minecraft:alex' },
          { id: 'm1', side: 'monsters', at: [8, 1], creature: 'minecraft:zombie' }
        ],
        activeId: null
      }),
      surprised
    )

  it('a surprised figure passes its round-1 activation and acts from round 2', () => {
    const s = play(minecraft(['h1']), [start])
    // h1 opened and passed at once, logged; h2 holds the turn with its full AP.
    expect(s.log.filter((e) => e.type === 'surprised')).toEqual([{ type: 'surprised', id: 'h1' }])
    expect(s.turn?.activeId).toBe('h2')
    const later = play(s, [turnEnd, turnEnd])
    expect(later.round).toBe(2)
    expect(later.turn?.activeId).toBe('h1')
    expect(later.log.filter((e) => e.type === 'surprised')).toHaveLength(1)
  })

  it('the side cannot hand its round-1 activation to a surprised figure', () => {
    const s = play(minecraft(['h2']), [start])
    expect(s.turn?.activeId).toBe('h1')
    const r = applyCommand(s, { type: 'activation.select', actorId: 'h2' }, getRuleset('minecraft'))
    expect(r).toMatchObject({ ok: false, violation: { code: 'surprised' } })
  })

  it('without surprised figures the opening is the same as before', () => {
    const plain = play({ ...minecraft([]), surprised: undefined }, [start])
    const none = play(minecraft([]), [start])
    expect(openings(none.log)).toEqual(openings(plain.log))
    expect(none.rng).toEqual(plain.rng)
  })

  it('hq2 (§4.3 Pleno Ataque): the surprised being is ambushed, passes round 1, and the ambush ends as it acts', () => {
    const opened = play(
      setup(
        hq2Encounter({
          beings: [
            { id: 'h1', side: 'heroes', at: [1, 1] },
            { id: 'h2', side: 'heroes', at: [1, 3] },
            { id: 'm1', side: 'monsters', at: [8, 1] }
          ],
          activeId: null
        }),
        ['h1']
      ),
      [start]
    )
    const h1 = () => hq2Ambushed(opened, 'h1')
    expect(opened.log.some((e) => e.type === 'surprised' && e.id === 'h1')).toBe(true)
    expect(h1()).toBe(true)
    expect(hq2Ambushed(opened, 'h2')).toBe(false)
    expect(opened.turn?.activeId).toBe('h2')
    // h2 and the monster act with h1 defenceless; round 2 opens on h1, whose ambush ends then.
    const later = play(opened, [turnEnd, turnEnd])
    expect(openings(later.log)).toEqual(['1:h1', '1:h2', '1:m1', '2:h1'])
    expect(later.turn?.activeId).toBe('h1')
    expect(hq2Ambushed(later, 'h1')).toBe(false)
  })

  it('hq2: an ambush the GM set by hand, on a being not surprised, is left alone as its turn opens', () => {
    const s = play(
      setup(
        hq2Encounter({
          beings: [
            { id: 'h1', side: 'heroes', at: [1, 1], stats: { conditions: ['ambushed'] } },
            { id: 'm1', side: 'monsters', at: [8, 1] }
          ],
          activeId: null
        }),
        []
      ),
      [start]
    )
    expect(s.turn?.activeId).toBe('h1')
    expect(hq2Ambushed(s, 'h1')).toBe(true)
  })
})

describe('surprise, by the ruleset (pathfinder1e, athkri)', () => {
  const pathfinder = (surprised: string[]) =>
    setup(
      pfState([
        pfFigure('h1', { side: 'heroes', pos: { x: 1, y: 1 } }),
        pfFigure('m1', { side: 'monsters', pos: { x: 8, y: 1 } })
      ]),
      surprised
    )

  it('pathfinder1e.md §3.1: the surprised figure is unaware and sits out the surprise round only', () => {
    const s = play(pathfinder(['h1']), [start])
    expect(s.combatants.find((c) => c.id === 'h1')?.stats).toMatchObject({ aware: false })
    // Round 1 is the surprise round: only m1 opens a turn; h1 acts in round 2.
    const later = play(s, [turnEnd, turnEnd])
    const opened = openings(later.log)
    expect(opened.filter((o) => o.startsWith('1:'))).toEqual(['1:m1'])
    expect(opened).toContain('2:h1')
    expect(s.log.some((e) => e.type === 'surprised')).toBe(false)
    // The log opens naming who is surprised (issue 21, bug 1: the surprise round was silent).
    expect(s.log[0]).toEqual({ type: 'encounter.started', surprised: ['h1'] })
  })

  it('pathfinder1e.md §3.1: when everybody is surprised there is no surprise round', () => {
    const s = play(pathfinder(['h1', 'm1']), [start, turnEnd])
    expect(openings(s.log).filter((o) => o.startsWith('1:'))).toHaveLength(2)
  })

  it('athkri.md §5.2 [TEXT L66]: the surprised figure starts unaware but keeps its turn', () => {
    const s = play(
      setup(
        athkriEncounter({
          figures: [
            { id: 'h1', side: 'heroes', at: [1, 1] },
            { id: 'm1', side: 'monsters', at: [8, 1] }
          ],
          activeId: null
        }),
        ['h1']
      ),
      [start, turnEnd]
    )
    const h1 = s.combatants.find((c) => c.id === 'h1')
    expect((h1?.stats as { conditions: string[] }).conditions).toContain('unaware')
    expect(openings(s.log).filter((o) => o.startsWith('1:'))).toEqual(
      expect.arrayContaining(['1:h1', '1:m1'])
    )
  })
})
