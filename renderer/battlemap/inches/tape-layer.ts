import { Container, Graphics } from 'pixi.js'
import { LabelPool } from '../labels'
import { px, type InchesLayout } from './layout'
import { placeLabel } from './pill'
import type { TapeEnd, TapeReading } from './tape'
import { formatInches } from './transform'
import type { InchesView } from './view'

/** A tape laid on the table: its two ends and what it reads. */
export interface Tape {
  a: TapeEnd
  b: TapeEnd
  reading: TapeReading
}

const TAPE = 0xf2d04a
const TAPE_EDGE = 0x3a2f05

/** The measuring tape: a yellow band between its ends, ticks every inch, the reading on a plate. */
export class TapeLayer {
  readonly container = new Container()
  private readonly g = new Graphics()
  private readonly pills = new Graphics()
  private readonly labels = new LabelPool()
  private key = ''

  constructor() {
    this.container.addChild(this.g, this.pills, this.labels.container)
  }

  /** Draws the tape (or clears it); true if anything changed. */
  sync(tape: Tape | null, view: InchesView, layout: InchesLayout): boolean {
    const key = JSON.stringify([layout.key, tape, view.text])
    if (key === this.key) return false
    this.key = key
    this.g.clear()
    this.pills.clear()
    this.labels.begin()
    if (tape) this.draw(tape, view, layout)
    this.labels.end()
    return true
  }

  /** Destroys the tape's objects. */
  destroy(): void {
    this.container.destroy({ children: true })
  }

  private draw(tape: Tape, view: InchesView, layout: InchesLayout): void {
    const ax = px(layout, tape.a.x)
    const ay = px(layout, tape.a.y)
    const bx = px(layout, tape.b.x)
    const by = px(layout, tape.b.y)
    const len = Math.hypot(bx - ax, by - ay)
    const g = this.g
    g.moveTo(ax, ay).lineTo(bx, by).stroke({ width: 6, color: TAPE_EDGE, alpha: 0.7, cap: 'round' })
    g.moveTo(ax, ay).lineTo(bx, by).stroke({ width: 4, color: TAPE, cap: 'round' })
    if (len > 0) {
      // a tick every inch from the start, so the tape can be read like a real one
      const ux = (bx - ax) / len
      const uy = (by - ay) / len
      const ppi = layout.pxPerInch
      for (let d = ppi; d < len; d += ppi) {
        const x = ax + ux * d
        const y = ay + uy * d
        g.moveTo(x - uy * 4, y + ux * 4).lineTo(x + uy * 4, y - ux * 4)
      }
      g.stroke({ width: 1.5, color: TAPE_EDGE })
    }
    for (const [x, y] of [
      [ax, ay],
      [bx, by]
    ] as const)
      g.circle(x, y, 4).fill(TAPE).stroke({ width: 1.5, color: TAPE_EDGE })
    const inches = formatInches(tape.reading.inches, view.text)
    const text = tape.reading.edge ? view.text.edge.replace('{n}', inches) : inches
    const label = this.labels.take(text, layout.styles.pillDark, 0, 0)
    placeLabel(this.pills, label, (ax + bx) / 2, (ay + by) / 2 - label.height - 6, TAPE, layout)
  }
}
