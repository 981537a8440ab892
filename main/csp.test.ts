import { describe, expect, it } from 'vitest'
import { HEADER_ONLY_DIRECTIVES, metaCsp, RENDERER_CSP } from './csp'

describe('metaCsp: the header policy as a meta tag can carry it', () => {
  it('drops only what a meta tag cannot carry, keeping every other directive in order and unchanged', () => {
    expect(metaCsp(RENDERER_CSP)).toBe(
      RENDERER_CSP.split('; ')
        .filter((d) => !d.startsWith('frame-ancestors '))
        .join('; ')
    )
    expect(metaCsp(RENDERER_CSP)).not.toContain('frame-ancestors')
  })

  it.each([
    ["default-src 'self'; frame-ancestors 'none'", "default-src 'self'"],
    ["report-uri /csp; default-src 'self'", "default-src 'self'"],
    ["default-src 'self'; sandbox allow-scripts; img-src data:", "default-src 'self'; img-src data:"],
    // Directive names are case-insensitive (CSP3 §2.2); empty directives from stray semicolons go too.
    ["default-src 'self';; FRAME-ANCESTORS 'none' ;", "default-src 'self'"],
    // A source that merely mentions a header-only name is not the directive.
    [
      "default-src 'self'; script-src 'self' https://sandbox.example",
      "default-src 'self'; script-src 'self' https://sandbox.example"
    ]
  ])('%s → %s', (header, meta) => {
    expect(metaCsp(header)).toBe(meta)
  })

  it('names exactly the directives CSP3 does not support in meta', () => {
    expect([...HEADER_ONLY_DIRECTIVES].sort()).toEqual(['frame-ancestors', 'report-uri', 'sandbox'])
  })
})
