import { flushSync, mount, unmount } from 'svelte'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import athkriSample from '../../../resources/campaigns/athkri-sample.json'
import { GM_DECIDER } from '../../../rules/core/decision-key'
import { stateHash } from '../../../rules/core/hash'
import { campaignSchema, type Campaign } from '../../../rules/core/schemas'
import type { EncounterState, PendingDecision } from '../../../rules/core/types'
import { AutomationControl } from '../state/automation-control.svelte'
import { levelsOf, pendingPlan, type AutomationLevels } from '../state/automation'
import type { EncounterSession } from '../state/encounter.svelte'
import AutomationPanel from './AutomationPanel.svelte'
import { installDialogMethods, openSession } from './component-fixtures'

// Issue 21, bug 4: an AI-vs-AI fight stalled on a GM ruling ("Decisión pendiente para gm: …Cobertura…",
// Athkri) unless GM rulings were automatic, and an HQ2 defence asked two to four questions whose default
// is what the rules mean.

let session: EncounterSession | null = null
let component: ReturnType<typeof mount> | null = null
beforeAll(installDialogMethods)
afterEach(() => {
  if (component) unmount(component)
  session?.dispose()
  component = null
  session = null
  document.body.innerHTML = ''
})

/** The Athkri sample with every figure the AI's (nobody at the table), at the campaign's default levels. */
function aiVsAi(): Campaign {
  const campaign = campaignSchema.parse(structuredClone(athkriSample))
  const record = campaign.encounters[0]!
  const initial = record.initial as EncounterState
  const combatants = initial.combatants.map((c) => ({ ...c, controller: 'ai' as const }))
  const edited = { ...initial, combatants }
  return { ...campaign, encounters: [{ ...record, initial: edited, stateHash: stateHash(edited) }] }
}

const gmRulings = (s: EncounterState) =>
  s.log.filter((e) => e.type === 'decision.requested' && e.request.deciderId === GM_DECIDER).length

describe('GM rulings in a fight the AI plays alone', () => {
  it('the Athkri sample played AI vs AI goes past its cover rulings at the default levels', async () => {
    const campaign = aiVsAi()
    expect(levelsOf(campaign.automation).adjudication).toBe('suggest')
    session = openSession(campaign, campaign.encounters[0]!.id)
    const control = new AutomationControl(session)
    const target = document.createElement('div')
    document.body.append(target)
    component = mount(AutomationPanel, { target, props: { session, control } })
    flushSync()
    session.send({ type: 'encounter.start' })
    const s = session
    for (let i = 0; i < 400 && gmRulings(s.state) < 2 && s.state.phase === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 10))
      flushSync()
    }
    expect(gmRulings(s.state)).toBeGreaterThanOrEqual(2)
    // it stalled at the first one before
  }, 20_000)
})

const decision = (id: string, deciderId: string, actorId = 'attacker'): PendingDecision => ({
  action: { kind: 'attack', actorId },
  answers: {},
  request: { id, deciderId, default: 0 }
})
const at = (patch: Partial<AutomationLevels>): AutomationLevels => ({ ...levelsOf(undefined), ...patch })

describe('pendingPlan: who can answer, and questions with an obvious default', () => {
  it('a GM ruling nobody at the table can answer is the AI’s (declined when rulings are off)', () => {
    const ruling = decision('athkri.coverAdjust', GM_DECIDER)
    for (const adjudication of ['remind', 'suggest', 'auto'] as const)
      expect(pendingPlan(ruling, at({ adjudication }), 'nobody')).toEqual({ kind: 'answer' })
    expect(pendingPlan(ruling, at({ adjudication: 'off' }), 'nobody')).toEqual({ kind: 'decline' })
  })

  it('a GM ruling with a person at the table is asked as before when it is a real question', () => {
    const ruling = decision('pf1.someRuling', GM_DECIDER)
    expect(pendingPlan(ruling, at({ adjudication: 'suggest' }), 'person')).toEqual({
      kind: 'prompt',
      preselect: true
    })
  })

  it('HQ2 defence: the check’s roll and the GM’s points take their default unless the table asks at remind', () => {
    const check = decision('hq2.check', 'hero')
    const stunt = decision('hq2.stuntPoints', 'orc')
    const defence = decision('hq2.defense', 'hero')
    const suggest = at({ reactions: 'suggest' })
    expect(pendingPlan(check, suggest, 'person')).toEqual({ kind: 'default' })
    expect(pendingPlan(stunt, suggest, 'person')).toEqual({ kind: 'default' })
    // the defence itself is a real choice, asked as before
    expect(pendingPlan(defence, suggest, 'person')).toEqual({ kind: 'prompt', preselect: true })
    expect(pendingPlan(check, at({ reactions: 'remind' }), 'person')).toEqual({
      kind: 'prompt',
      preselect: false
    })
    // a table that types its dice is asked whether to enter the check's result
    expect(pendingPlan(check, at({ reactions: 'suggest', dice: 'off' }), 'person')).toMatchObject({
      kind: 'prompt'
    })
    // the AI answers its own figures' questions whatever the level
    expect(pendingPlan(check, suggest, 'ai')).toEqual({ kind: 'leave' })
  })
})
