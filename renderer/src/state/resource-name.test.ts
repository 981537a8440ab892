import { describe, expect, it } from 'vitest'
import { formatPercent, translate, translateCode, type Locale } from '../i18n'
import { systemTerms } from '../i18n/system-terms'
import type { LabelTranslator } from './action-label'
import { resourceName } from './resource-name'

// Issue 21 bug 8: the simulation's "spent" line read "gasta spells.pathfinder1e:magic-missile.uses 1".

const tr = (current: Locale): LabelTranslator => ({
  current,
  t: (key, params) => translate(current, key, params),
  code: (prefix, code, params) => translateCode(current, prefix, code, params, systemTerms.pathfinder1e),
  percent: (p) => formatPercent(current, p)
})

describe('a spent resource in words', () => {
  it.each<[Locale, string]>([
    ['es', 'Proyectil mágico'],
    ['en', 'Magic missile']
  ])('a spell slot names its spell (%s)', (locale, name) => {
    expect(resourceName(tr(locale), 'spells.pathfinder1e:magic-missile.uses').toLowerCase()).toBe(
      name.toLowerCase()
    )
  })

  it('a plain stat is never its raw path', () => {
    const text = resourceName(tr('en'), 'potions.healing')
    expect(text).not.toContain('.')
  })
})
