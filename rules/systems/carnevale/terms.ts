import type { RulesTerms } from '../../core/ruleset'
import { en } from './terms-en'
import { es } from './terms-es'

// The catalogue the UI reads before its own: the fixed labels of terms-es/en plus the generated ones, a die
// face per d10 result (the Destiny die apart) and the AoO choices every AoO decision offers.

/** The decisions whose choices are AoOs (`combat:<weapon>`, `grapple`, `drown`, `pass`). */
const AOO_DECISIONS = ['carnevale.disengageAoo', 'carnevale.guard', 'carnevale.charge', 'carnevale.counter']
const WEAPON_SLOTS = 11

function generated(lang: 'es' | 'en'): Record<string, string> {
  const out: Record<string, string> = {}
  for (let face = 1; face <= 10; face++) {
    out[`face.${face}`] = String(face)
    out[`face.destiny${face}`] = lang === 'es' ? `Destino ${face}` : `Destiny ${face}`
  }
  for (const id of AOO_DECISIONS) {
    out[`decision.${id}.pass`] = lang === 'es' ? 'no atacar' : 'no attack'
    out[`decision.${id}.grapple`] = lang === 'es' ? 'Agarre' : 'Grapple'
    out[`decision.${id}.drown`] = lang === 'es' ? 'Ahogar' : 'Drown'
    for (let i = 0; i < WEAPON_SLOTS; i++)
      out[`decision.${id}.combat:${i}`] =
        lang === 'es' ? `Combate con el arma ${i + 1}` : `Combat with weapon ${i + 1}`
  }
  return out
}

/** The Carnevale catalogue by locale: Spanish first (the rules' own terms), English with the same keys. */
export const terms: RulesTerms = {
  es: { ...es, ...generated('es') },
  en: { ...en, ...generated('en') }
}
