import { describe, expect, it } from 'vitest'
import { translateCode, translate } from '../i18n'
import { terms as pfTerms } from '../../../rules/systems/pathfinder1e/terms'
import { conditionDuration, conditionName } from './condition-text'

// The turn panel and the token HUD word a ruleset's condition keys: `condition.*` and PF's `effect.*`.
const code = (prefix: string, c: string) => translateCode('es', prefix, c, undefined, pfTerms)
const t = (key: string, params?: Record<string, string | number>) => translate('en', key, params)

describe('conditionName', () => {
  it('looks each key up under its own prefix, so PF effects get their names too', () => {
    expect(conditionName(code, 'effect.mageArmor')).toBe('Armadura de mago')
    expect(conditionName(code, 'condition.prone')).toBe(code('condition', 'prone'))
    expect(conditionName(code, 'condition.prone')).not.toBe('prone')
  })
})

describe('conditionDuration', () => {
  it('says rounds left above one, else whose turn ends it, else nothing', () => {
    expect(conditionDuration(t, { key: 'effect.mageArmor', rounds: 3, untilName: 'Mage' })).toBe('3 rounds')
    expect(conditionDuration(t, { key: 'effect.held', rounds: 1, untilName: 'Orc' })).toBe("until Orc's turn")
    expect(conditionDuration(t, { key: 'effect.feinted', untilName: 'Pícara' })).toBe("until Pícara's turn")
    expect(conditionDuration(t, { key: 'condition.prone' })).toBe('')
  })
})
