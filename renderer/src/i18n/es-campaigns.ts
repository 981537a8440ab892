// The words of the campaign list (create, rename, duplicate, export, delete with undo, continue, campaigns
// this version cannot open), of the warning about backups that failed, and of the first-run tour in Spanish:
// part of the catalogue in `es.ts`, kept apart for size.

/** Spanish messages of the campaign list and the first-run tour. */
export const esCampaigns = {
  'problem.badName': 'el nombre debe tener entre 1 y {limit} caracteres, sin saltos de línea',
  'problem.tooManyValues': 'contiene más de {limit} valores, muchos más que cualquier campaña',
  'problem.campaignTooLarge':
    'la campaña ocuparía {found}, más de los {limit} que admite una campaña (lo que más ocupa son las imágenes de fondo y los encuentros antiguos)',
  'problem.folderLocked':
    'otro Emboscada (proceso {pid} en {host}) tiene abierta la carpeta de campañas; ciérralo antes',
  'problem.idInUse': 'ya hay otra campaña con el identificador «{id}»',

  'campaigns.new': 'Nueva campaña',
  'campaigns.newTitle': 'Nueva campaña',
  'campaigns.name': 'Nombre',
  'campaigns.system': 'Reglas',
  'campaigns.create': 'Crear',
  'campaigns.cancel': 'Cancelar',
  'campaigns.created': 'Se creó «{name}».',
  'campaigns.createFailed': 'No se pudo crear la campaña: {detail}',
  'campaigns.rename': 'Renombrar',
  'campaigns.renameOf': 'Renombrar «{name}»',
  'campaigns.renameField': 'Nuevo nombre de «{name}» (Intro guarda, Esc cancela)',
  'campaigns.renameFailed': 'No se pudo renombrar: {detail}',
  'campaigns.duplicate': 'Duplicar',
  'campaigns.duplicateOf': 'Duplicar «{name}»',
  'campaigns.copyName': '{name} (copia)',
  'campaigns.duplicated': 'Se creó la copia «{name}».',
  'campaigns.export': 'Exportar',
  'campaigns.exportOf': 'Exportar «{name}» como archivo JSON',
  'campaigns.exported': 'Se descargó {file}.',
  'campaigns.delete': 'Borrar',
  'campaigns.deleteOf': 'Borrar «{name}»',
  'campaigns.deleted': 'Se borró «{name}».',
  'campaigns.undo': 'Deshacer',
  'campaigns.undone': 'Se recuperó «{name}».',
  'campaigns.actionFailed': 'No se pudo completar: {detail}',
  'campaigns.openOf': 'Abrir «{name}»',
  'campaigns.continue': 'Continuar: {name}',
  'campaigns.lastOpened': 'Abierta por última vez {when}',
  'campaigns.unavailable': 'No se puede abrir',
  'campaigns.unavailable.tooNew':
    'Necesita una versión más reciente de Emboscada (formato {version}; esta lee hasta {supported})',
  'campaigns.unavailable.unknownRules': 'Reglas desconocidas: «{system}»',
  'campaigns.unavailable.kept': 'Se conserva tal cual: esta versión no la modifica.',

  'backupWarning.diskFull':
    'Guardado, pero no se pudo conservar la versión anterior como copia de seguridad (disco lleno). Libera espacio: sin copias no podrás volver atrás si algo sale mal.',
  'backupWarning.browserFull':
    'Guardado, pero no se pudo conservar la versión anterior como copia de seguridad (el almacenamiento del navegador está lleno). Sin copias no podrás volver atrás si algo sale mal: exporta la campaña para tener una copia.',
  'backupWarning.other':
    'Guardado, pero no se pudo conservar la versión anterior como copia de seguridad ({error}). Sin copias no podrás volver atrás si algo sale mal.',

  'tour.button': 'Visita guiada',
  'tour.label': 'Visita guiada de Emboscada',
  'tour.step': 'Paso {n} de {total}',
  'tour.next': 'Siguiente',
  'tour.back': 'Atrás',
  'tour.skip': 'Saltar',
  'tour.openSample': 'Abrir el ejemplo de Pathfinder',
  'tour.done': 'Empezar',
  'tour.1.title': 'Bienvenido a Emboscada',
  'tour.1.body':
    'Es la mesa del director de juego para combates tácticos en cuadrícula: tú diriges la partida y la IA juega a los monstruos (o a quien quieras).',
  'tour.2.title': 'Campañas de ejemplo',
  'tour.2.body':
    'La lista trae una campaña de ejemplo por sistema de reglas: Pathfinder, HeroQuest 2, Minecraft, Athkri y Carnevale. Cada una tiene un encuentro listo para jugar.',
  'tour.3.title': 'Prueba Pathfinder',
  'tour.3.body':
    'Abre «Pathfinder: emboscada goblin». Pulsa «Simular» para ver cómo acabaría la pelea entre IAs, o abre el encuentro y pulsa «Empezar el encuentro» para jugarla tú.',
  'tour.4.title': 'Tus propias campañas',
  'tour.4.body':
    'Crea una con «Nueva campaña» eligiendo sus reglas, o importa un archivo. Pulsa ? para ver los atajos de teclado; el botón «Visita guiada» repite esta guía.'
}
