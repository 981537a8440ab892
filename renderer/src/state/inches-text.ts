import { formatInches, pathLabel } from '../../battlemap/inches/transform'
import type { InchesText } from '../../battlemap/inches/view'
import type { Locale, Translate } from '../i18n'
import type { InchesHover } from './inches-control.svelte'
import type { MovePreview } from './inches-move'

/** The words the inches map prints, in the UI language. */
export function inchesText(t: Translate, locale: Locale): InchesText {
  // the decimal separator as the language writes it: "5,3″" in Spanish, "5.3″" in English
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value
  return {
    inches: t('inches.value'),
    decimal: decimal ?? '.',
    pathCost: t('inches.pathCost'),
    edge: t('inches.edge'),
    charge: t('inches.charge')
  }
}

/** What the status line says about the inches board now. */
export interface InchesStatusInput {
  preview: MovePreview | null
  /** The preview's refusal, or a released move's, as text. */
  reason: string | null
  hovered: InchesHover | null
  unitsPerInch: number
  nameOf: (id: string) => string
  /** The rules' name of an action kind, for a drag that is not a plain move (a jump). */
  actionName?: (kind: string) => string
}

/**
 * The status line of the inches board: the dragged move (its length and cost, the contacts it ends in, or
 * why not), else what the pointer is over (a figure and how far it is from the active one, a piece and
 * its height). Null when there is nothing to say.
 */
export function inchesStatus(
  input: InchesStatusInput,
  t: Translate,
  text: InchesText
): { refused: boolean; text: string } | null {
  const { preview, hovered } = input
  if (input.reason) return { refused: true, text: t('hover.refused', { reason: input.reason }) }
  if (preview) {
    const length = preview.measure?.horizontal ?? 0
    const cost = preview.info?.cost ?? preview.measure?.inches ?? null
    const kind = preview.action?.kind
    const parts =
      kind && kind !== 'move' && input.actionName
        ? [
            t('inches.status.action', {
              action: input.actionName(kind),
              length: pathLabel(length, cost, text)
            })
          ]
        : [t('inches.status.move', { length: pathLabel(length, cost, text) })]
    const names = preview.contacts.map((c) => input.nameOf(c.id)).join(', ')
    const charge = preview.contacts.some((c) => c.enemy)
    if (names) parts.push(t(charge ? 'inches.status.charge' : 'inches.status.contact', { names }))
    return { refused: false, text: parts.join(' · ') }
  }
  if (!hovered) return null
  const inches = (units: number) => formatInches(units / input.unitsPerInch, text)
  if (hovered.kind === 'figure') {
    const { figure, from } = hovered
    const parts: string[] = []
    if (from && hovered.inches !== null)
      parts.push(
        t('inches.status.figure', {
          name: figure.name,
          from: from.name,
          distance: formatInches(hovered.inches, text)
        })
      )
    if (figure.pos.z > 0)
      parts.push(t('inches.status.height', { name: figure.name, height: inches(figure.pos.z) }))
    return parts.length ? { refused: false, text: parts.join(' · ') } : null
  }
  const { piece } = hovered
  const name = piece.name ?? t(`inches.piece.${piece.kind}`)
  if (piece.kind === 'water') return { refused: false, text: t('inches.status.water', { name }) }
  return { refused: false, text: t('inches.status.piece', { name, height: inches(piece.top) }) }
}
