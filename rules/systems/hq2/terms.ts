// Every i18n key the HQ2 ruleset emits (violations, rolls, odds, decisions and their choices, actions,
// settings, sectors, damage sources, costs, totals' terms, skills, conditions), Spanish first with the
// rules' own terms (calavera, escudo blanco, escudo negro, Puntos de Cuerpo, maniobra, BM, Pleno Ataque).
// Params are `{name}` placeholders; the UI turns `targetId`/`actorId`/`by` ids into `{target}`/`{actor}`/`{by}`.

import { en } from './terms-en'
import { es } from './terms-es'

/** The HQ2 catalogue by locale: Spanish first (the rules' own terms), English with the same keys. */
export const terms = { es, en } as const
