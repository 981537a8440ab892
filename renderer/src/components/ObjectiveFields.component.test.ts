import { flushSync, mount, unmount } from 'svelte'
import { byTestId, fire } from './component-fixtures'
import { afterEach, describe, expect, it, vi } from 'vitest'
import pfSample from '../../../resources/campaigns/pathfinder1e-sample.json'
import { campaignSchema } from '../../../rules/core/schemas'
import type { EncounterState, Objective } from '../../../rules/core/types'
import { locale } from '../state/locale.svelte'
import ObjectiveFields from './ObjectiveFields.svelte'

// One objective's parameters (issue 7 "objectives (defeat all, survive N rounds, escape, protect)"), on the
// Pathfinder sample's goblin ambush: each edit is reported whole through `onchange`.

const encounter = campaignSchema.parse(structuredClone(pfSample)).encounters[0]!.initial as EncounterState

let component: ReturnType<typeof mount> | null = null
afterEach(() => {
  if (component) unmount(component)
  component = null
  document.body.innerHTML = ''
  locale.set('es')
})

function show(objective: Objective, disabled = false) {
  const onchange = vi.fn()
  const onremove = vi.fn()
  const target = document.createElement('div')
  document.body.append(target)
  component = mount(ObjectiveFields, {
    target,
    props: { objective, encounter, index: 0, disabled, onchange, onremove }
  })
  flushSync()
  return { fields: target, onchange, onremove }
}

/** Sets the field and fires `change`. */
const change = (field: HTMLInputElement | HTMLSelectElement | null, value: string): void =>
  fire('change', field, value)

describe('ObjectiveFields', () => {
  it('"defeat all" has no side to pick, only its title and removal', () => {
    locale.set('es')
    const { fields, onremove } = show({ kind: 'defeatAll' })
    expect(fields.querySelector('legend')?.textContent).toBe('Derrotar a todos')
    expect(byTestId(fields, 'objective-0-side')).toBeNull()
    byTestId(fields, 'objective-0-remove')?.click()
    expect(onremove).toHaveBeenCalledTimes(1)
  })

  it('reports the side and the rounds of a "survive" objective', () => {
    const { fields, onchange } = show({ kind: 'survive', side: 'heroes', rounds: 3 })
    const side = byTestId<HTMLSelectElement>(fields, 'objective-0-side')!
    expect([...side.options].map((o) => o.textContent)).toEqual(['Héroes', 'Goblins'])
    change(side, 'goblins')
    expect(onchange).toHaveBeenLastCalledWith({ kind: 'survive', side: 'goblins', rounds: 3 })
    change(byTestId(fields, 'objective-0-rounds'), '7')
    expect(onchange).toHaveBeenLastCalledWith({ kind: 'survive', side: 'heroes', rounds: 7 })
  })

  it('reads an escape’s exit cells as typed, leaving out what is not a cell', () => {
    const { fields, onchange } = show({ kind: 'escape', side: 'heroes', cells: [], count: 1 })
    change(byTestId(fields, 'objective-0-cells'), '3,4; 5, 6; x,1; 7')
    expect(onchange).toHaveBeenLastCalledWith({
      kind: 'escape',
      side: 'heroes',
      cells: [
        { x: 3, y: 4 },
        { x: 5, y: 6 }
      ],
      count: 1
    })
    change(byTestId(fields, 'objective-0-count'), '2')
    expect(onchange).toHaveBeenLastCalledWith({ kind: 'escape', side: 'heroes', cells: [], count: 2 })
  })

  it('offers as ward only the figures of the protecting side', () => {
    const { fields, onchange } = show({ kind: 'protect', side: 'heroes', figureId: 'valeria' })
    const ward = byTestId<HTMLSelectElement>(fields, 'objective-0-ward')!
    const heroes = encounter.combatants.filter((c) => c.side === 'heroes').map((c) => c.id)
    expect([...ward.options].map((o) => o.value)).toEqual(heroes)
    change(ward, 'irene')
    expect(onchange).toHaveBeenLastCalledWith({ kind: 'protect', side: 'heroes', figureId: 'irene' })
  })

  it('locks every field of a started encounter', () => {
    const { fields } = show({ kind: 'survive', side: 'heroes', rounds: 3 }, true)
    const controls = [...fields.querySelectorAll<HTMLInputElement>('input, select, button')]
    expect(controls.length).toBe(3)
    expect(controls.every((c) => c.disabled)).toBe(true)
  })
})
