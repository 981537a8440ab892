// Every i18n key the Athkri rules emit, Spanish first with the rules' own terms (athkri-combate.txt).
// Params use the {name} form; the UI turns `targetId`/`actorId`/`by` ids into `{target}`/`{actor}`/`{by}`.

import { en } from './terms-en'
import { es } from './terms-es'

/** The Athkri i18n catalogues: Spanish (the rules' language) and English, with the same keys. */
export const terms = { es, en } as const
