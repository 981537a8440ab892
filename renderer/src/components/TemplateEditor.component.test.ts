import { flushSync, mount, unmount } from 'svelte'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FigureTemplate } from '../../../rules/core/schemas'
import { getRuleset } from '../../../rules/systems'
import { baseStats as hq2Stats } from '../../../rules/systems/hq2/test-fixtures'
import { basePfStats } from '../../../rules/systems/pathfinder1e/test-fixtures'
import { locale } from '../state/locale.svelte'
import TemplateEditor from './TemplateEditor.svelte'

// The party/bestiary editor (issue 7 "stat blocks with the system's own fields"): the stat block is drawn
// from the ruleset's own zod schema, a bad value is refused at its field in the GM's language, and only
// stats the ruleset accepts reach the save callback.

let component: ReturnType<typeof mount> | null = null
afterEach(() => {
  if (component) unmount(component)
  component = null
  document.body.innerHTML = ''
  locale.set('es')
  locale.useSystem(null)
})

function show(system: string, template: FigureTemplate, onsave = vi.fn(), oncancel = vi.fn()): HTMLElement {
  const target = document.createElement('div')
  document.body.append(target)
  component = mount(TemplateEditor, {
    target,
    props: { system, template, title: 'Editar', onsave, oncancel }
  })
  flushSync()
  return target
}

