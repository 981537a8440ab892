import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'svelte/compiler'
import { describe, expect, it } from 'vitest'

// "Every string from the catalogues" (issue 7): no component writes words straight into its markup — text
// between tags, or an aria-label / title / placeholder / alt given as a literal — so a language switch
// changes everything. Symbols and single letters (⚙, ×, "x") are allowed; words are not.
const root = new URL('..', import.meta.url).pathname
const LABELS = new Set(['aria-label', 'title', 'placeholder', 'alt', 'aria-description'])
const WORD = /\p{L}{2,}/u

type Node = { type?: string; data?: string; name?: string; value?: unknown } & Record<string, unknown>

/** The literal words in a component's markup, as "text" or "attribute=text". */
function literalText(source: string): string[] {
  const found: string[] = []
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach(walk)
    const n = node as Node
    if (n.type === 'Text' && WORD.test(n.data ?? '')) found.push((n.data ?? '').trim())
    if (n.type === 'Attribute' && LABELS.has(n.name ?? '') && Array.isArray(n.value))
      for (const part of n.value as Node[])
        if (part.type === 'Text' && WORD.test(part.data ?? '')) found.push(`${n.name}=${part.data}`)
    // Attribute values are walked above only for the labels; class names and test ids are not text.
    for (const [key, child] of Object.entries(n)) if (key !== 'value' && key !== 'parent') walk(child)
  }
  walk(parse(source, { modern: true }).fragment)
  return found
}

function svelteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? svelteFiles(join(dir, entry.name))
      : entry.name.endsWith('.svelte')
        ? [join(dir, entry.name)]
        : []
  )
}

describe('no literal UI text in components', () => {
  it('finds words between tags and in label attributes, not class names or symbols', () => {
    const source = '<p class="muted big" title="Hola mundo">Texto {x}</p><button aria-label={y}>⚙</button>'
    expect(literalText(source)).toEqual(['title=Hola mundo', 'Texto'])
  })

  it.each(svelteFiles(root).map((f) => [f.slice(root.length), f]))(
    '%s takes every word from i18n',
    (_, file) => {
      expect(literalText(readFileSync(file, 'utf8'))).toEqual([])
    }
  )
})
