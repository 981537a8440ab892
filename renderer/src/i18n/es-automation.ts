// The words of the automation settings, the play modes and the dice-entry dialog in Spanish: part of the
// catalogue in `es.ts`, kept apart for size.

/** Spanish messages of automation levels, solo/GM mode and manual dice. */
export const esAutomation = {
  'automation.title': 'Automatización y modo',
  'automation.levels': 'Niveles de automatización',
  'automation.family.dice': 'Dados',
  'automation.family.reactions': 'Reacciones',
  'automation.family.adjudication': 'Decisiones del DJ',
  'automation.level.off': 'Desactivado',
  'automation.level.remind': 'Recordar',
  'automation.level.suggest': 'Sugerir',
  'automation.level.auto': 'Automático',
  'automation.hint.dice':
    'Automático: tira la app. Sugerir: la tirada de la app viene escrita. Recordar: se muestra al lado. Desactivado: todas se teclean.',
  'automation.hint.reactions':
    'Ataques de oportunidad, defensas: automático responde la IA; sugerir marca su respuesta; recordar pregunta sin marcar; desactivado no se reacciona.',
  'automation.hint.adjudication': 'Puntos de la regla que decide el DJ, con los mismos cuatro niveles.',
  'automation.startTurn':
    'Efectos de inicio de turno: la regla los resuelve al abrir el turno; sus dados siguen el nivel de «Dados».',
  'automation.mode': 'Modo',
  'automation.mode.solo': 'Solitario',
  'automation.mode.gm': 'Director de juego',
  'automation.modeHint.solo': 'Juegas tu bando; la IA juega todos los demás.',
  'automation.modeHint.gm': 'El DJ lleva todas las figuras; por bando, la IA juega o sugiere.',
  'automation.heroSide': 'Bando del jugador',
  'automation.sideRole': 'Quién juega «{side}»',
  'automation.role.gm': 'El DJ',
  'automation.role.plays': 'La IA juega',
  'automation.role.suggests': 'La IA sugiere',
  'automation.acceptKey': 'Tecla Y: aceptar la sugerencia de la IA',
  'automation.suggested': 'sugerencia de la IA',
  'automation.byHand': '(a mano: {face})',
  'automation.dice.title': 'Tiradas a mano',
  'automation.dice.titleAi': 'Tiradas a mano de {actor} (IA)',
  'automation.dice.intro': 'Tira los dados y escribe lo que salga, en orden.',
  'automation.dice.die': 'Dado {n}: d{sides}',
  'automation.dice.for': '{actor}, {purpose}',
  'automation.dice.useRng': 'La app: {face}',
  'automation.dice.invalid': 'entre 1 y {sides}',
  'automation.dice.more': 'Según lo que salga pueden pedirse más dados (confirmar un crítico, daño).',
  'automation.dice.confirm': 'Tirar',
  'automation.dice.cancel': 'Cancelar',
  'ai.autoAnswered': '{actor} responde por automatización: {decision} → {choice}.',
  'ai.autoDefault': '{actor} toma lo que dicen las reglas por defecto: {decision} → {choice}.',
  'ai.autoDeclined': '{actor} no reacciona (automatización desactivada): {decision} → {choice}.',
  'violation.manualDieOutOfRange': 'el dado {index} tecleado ({face}) no es una cara de un d{sides}',
  'violation.manualDiceUnused': 'se teclearon {entered} dados y la acción solo tira {used}'
} as const satisfies Record<string, string>
