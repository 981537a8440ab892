// Every i18n key the Pathfinder rules emit, Spanish first with the Spanish rulebook's own terms
// (pathfinder-1e-combate.txt: acción estándar, de movimiento, de asalto completo, paso de 5 pies...).
// Params use the {name} form and are exactly those the rules send: a code emitted both with and without
// a param (targetOut, outOfRange, tooFar...) gets a text without it, so no raw "{target}" ever shows.
// Codes sit mid-sentence in the log ("No se puede: {reason}"), so most texts start in lowercase; condition
// and health names keep the capital the rulebook gives them (Grogui, Incapacitado, Tumbado).

import { en } from './terms-en'
import { es } from './terms-es'

/** The Pathfinder terms by UI language. */
export const terms = { es, en } as const
