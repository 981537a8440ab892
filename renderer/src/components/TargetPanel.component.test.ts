import { flushSync } from 'svelte'
import { describe, expect, it } from 'vitest'
import { constant } from '../../../rules/core/distribution'
import { frac } from '../../../rules/core/fraction'
import type { Combatant } from '../../../rules/core/types'
import { locale } from '../state/locale.svelte'
import type { AttackOption } from '../state/options'
import { mountPerTest } from './component-fixtures'
import TargetPanel from './TargetPanel.svelte'

// Issue 21 bug 6 "Odds nobody can read": HQ2 showed P = 7043644783319/7044820107264, which pushed the panel
// off screen. The odds read as percentages; the exact fraction is on hover of its line and, for the panel
// at once, behind a toggle.

const target = { id: 'orc', name: 'Orco' } as Combatant
const long = frac(7043644783319n, 7044820107264n)
const option: AttackOption = {
  action: { kind: 'attack', actorId: 'hero', targetId: 'orc' },
  violation: null,
  cost: [],
  odds: { headline: [{ key: 'hit', p: long }], damage: constant(1) }
}

const mountPanel = mountPerTest()
const show = (): HTMLElement =>
  mountPanel(TargetPanel, {
    target,
    options: [option],
    nameOf: (id: string) => id,
    describe: () => null,
    onattack: () => {},
    onclear: () => {}
  })

describe('the odds panel (issue 21 bug 6)', () => {
  it('shows a percentage, the exact fraction only on hover until asked', () => {
    const host = show()
    const line = host.querySelector<HTMLElement>('[data-testid=odds-attack-hit]')!
    expect(line.textContent?.trim()).toBe(locale.percent(7043644783319 / 7044820107264))
    expect(line.textContent).not.toContain('/')
    expect(line.title).toBe('7043644783319/7044820107264')
  })

  it('the toggle shows every exact fraction, and hides them again', () => {
    const host = show()
    const toggle = host.querySelector<HTMLButtonElement>('[data-testid=odds-exact-toggle]')!
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    toggle.click()
    flushSync()
    const line = host.querySelector<HTMLElement>('[data-testid=odds-attack-hit]')!
    expect(line.textContent).toContain('7043644783319/7044820107264')
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    expect(toggle.textContent).toBe(locale.t('odds.exactHide'))
    toggle.click()
    flushSync()
    expect(line.textContent).not.toContain('/')
  })
})
