import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// "Focus and contrast accessible" (issue 7): the theme's colours, read from app.css, meet WCAG 2.1 AA —
// 4.5:1 for text on every panel background, 3:1 for the side colours drawn as shapes (tokens, outlines) —
// and every kind of control gets the visible focus ring.
const css = readFileSync(new URL('./app.css', import.meta.url), 'utf8')
const colour = (name: string): string => {
  const found = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1]
  if (!found) throw new Error(`app.css has no --${name}`)
  return found
}

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio, 1..21. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

const backgrounds = ['bg', 'bg-raised', 'bg-sunken']

describe('theme contrast (WCAG 2.1 AA)', () => {
  it('computes the known ratios (black on white is 21:1, a colour on itself 1:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrast('#777777', '#777777')).toBe(1)
  })

  it.each(['text', 'muted', 'accent', 'good', 'bad'])(
    'text colour --%s reaches 4.5:1 on every background',
    (text) => {
      for (const bg of backgrounds)
        expect(contrast(colour(text), colour(bg)), `--${text} on --${bg}`).toBeGreaterThanOrEqual(4.5)
    }
  )

  it.each(['hero', 'monster', 'accent'])(
    '--%s, drawn as shapes (tokens, outlines), reaches 3:1 on every background',
    (shape) => {
      for (const bg of backgrounds)
        expect(contrast(colour(shape), colour(bg)), `--${shape} on --${bg}`).toBeGreaterThanOrEqual(3)
    }
  )

  it('gives buttons, links, fields and focusable elements the focus ring', () => {
    const rule = /([^{}]+)\{[^}]*outline:\s*2px solid var\(--accent\)/.exec(css)?.[1] ?? ''
    for (const selector of ['button', 'a', 'input', 'select', 'textarea', '[tabindex]'])
      expect(rule).toContain(`${selector}:focus-visible`)
  })
})
