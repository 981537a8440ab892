import { flushSync, mount, unmount } from 'svelte'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import mcSample from '../../../resources/campaigns/minecraft-sample.json'
import type { GameSummary } from '../../../ai/simulation'
import { campaignSchema } from '../../../rules/core/schemas'
import type { EncounterState } from '../../../rules/core/types'
import { locale } from '../state/locale.svelte'
import { LIVE_PREF_KEY } from '../state/live-prefs'
import type { SimRequest, SimResponse } from '../worker/sim-protocol'
import { byTestId } from './component-fixtures'
import LiveDifficulty from './LiveDifficulty.svelte'

// The builder's live difficulty readout over a stand-in Worker (jsdom has none): the games the test
// answers for appear as the heroes' win odds with their interval, the rounds and each hero's death risk,
// and the switch turns it off, ends the worker and is remembered.

class FakeWorker {
  static all: FakeWorker[] = []
  sent: SimRequest[] = []
  terminated = false
  onmessage: ((event: { data: SimResponse }) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  constructor() {
    FakeWorker.all.push(this)
  }
  postMessage(message: SimRequest): void {
    this.sent.push(message)
  }
  terminate(): void {
    this.terminated = true
  }
  say(data: SimResponse): void {
    this.onmessage?.({ data })
    flushSync()
  }
}

const encounter = (): EncounterState =>
  campaignSchema.parse(structuredClone(mcSample)).encounters[0]!.initial as EncounterState

function game(winner: string, dead?: string): GameSummary {
  return {
    winner,
    rounds: 4,
    steps: 40,
    perFigure: encounter().combatants.map((c) => ({
      id: c.id,
      side: c.side,
      downed: c.id === dead,
      out: c.id === dead,
      lifeLost: 0,
      fate: c.id === dead ? 'dead' : 'standing',
      spent: {},
      rose: []
    })),
    truncated: false
  }
}

let component: ReturnType<typeof mount> | null = null
beforeEach(() => {
  vi.useFakeTimers()
  FakeWorker.all = []
  vi.stubGlobal('Worker', FakeWorker)
  localStorage.removeItem(LIVE_PREF_KEY)
  locale.set('es')
})
afterEach(() => {
  if (component) unmount(component)
  component = null
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

function show(state: EncounterState | null): HTMLElement {
  const target = document.createElement('div')
  document.body.append(target)
  component = mount(LiveDifficulty, { target, props: { encounter: state } })
  flushSync()
  return target
}

describe('LiveDifficulty', () => {
  it('shows the estimate refining as games come in', () => {
    const view = show(encounter())
    const section = byTestId(view, 'live-difficulty')!
    expect(section.dataset.status).toBe('waiting')
    vi.advanceTimersByTime(300)
    flushSync()
    expect(section.dataset.status).toBe('running')
    expect(byTestId(view, 'live-computing')?.textContent).toBe('Calculando…')
    const worker = FakeWorker.all[0]!
    const play = worker.sent.find((m) => m.type === 'play')
    expect(play).toMatchObject({ type: 'play', first: 0, total: 200 })
    worker.say({ type: 'game', id: play!.id, index: 0, summary: game('heroes') })
    worker.say({ type: 'game', id: play!.id, index: 1, summary: game('monsters', 'steve') })
    expect(section.dataset.done).toBe('2')
    expect(byTestId(view, 'live-win')?.textContent?.trim()).toMatch(
      /^Victorias de Héroes: 50\s% \(IC 95 %: 9,5\s%–90,6\s%\)$/
    )
    expect(byTestId(view, 'live-rounds')?.textContent).toBe('4 asaltos de media')
    expect(byTestId(view, 'live-risk-steve')?.textContent?.trim()).toMatch(/^Steve: 50\s%/)
    expect(byTestId(view, 'live-risk-alex')?.textContent?.trim()).toMatch(/^Alex: 0\s%/)
    expect(byTestId(view, 'live-progress')?.textContent).toContain('2 de 200 partidas')
  })

  it('turns off (ending its worker) and on again, and remembers it', () => {
    const view = show(encounter())
    vi.advanceTimersByTime(300)
    const toggle = byTestId(view, 'live-toggle') as HTMLInputElement
    expect(toggle.checked).toBe(true)
    toggle.click()
    flushSync()
    expect(FakeWorker.all[0]!.terminated).toBe(true)
    expect(byTestId(view, 'live-off')).not.toBeNull()
    expect(localStorage.getItem(LIVE_PREF_KEY)).toBe('off')
    unmount(component!)
    component = null
    // Opened again, it stays off and starts no worker.
    const again = show(encounter())
    vi.advanceTimersByTime(1000)
    expect(FakeWorker.all).toHaveLength(1)
    const box = byTestId(again, 'live-toggle') as HTMLInputElement
    expect(box.checked).toBe(false)
    box.click()
    flushSync()
    expect(FakeWorker.all).toHaveLength(2)
    expect(byTestId(again, 'live-difficulty')?.dataset.status).toBe('running')
  })

  it('says why there is nothing to estimate', () => {
    const view = show(null)
    vi.advanceTimersByTime(300)
    flushSync()
    expect(byTestId(view, 'live-none')?.textContent).toBe(
      'Sin estimación hasta que el encuentro no tenga problemas.'
    )
    expect(FakeWorker.all).toHaveLength(0)
  })
})
