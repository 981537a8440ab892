import { describe, expect, it } from 'vitest'
import { translate, type MessageKey, type Params, type Translate } from '../i18n'
import { fixtureRules, inchesFixture } from './inches-fixture'
import { previewMove } from './inches-move'
import { inchesStatus, inchesText, type InchesStatusInput } from './inches-text'

const t =
  (locale: 'es' | 'en'): Translate =>
  (key: MessageKey, params?: Params) =>
    translate(locale, key, params)
const state = inchesFixture()
const figure = (id: string) => state.combatants.find((c) => c.id === id)!
const nameOf = (id: string) => figure(id).name
const base: InchesStatusInput = { preview: null, reason: null, hovered: null, unitsPerInch: 10, nameOf }
const legal = fixtureRules.legalActions(state, 'capitano')

describe('inchesText', () => {
  it('uses the decimal separator of the language', () => {
    expect(inchesText(t('es'), 'es')).toMatchObject({ decimal: ',', inches: '{n}″', charge: 'carga' })
    expect(inchesText(t('en'), 'en')).toMatchObject({ decimal: '.', charge: 'charge' })
  })
})

describe('inchesStatus', () => {
  const en = inchesText(t('en'), 'en')
  const es = inchesText(t('es'), 'es')

  it('says nothing when nothing is dragged or hovered', () => {
    expect(inchesStatus(base, t('en'), en)).toBeNull()
  })

  it('reads a dragged move and the charge it ends in', () => {
    const preview = previewMove(state, fixtureRules, legal, 'capitano', { x: 195, y: 175 })
    const status = inchesStatus({ ...base, preview }, t('es'), es)
    expect(status?.refused).toBe(false)
    expect(status?.text).toMatch(/^Mover: 8,4″ · contacto de peana con Tritone 3: carga$/)
  })

  it('gives the cost beside the length when climbing makes them differ', () => {
    const preview = previewMove(state, fixtureRules, legal, 'capitano', { x: 85, y: 225 })
    expect(inchesStatus({ ...base, preview }, t('en'), en)?.text).toBe('Move: 6.8″ · costs 7.8″')
  })

  it("names the kind of a drag that is not a plain move (a jump) in the rules' words", () => {
    const preview = previewMove(state, fixtureRules, legal, 'capitano', { x: 85, y: 225 })!
    const leap = { ...preview, action: { ...preview.action!, kind: 'jump' } }
    const actionName = (kind: string) => (kind === 'jump' ? 'Salto' : kind)
    expect(inchesStatus({ ...base, preview: leap, actionName }, t('es'), es)?.text).toMatch(/^Salto: 6,8″/)
  })

  it('shows a refusal', () => {
    const status = inchesStatus({ ...base, reason: 'too far' }, t('en'), en)
    expect(status).toEqual({ refused: true, text: 'Not allowed: too far' })
  })

  it('reads the distance from the active figure to a hovered one, and its height', () => {
    const hovered = {
      kind: 'figure' as const,
      figure: figure('gondoliere'),
      from: figure('capitano'),
      inches: 7.25
    }
    expect(inchesStatus({ ...base, hovered }, t('en'), en)?.text).toBe(
      'Gondoliere: 7.3″ from Capitano · Gondoliere: standing 4″ up'
    )
  })

  it('names a hovered piece and its height, by kind when it has no name', () => {
    const pieces = state.board.inches!.pieces
    const palazzo = pieces.find((p) => p.id === 'palazzo')!
    const wall = pieces.find((p) => p.id === 'muro-1')!
    const rio = pieces.find((p) => p.id === 'rio')!
    expect(inchesStatus({ ...base, hovered: { kind: 'piece', piece: palazzo } }, t('es'), es)?.text).toBe(
      'Palazzo: 4″ de alto'
    )
    expect(inchesStatus({ ...base, hovered: { kind: 'piece', piece: wall } }, t('en'), en)?.text).toBe(
      'Low wall: 1″ high'
    )
    expect(inchesStatus({ ...base, hovered: { kind: 'piece', piece: rio } }, t('en'), en)?.text).toBe(
      'Rio: water (swum)'
    )
  })
})
