import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// Issue 21: a folding panel's summary is a flex row (`.panel-head`), which loses the browser's own
// disclosure marker; the theme draws one (`.disclosure`) and turns it when the panel is open.
const css = readFileSync(new URL('./app.css', import.meta.url), 'utf8')

describe('the disclosure marker of folding panels', () => {
  it('is drawn inline and turned a quarter when its details are open', () => {
    expect(css).toMatch(/\.disclosure \{[^}]*display: inline-block/)
    expect(css).toMatch(/details\[open\] > summary \.disclosure \{\s*transform: rotate\(90deg\)/)
  })
})
