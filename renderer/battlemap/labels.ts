import { Container, Text, type TextStyle } from 'pixi.js'

/** Reusable Text objects, so a sync that shows the same labels allocates nothing. */
export class LabelPool {
  readonly container = new Container()
  private readonly items: Text[] = []
  private used = 0

  /** Starts a pass; labels not taken again before `end()` are hidden. */
  begin(): void {
    this.used = 0
  }

  /** A visible label with this text and style, centred on its position by default. */
  take(text: string, style: TextStyle, x: number, y: number, anchorX = 0.5, anchorY = 0.5): Text {
    let label = this.items[this.used]
    if (!label) {
      label = new Text({ text, style })
      this.items.push(label)
      this.container.addChild(label)
    }
    this.used++
    if (label.text !== text) label.text = text
    if (label.style !== style) label.style = style
    label.anchor.set(anchorX, anchorY)
    label.position.set(Math.round(x), Math.round(y))
    label.visible = true
    label.alpha = 1
    return label
  }

  /** Hides the labels this pass did not use. */
  end(): void {
    for (let i = this.used; i < this.items.length; i++) {
      const label = this.items[i]
      if (label) label.visible = false
    }
  }
}
