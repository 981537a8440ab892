// Every i18n key the Pathfinder rules emit, Spanish first with the Spanish rulebook's own terms
// (pathfinder-1e-combate.txt: acción estándar, de movimiento, de asalto completo, paso de 5 pies...).

const es = {
  'system.pathfinder1e': 'Pathfinder 1.ª edición'
}

const en: Record<keyof typeof es, string> = {
  'system.pathfinder1e': 'Pathfinder 1st edition'
}

/** The Pathfinder terms by UI language. */
export const terms = { es, en } as const
