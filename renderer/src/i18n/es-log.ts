// The words of the combat log (filters, search, export) in Spanish: part of the catalogue in `es.ts`, kept apart for size.

/** Spanish messages of the combat log (filters, search, export). */
export const esLog = {
  'log.filter.label': 'Mostrar en el registro',
  'log.filter.dice': 'Tiradas',
  'log.filter.dice.hint': 'Tiradas de dados, con su desglose',
  'log.filter.move': 'Movimiento',
  'log.filter.move.hint': 'Movimientos, encararse y puertas',
  'log.filter.attack': 'Ataques',
  'log.filter.attack.hint': 'Ataques, impactos y daño',
  'log.filter.turn': 'Turnos',
  'log.filter.turn.hint': 'Rondas, turnos y decisiones',
  'log.filter.ai': 'IA',
  'log.filter.ai.hint': 'Razones de la IA',
  'log.filter.other': 'Otros',
  'log.filter.other.hint': 'Gastos, curaciones y lo demás',
  'log.search.label': 'Buscar en el registro',
  'log.search.placeholder': 'Buscar…',
  'log.search.matches': 'Coincidencias: {count}',
  'log.noMatch': 'Ninguna línea coincide con los filtros.',
  'log.export.txt': 'Exportar .txt',
  'log.export.md': 'Exportar .md',
  'log.export.hint': 'Descarga el registro completo, sin filtros.',
  'log.export.title': 'Registro de combate',
  'log.export.campaign': 'Campaña',
  'log.export.encounter': 'Encuentro',
  'log.export.system': 'Sistema',
  'log.export.date': 'Fecha',
  'log.export.ai': 'IA'
} as const satisfies Record<string, string>
