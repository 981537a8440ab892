import { flushSync } from 'svelte'
import { describe, expect, it, vi } from 'vitest'
import { locale } from '../state/locale.svelte'
import { byTestId, mountPerTest } from './component-fixtures'
import ResultBanner from './ResultBanner.svelte'

// Issue 21, bug 9: "Reiniciar" threw the fight away at one click; it now asks first.

const mountBanner = mountPerTest()

function show() {
  const onrestart = vi.fn()
  const banner = mountBanner(ResultBanner, { winner: 'Héroes', round: 3, onrestart })
  return { banner, onrestart }
}

const click = (el: HTMLElement | null) => {
  if (!el) throw new Error('no such button')
  el.click()
  flushSync()
}

describe('ResultBanner', () => {
  it('restarts only once the GM confirms', () => {
    locale.set('es')
    const { banner, onrestart } = show()
    click(byTestId(banner, 'restart'))
    expect(onrestart).not.toHaveBeenCalled()
    expect(banner.textContent).toContain('¿Reiniciar el encuentro?')
    click(byTestId(banner, 'restart-confirm'))
    expect(onrestart).toHaveBeenCalledTimes(1)
  })

  it('cancelling leaves the fight as it is', () => {
    locale.set('en')
    const { banner, onrestart } = show()
    click(byTestId(banner, 'restart'))
    click(byTestId(banner, 'restart-cancel'))
    expect(onrestart).not.toHaveBeenCalled()
    expect(byTestId(banner, 'restart')?.textContent).toBe('Restart')
  })
})
