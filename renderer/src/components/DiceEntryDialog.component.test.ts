import { flushSync, mount, unmount } from 'svelte'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../rules/core/events'
import { dryRunDice } from '../../../rules/flow/dice-dry-run'
import { getRuleset } from '../../../rules/systems'
import { AutomationControl } from '../state/automation-control.svelte'
import type { EncounterSession } from '../state/encounter.svelte'
import { locale } from '../state/locale.svelte'
import { installDialogMethods, openSession, playSample, byTestId, fire } from './component-fixtures'
import DiceEntryDialog from './DiceEntryDialog.svelte'

// Manual dice entry (issue 7 "manual dice entry for any roll"): with the dice family at "off", a command
// that rolls waits in this dialog for the table's faces; the faces typed are the dice the rules use.

const ruleset = getRuleset('minecraft')
// The sample played until the next command rolls dice: the fight stops just before it.
const fight = playSample((state, next) => {
  const run = dryRunDice(state, next, ruleset)
  return run.ok && run.dice.length > 0
})
const command = fight.next!

let component: ReturnType<typeof mount> | null = null
let session: EncounterSession | null = null
beforeAll(installDialogMethods)
afterEach(() => {
  if (component) unmount(component)
  component = null
  session?.dispose()
  session = null
  document.body.innerHTML = ''
  locale.set('es')
})

/** A session at the roll with dice set to "off", the command sent as a person sends it, and the dialog. */
function open(level: 'off' | 'suggest' = 'off') {
  session = openSession(fight.campaign)
  const control = new AutomationControl(session)
  control.setLevel('dice', level)
  session.send(command)
  const target = document.createElement('div')
  document.body.append(target)
  const nameOf = (id: string) => session!.state.combatants.find((c) => c.id === id)?.name ?? id
  component = mount(DiceEntryDialog, { target, props: { control, nameOf } })
  flushSync()
  return { dialog: target, control, session }
}

/** Sets the field and fires `input`. */
const type = (field: HTMLInputElement | null, value: string): void => fire('input', field, value)

/** Fills every die still asked with a face its die can show (1 on each, so none is the RNG's by chance). */
function fillAll(dialog: HTMLElement, control: AutomationControl): number[] {
  const faces: number[] = []
  // a later die may appear after an earlier face: fill until none is left empty
  for (let i = 0; i < (control.entry?.asked.length ?? 0); i++) {
    type(byTestId(dialog, `dice-entry-face-${i}`), '1')
    faces.push(1)
  }
  return faces
}

const enteredRolls = (events: readonly GameEvent[]) =>
  events.flatMap((e) => (e.type === 'dice.rolled' && 'entered' in e ? [e] : []))

describe('DiceEntryDialog', () => {
  it('holds the command and shows one input per die it rolls, named with its sides', () => {
    locale.set('es')
    const { dialog, control, session } = open()
    // nothing was played yet: the command waits for its dice
    expect(session.state.log.length).toBe(fight.state.log.length)
    const asked = control.entry!.asked
    const dice = [...dialog.querySelectorAll<HTMLElement>('[data-testid="dice-entry-die"]')]
    expect(dice.length).toBe(asked.length)
    expect(dice.map((d) => Number(d.dataset.sides))).toEqual(asked.map((d) => d.sides))
    expect(dice[0]?.textContent).toContain(`Dado 1: d${asked[0]!.sides}`)
    expect(byTestId(dialog, 'dice-entry')?.hasAttribute('open')).toBe(true)
    // at "off" nothing is prefilled and the roll cannot go yet
    expect(byTestId<HTMLInputElement>(dialog, 'dice-entry-face-0')?.value).toBe('')
    expect(byTestId<HTMLButtonElement>(dialog, 'dice-entry-confirm')?.disabled).toBe(true)
  })

  it('refuses a face its die cannot show, in the GM’s language', () => {
    locale.set('en')
    const { dialog, control } = open()
    const sides = control.entry!.asked[0]!.sides
    const field = byTestId<HTMLInputElement>(dialog, 'dice-entry-face-0')
    type(field, String(sides + 1))
    expect(field?.getAttribute('aria-invalid')).toBe('true')
    expect(dialog.querySelector('[role="alert"]')?.textContent).toBe(`1 to ${sides}`)
    expect(byTestId<HTMLButtonElement>(dialog, 'dice-entry-confirm')?.disabled).toBe(true)
    type(field, '0')
    expect(field?.getAttribute('aria-invalid')).toBe('true')
    type(field, String(sides))
    expect(field?.getAttribute('aria-invalid')).toBe('false')
    expect(dialog.querySelector('[role="alert"]')).toBeNull()
  })

  it('takes a face from its quick buttons for small dice', () => {
    const { dialog, control } = open()
    const sides = control.entry!.asked[0]!.sides
    // the sample's first roll is a small die (quick buttons are for d12 and under)
    expect(sides).toBeLessThanOrEqual(12)
    const quick = [...dialog.querySelectorAll<HTMLButtonElement>('[data-testid^="dice-entry-quick-0-"]')]
    expect(quick.map((b) => b.textContent)).toEqual(Array.from({ length: sides }, (_, k) => String(k + 1)))
    byTestId(dialog, `dice-entry-quick-0-${sides}`)?.click()
    flushSync()
    expect(control.entry?.faces[0]).toBe(sides)
    expect(byTestId<HTMLInputElement>(dialog, 'dice-entry-face-0')?.value).toBe(String(sides))
    expect(byTestId(dialog, `dice-entry-quick-0-${sides}`)?.classList.contains('chosen')).toBe(true)
  })

  it('submitting (Enter in a field) plays the command with the faces typed', () => {
    const { dialog, control, session } = open()
    const faces = fillAll(dialog, control)
    expect(byTestId<HTMLButtonElement>(dialog, 'dice-entry-confirm')?.disabled).toBe(false)
    // jsdom has no implicit submission: Enter in a field submits its form, which is what is sent here
    dialog.querySelector('form')?.requestSubmit()
    flushSync()
    expect(control.entry).toBeNull()
    expect(byTestId(dialog, 'dice-entry-face-0')).toBeNull()
    const played = session.state.log.slice(fight.state.log.length)
    expect(played.length).toBeGreaterThan(0)
    expect(enteredRolls(played).map((e) => (e as { entered: number }).entered)).toEqual(faces)
  })

  it('cancels without playing anything', () => {
    const { dialog, control, session } = open()
    byTestId(dialog, 'dice-entry-cancel')?.click()
    flushSync()
    expect(control.entry).toBeNull()
    expect(session.state.log.length).toBe(fight.state.log.length)
  })

  it('offers the app’s own face beside each die at "suggest", already filled in', () => {
    locale.set('es')
    const { dialog, control } = open('suggest')
    const die = control.entry!.asked[0]!
    expect(byTestId<HTMLInputElement>(dialog, 'dice-entry-face-0')?.value).toBe(String(die.drawn))
    expect(byTestId(dialog, 'dice-entry-rng-0')?.textContent).toBe(`La app: ${die.drawn}`)
    expect(byTestId<HTMLButtonElement>(dialog, 'dice-entry-confirm')?.disabled).toBe(false)
  })
})