const byTestId = (root: HTMLElement, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`)

/** Types into a text field as a person would: the value, then the input event the form listens to. */
function type(field: HTMLElement | null, text: string): void {
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement))
    throw new Error('no such field')
  field.value = text
  field.dispatchEvent(new Event('input', { bubbles: true }))
  flushSync()
}

/** The visible label of a leaf field: the first span of the label that holds it. */
const labelOf = (field: HTMLElement | null) => field?.closest('label')?.querySelector('span')?.textContent

const pfTemplate: FigureTemplate = {
  id: 'orc',
  name: 'Orco',
  lifeMax: 6,
  stats: { ...basePfStats, level: 2 }
}

describe('TemplateEditor', () => {
  it("shows a Pathfinder figure's own stat fields, labelled in the GM's language, with its values", () => {
    locale.set('es')
    const editor = show('pathfinder1e', pfTemplate)
    const level = byTestId(editor, 'stat-root.level') as HTMLInputElement
    expect(level.value).toBe('2')
    expect(labelOf(level)).toBe('Nivel')
    expect(labelOf(byTestId(editor, 'stat-root.bab'))).toBe('Ataque base')
    expect((byTestId(editor, 'stat-root.abilities.str') as HTMLInputElement).value).toBe('10')
    // HQ2's fields are not Pathfinder's
    expect(byTestId(editor, 'stat-root.attackBase')).toBeNull()
    expect((byTestId(editor, 'template-name') as HTMLInputElement).value).toBe('Orco')
  })

  it('refuses a bad number at its field with a localized message, and does not save', () => {
    locale.set('es')
    const onsave = vi.fn()
    const editor = show('pathfinder1e', pfTemplate, onsave)
    type(byTestId(editor, 'stat-root.level'), '0')
    byTestId(editor, 'template-save')?.click()
    flushSync()
    expect(onsave).not.toHaveBeenCalled()
    expect(byTestId(editor, 'stat-error-root.level')?.textContent).toBe('el mínimo es 1')
    expect(byTestId(editor, 'stat-root.level')?.getAttribute('aria-invalid')).toBe('true')
    expect(byTestId(editor, 'template-invalid')?.textContent).toContain('Problemas por corregir: 1')
    // only that field is marked
    expect(byTestId(editor, 'stat-error-root.bab')).toBeNull()
    // the same problem in English once the GM switches language
    locale.set('en')
    flushSync()
    expect(byTestId(editor, 'stat-error-root.level')?.textContent).toBe('the minimum is 1')
  })

  it('refuses text where a number goes, naming what is expected', () => {
    locale.set('en')
    const onsave = vi.fn()
    const editor = show('pathfinder1e', pfTemplate, onsave)
    type(byTestId(editor, 'stat-root.abilities.str'), 'strong')
    byTestId(editor, 'template-save')?.click()
    flushSync()
    expect(onsave).not.toHaveBeenCalled()
    expect(byTestId(editor, 'stat-error-root.abilities.str')?.textContent).toMatch(/number expected/)
  })

  it('clears the problem once fixed and saves stats the ruleset accepts', () => {
    locale.set('es')
    const onsave = vi.fn()
    const editor = show('pathfinder1e', pfTemplate, onsave)
    type(byTestId(editor, 'stat-root.level'), '0')
    byTestId(editor, 'template-save')?.click()
    flushSync()
    type(byTestId(editor, 'stat-root.level'), '5')
    // the problem follows the edit and goes away before the GM saves again
    expect(byTestId(editor, 'stat-error-root.level')).toBeNull()
    type(byTestId(editor, 'stat-root.abilities.str'), '17')
    type(byTestId(editor, 'template-name'), '  Orco jefe ')
    byTestId(editor, 'template-save')?.click()
    flushSync()
    expect(onsave).toHaveBeenCalledTimes(1)
    const saved = onsave.mock.calls[0]![0] as FigureTemplate
    expect(saved.name).toBe('Orco jefe')
    expect(saved.stats).toMatchObject({ level: 5, abilities: { str: 17, dex: 10 } })
    expect(getRuleset('pathfinder1e').schemas.stats.safeParse(saved.stats).success).toBe(true)
  })

  it('refuses a blank name and a life below 1 at the head of the form', () => {
    locale.set('es')
    const onsave = vi.fn()
    const editor = show('pathfinder1e', pfTemplate, onsave)
    type(byTestId(editor, 'template-name'), '   ')
    type(byTestId(editor, 'template-life'), '0')
    byTestId(editor, 'template-save')?.click()
    flushSync()
    expect(onsave).not.toHaveBeenCalled()
    expect(byTestId(editor, 'template-name')?.getAttribute('aria-invalid')).toBe('true')
    expect(byTestId(editor, 'template-life')?.getAttribute('aria-invalid')).toBe('true')
    const text = byTestId(editor, 'template-invalid')?.textContent ?? ''
    expect(text).toContain('Nombre: no puede quedar vacío')
  })

  it("shows an HQ2 figure's own fields (its shield face as a choice), not Pathfinder's", () => {
    locale.set('es')
    const onsave = vi.fn()
    const template: FigureTemplate = { id: 'goblin', name: 'Goblin', lifeMax: 1, stats: { ...hq2Stats } }
    const editor = show('hq2', template, onsave)
    expect(labelOf(byTestId(editor, 'stat-root.attackBase'))).toBe('Ataque base')
    const face = byTestId(editor, 'stat-root.defenseFace') as HTMLSelectElement
    expect([...face.options].map((o) => o.value)).toEqual(['white', 'black'])
    expect(byTestId(editor, 'stat-root.abilities')).toBeNull()
    expect(byTestId(editor, 'stat-root.bab')).toBeNull()
    // a change made there is what is saved
    face.value = 'black'
    face.dispatchEvent(new Event('change', { bubbles: true }))
    byTestId(editor, 'template-save')?.click()
    flushSync()
    expect(onsave).toHaveBeenCalledTimes(1)
    const saved = onsave.mock.calls[0]![0] as FigureTemplate
    expect(saved.stats).toMatchObject({ defenseFace: 'black' })
    expect(getRuleset('hq2').schemas.stats.safeParse(saved.stats).success).toBe(true)
  })

  it('switches an HQ2 figure’s movement between its two forms and saves the one chosen', () => {
    locale.set('es')
    const onsave = vi.fn()
    const template: FigureTemplate = { id: 'hero', name: 'Bárbaro', lifeMax: 8, stats: { ...hq2Stats } }
    const editor = show('hq2', template, onsave)
    const movement = byTestId(editor, 'stat-root.movement')!
    expect((byTestId(editor, 'stat-root.movement.fixed') as HTMLInputElement).value).toBe('6')
    const variant = movement.querySelector('select')!
    // the variant that fits the stored value is the one shown
    expect(variant.value).toBe('1')
    variant.value = '0'
    variant.dispatchEvent(new Event('change', { bubbles: true }))
    flushSync()
    expect(byTestId(editor, 'stat-root.movement.fixed')).toBeNull()
    type(byTestId(editor, 'stat-root.movement.dice'), '2')
    byTestId(editor, 'template-save')?.click()
    flushSync()
    expect((onsave.mock.calls[0]![0] as FigureTemplate).stats).toMatchObject({ movement: { dice: 2 } })
  })

  it('cancels without saving', () => {
    const onsave = vi.fn()
    const oncancel = vi.fn()
    const editor = show('pathfinder1e', pfTemplate, onsave, oncancel)
    byTestId(editor, 'template-cancel')?.click()
    expect(oncancel).toHaveBeenCalledTimes(1)
    expect(onsave).not.toHaveBeenCalled()
  })
})
