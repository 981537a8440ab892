import { flushSync, mount, unmount } from 'svelte'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getRuleset } from '../../../rules/systems'
import { pfFigure, pfState } from '../../../rules/systems/pathfinder1e/test-fixtures'
import { locale } from '../state/locale.svelte'
import { roster } from '../state/roster'
import RosterPanel from './RosterPanel.svelte'

// The turn panel as the GM sees it (issue 7 "Turn/initiative panel ... round counter; conditions with
// remaining durations"): mounted in jsdom with a PF fight, read through its text and test ids.
const pf = getRuleset('pathfinder1e')
const mage = pfFigure('mage', {
  pos: { x: 1, y: 1 },
  stats: { effects: [{ id: 'mageArmor', until: 'mage', rounds: 3 }] }
})
const rogue = { ...pfFigure('rogue', { pos: { x: 2, y: 1 } }), name: 'Pícara' }
const orc = pfFigure('orc', { pos: { x: 5, y: 5 }, side: 'b' })
const state = { ...pfState([mage, rogue, orc], { initiative: { mage: 12, rogue: 18.01, orc: 7 } }), round: 2 }

let component: ReturnType<typeof mount> | null = null
afterEach(() => {
  if (component) unmount(component)
  component = null
  document.body.innerHTML = ''
})

function show(props: Partial<Parameters<typeof mount>[1]['props']> = {}): HTMLElement {
  const target = document.createElement('div')
  document.body.append(target)
  component = mount(RosterPanel, {
    target,
    props: {
      round: state.round,
      sides: roster(state, pf),
      canActivate: () => false,
      onactivate: () => undefined,
      ...props
    }
  })
  flushSync()
  return target
}

const byTestId = (root: HTMLElement, id: string) => root.querySelector(`[data-testid="${id}"]`)

describe('RosterPanel', () => {
  it('shows the round and each side in initiative order with the rolled totals', () => {
    locale.set('es')
    const panel = show()
    expect(byTestId(panel, 'round')?.textContent).toContain('2')
    const rows = [...panel.querySelectorAll('[data-testid^="roster-"]')].map((r) =>
      r.getAttribute('data-testid')
    )
    expect(rows).toEqual(['roster-rogue', 'roster-mage', 'roster-orc'])
    expect(byTestId(panel, 'initiative-rogue')?.textContent).toBe('Ini 18')
  })

  it('words a timed effect with its rounds left, in the language chosen', () => {
    locale.set('es')
    locale.useSystem('pathfinder1e')
    const panel = show()
    expect(byTestId(panel, 'condition-mage')?.textContent).toBe('Armadura de mago · 3 asaltos')
    locale.set('en')
    flushSync()
    expect(byTestId(panel, 'condition-mage')?.textContent).toBe('Mage armor · 3 rounds')
    locale.set('es')
    locale.useSystem(null)
  })

  it('offers activation only where the turn allows it, and reports the click', () => {
    const onactivate = vi.fn()
    const sides = roster({ ...state, turn: null }, pf).map((s, i) => ({ ...s, current: i === 0 }))
    const panel = show({ sides, canActivate: (id: string) => id === 'mage', onactivate })
    expect(byTestId(panel, 'activate-rogue')).toBeNull()
    ;(byTestId(panel, 'activate-mage') as HTMLButtonElement).click()
    expect(onactivate).toHaveBeenCalledWith('mage')
  })
})
