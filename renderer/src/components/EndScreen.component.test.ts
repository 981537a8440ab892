import { flushSync, mount, unmount } from 'svelte'
import { afterEach, describe, expect, it } from 'vitest'
import type { EncounterSession } from '../state/encounter.svelte'
import { locale } from '../state/locale.svelte'
import { openSession, playSample, byTestId } from './component-fixtures'
import EndScreen from './EndScreen.svelte'

// The end screen (issue 7 "End screen: summary, casualties, XP/rewards where the system has them"), on the
// Minecraft sample played to its end by the AI and reopened from its save as the app opens it. The numbers
// shown are checked against the ended state itself, not against the summary code that computes them.

const fight = playSample()
const final = fight.state

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

function show() {
  session = openSession(fight.campaign)
  const target = document.createElement('div')
  document.body.append(target)
  component = mount(EndScreen, { target, props: { session } })
  flushSync()
  return { screen: target, session }
}

/** Life each figure lost in the fight, read off the log. */
const takenBy = (id: string) =>
  final.log.reduce((n, e) => n + (e.type === 'damaged' && e.id === id ? e.amount : 0), 0)

describe('EndScreen', () => {
  it('the sample fight did end (the fixture this file relies on)', () => {
    expect(final.phase).toBe('ended')
  })

  it('names the winner and the rounds in the GM’s language', () => {
    locale.set('es')
    const { screen } = show()
    const winner = final.sides.find((s) => s.id === final.winner)?.name
    expect(winner).toBeTruthy()
    expect(byTestId(screen, 'end-winner')?.textContent?.trim()).toBe(`Gana ${winner}`)
    expect(byTestId(screen, 'end-rounds')?.textContent).toBe(`Rondas: ${final.round}`)
    locale.set('en')
    flushSync()
    expect(byTestId(screen, 'end-winner')?.textContent?.trim()).toBe(`${winner} win`)
    expect(byTestId(screen, 'end-rounds')?.textContent).toBe(`Rounds: ${final.round}`)
  })

  it('counts the fallen of each side and names them', () => {
    locale.set('es')
    const { screen } = show()
    for (const side of final.sides) {
      const fallen = final.combatants.filter((c) => c.side === side.id && c.out)
      const row = byTestId(screen, `end-side-${side.id}`)!
      expect(Number(row.dataset.out) + Number(row.dataset.dead), side.id).toBe(fallen.length)
      expect(row.textContent).toContain(`${side.name}: ${row.dataset.out} fuera de combate`)
      for (const c of fallen) expect(row.textContent).toContain(c.name)
    }
    // the losers all fell
    const losers = final.sides.filter((s) => s.id !== final.winner)
    for (const side of losers)
      expect(final.combatants.filter((c) => c.side === side.id).every((c) => c.out)).toBe(true)
  })

  it('shows the damage each figure took as the log has it, and that these rules give no XP', () => {
    locale.set('en')
    const { screen } = show()
    const rows = [...screen.querySelectorAll<HTMLElement>('[data-testid^="end-damage-"]')]
    expect(rows.length).toBeGreaterThan(0)
    let dealt = 0
    for (const row of rows) {
      const id = row.dataset.testid!.replace('end-damage-', '')
      const figure = final.combatants.find((c) => c.id === id)
      expect(figure, id).toBeDefined()
      expect(row.querySelector('.name')?.textContent).toBe(figure!.name)
      expect(row.textContent).toContain(`${row.dataset.dealt} dealt · ${takenBy(id)} taken`)
      dealt += Number(row.dataset.dealt)
    }
    const lost = final.log.reduce((n, e) => n + (e.type === 'damaged' ? e.amount : 0), 0)
    expect(dealt).toBeGreaterThan(0)
    expect(dealt).toBeLessThanOrEqual(lost)
    expect(byTestId(screen, 'end-xp')?.textContent?.trim()).toBe(
      'These rules give no experience or rewards for a fight.'
    )
  })

  it('starts the replay from the first step, and the summary steps aside', () => {
    const { screen, session } = show()
    byTestId(screen, 'end-replay')?.click()
    flushSync()
    expect(session.history.replaying).toBe(true)
    expect(session.history.replayAt).toBe(0)
    expect(session.state.phase).not.toBe('ended')
    expect(byTestId(screen, 'end-screen')).toBeNull()
    session.history.stopReplay()
    flushSync()
    expect(byTestId(screen, 'end-screen')).not.toBeNull()
  })

  it('goes back to the campaign page', () => {
    location.hash = ''
    const { screen } = show()
    byTestId(screen, 'end-back')?.click()
    expect(location.hash).toBe(`#/c/${encodeURIComponent(fight.campaign.id)}`)
  })

  it('closes to a button that opens it again', () => {
    locale.set('es')
    const { screen } = show()
    byTestId(screen, 'end-close')?.click()
    flushSync()
    expect(byTestId(screen, 'end-screen')).toBeNull()
    const reopen = byTestId(screen, 'end-open')
    expect(reopen?.textContent).toBe('Resumen del combate')
    reopen?.click()
    flushSync()
    expect(byTestId(screen, 'end-screen')).not.toBeNull()
  })
})
