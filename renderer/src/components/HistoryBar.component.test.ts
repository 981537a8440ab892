import { flushSync, mount, unmount } from 'svelte'
import { afterEach, describe, expect, it } from 'vitest'
import { stateHash } from '../../../rules/core/hash'
import { whoDecides } from '../../../rules/flow/engine'
import type { EncounterSession } from '../state/encounter.svelte'
import { sampleCampaign } from '../state/fixtures'
import { locale } from '../state/locale.svelte'
import { openSession, playSample, byTestId } from './component-fixtures'
import HistoryBar from './HistoryBar.svelte'

// The bar over the map (issue 7 "Undo/redo of any action (Ctrl+Z / Ctrl+Shift+Z) restoring dice state;
// replay an ended fight step by step"), on real sessions of the Minecraft sample.

/** Six steps of the sample, every figure a person's. */
const sixSteps = playSample(undefined, 6)

/** The sample with its AI monsters, stopped at a hero's turn right after a monster's step. */
const afterMonster = (() => {
  let last: string | null = null
  return playSample(
    (state) => {
      const decider = whoDecides(state)
      const side = state.combatants.find((c) => c.id === decider)?.side
      const stop = side === 'heroes' && last === 'monsters'
      last = side ?? null
      return stop
    },
    2000,
    true
  )
})()

let component: ReturnType<typeof mount> | null = null
let session: EncounterSession | null = null
afterEach(() => {
  if (component) unmount(component)
  component = null
  session?.dispose()
  session = null
  document.body.innerHTML = ''
  locale.set('es')
})

function show(campaign = sixSteps.campaign) {
  session = openSession(campaign)
  const target = document.createElement('div')
  document.body.append(target)
  component = mount(HistoryBar, { target, props: { session } })
  flushSync()
  return { bar: target, session }
}

const button = (root: HTMLElement, id: string) => byTestId<HTMLButtonElement>(root, id)!

function click(root: HTMLElement, id: string): void {
  button(root, id).click()
  flushSync()
}

describe('HistoryBar', () => {
  it('is not shown before the fight starts', () => {
    const { bar } = show(sampleCampaign())
    expect(byTestId(bar, 'history-bar')).toBeNull()
    expect(byTestId(bar, 'replay-bar')).toBeNull()
  })

  it('undoes two steps and redoes them with the same dice', () => {
    locale.set('es')
    const { bar, session } = show()
    const live = stateHash(session.state)
    expect(button(bar, 'history-undo').textContent).toBe('↶ Deshacer')
    expect(button(bar, 'history-redo').disabled).toBe(true)
    click(bar, 'history-undo')
    click(bar, 'history-undo')
    expect(session.snapshot.context.commands.length).toBe(sixSteps.commands.length - 2)
    expect(button(bar, 'history-redo').disabled).toBe(false)
    click(bar, 'history-redo')
    click(bar, 'history-redo')
    expect(stateHash(session.state)).toBe(live)
    expect(button(bar, 'history-redo').disabled).toBe(true)
  })

  it('says why when there is nothing left to undo', () => {
    locale.set('es')
    const { bar, session } = show()
    while (session.history.canUndo) click(bar, 'history-undo')
    expect(button(bar, 'history-undo').disabled).toBe(true)
    // the keyboard's undo reaches the same history, and the bar says why it did nothing
    session.undo()
    flushSync()
    expect(byTestId(bar, 'history-refused')?.textContent).toBe('No hay nada más que deshacer o rehacer')
  })

  it('steps through a replay read-only and goes back to the live fight', () => {
    locale.set('es')
    const { bar, session } = show()
    const total = sixSteps.commands.length
    click(bar, 'history-replay')
    const step = () => byTestId(bar, 'replay-step')!
    expect(step().textContent).toBe(`Paso ${total} / ${total}`)
    expect(button(bar, 'replay-next').disabled).toBe(true)
    click(bar, 'replay-first')
    expect(step().textContent).toBe(`Paso 0 / ${total}`)
    expect(session.state.phase).toBe('setup')
    expect(button(bar, 'replay-prev').disabled).toBe(true)
    click(bar, 'replay-next')
    expect(step().dataset.step).toBe('1')
    // the row's arrow keys move it too
    byTestId(bar, 'replay-bar')?.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true })
    )
    flushSync()
    expect(step().dataset.step).toBe('2')
    const slider = byTestId<HTMLInputElement>(bar, 'replay-slider')!
    slider.value = '4'
    slider.dispatchEvent(new Event('input', { bubbles: true }))
    flushSync()
    expect(step().dataset.step).toBe('4')
    // nothing can be undone while replaying, and the live fight is untouched
    expect(session.undo()).toBe('replaying')
    click(bar, 'replay-exit')
    expect(byTestId(bar, 'replay-bar')).toBeNull()
    expect(session.snapshot.context.commands.length).toBe(total)
  })

  it('after undoing back to the AI’s step, shows the AI paused until the GM resumes it', () => {
    locale.set('es')
    const { bar, session } = show(afterMonster.campaign)
    expect(byTestId(bar, 'ai-paused')).toBeNull()
    click(bar, 'history-undo')
    expect(byTestId(bar, 'ai-paused')?.textContent).toBe('IA en pausa')
    expect(session.history.aiPaused).toBe(true)
    click(bar, 'ai-resume')
    expect(session.history.aiPaused).toBe(false)
    expect(byTestId(bar, 'ai-paused')).toBeNull()
  })
})
