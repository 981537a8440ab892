import type { esCampaigns } from './es-campaigns'

// The words of the campaign list, of the backup warning and of the first-run tour in English: part of the
// catalogue in `en.ts`.

/** English messages of the campaign list and the first-run tour: exactly the Spanish keys. */
export const enCampaigns: Record<keyof typeof esCampaigns, string> = {
  'problem.badName': 'a name must be 1 to {limit} characters, with no line breaks',
  'problem.tooManyValues': 'it holds more than {limit} values, far more than any campaign',
  'problem.campaignTooLarge':
    'the campaign would take {found}, over the {limit} a campaign can hold (background pictures and old encounters take the most room)',
  'problem.folderLocked':
    'another Emboscada (process {pid} on {host}) has the campaigns folder open; close it first',
  'problem.idInUse': 'another campaign now has the id “{id}”',

  'campaigns.new': 'New campaign',
  'campaigns.newTitle': 'New campaign',
  'campaigns.name': 'Name',
  'campaigns.system': 'Ruleset',
  'campaigns.create': 'Create',
  'campaigns.cancel': 'Cancel',
  'campaigns.created': 'Created “{name}”.',
  'campaigns.createFailed': 'Could not create the campaign: {detail}',
  'campaigns.rename': 'Rename',
  'campaigns.renameOf': 'Rename “{name}”',
  'campaigns.renameField': 'New name for “{name}” (Enter saves, Esc cancels)',
  'campaigns.renameFailed': 'Could not rename: {detail}',
  'campaigns.duplicate': 'Duplicate',
  'campaigns.duplicateOf': 'Duplicate “{name}”',
  'campaigns.copyName': '{name} (copy)',
  'campaigns.duplicated': 'Created the copy “{name}”.',
  'campaigns.export': 'Export',
  'campaigns.exportOf': 'Export “{name}” as a JSON file',
  'campaigns.exported': 'Downloaded {file}.',
  'campaigns.delete': 'Delete',
  'campaigns.deleteOf': 'Delete “{name}”',
  'campaigns.deleted': 'Deleted “{name}”.',
  'campaigns.undo': 'Undo',
  'campaigns.undone': 'Brought back “{name}”.',
  'campaigns.actionFailed': 'Could not do it: {detail}',
  'campaigns.openOf': 'Open “{name}”',
  'campaigns.continue': 'Continue: {name}',
  'campaigns.lastOpened': 'Last opened {when}',
  'campaigns.unavailable': 'Cannot be opened',
  'campaigns.unavailable.tooNew':
    'Needs a newer version of Emboscada (format {version}; this one reads up to {supported})',
  'campaigns.unavailable.unknownRules': 'Unknown rules: “{system}”',
  'campaigns.unavailable.kept': 'Kept as it is: this version does not change it.',

  'backupWarning.diskFull':
    'Saved, but the previous version could not be kept as a backup (the disk is full). Free some space: without backups there is no going back if something goes wrong.',
  'backupWarning.browserFull':
    'Saved, but the previous version could not be kept as a backup (the browser’s storage is full). Without backups there is no going back if something goes wrong: export the campaign to keep a copy.',
  'backupWarning.other':
    'Saved, but the previous version could not be kept as a backup ({error}). Without backups there is no going back if something goes wrong.',

  'tour.button': 'Tour',
  'tour.label': 'Emboscada tour',
  'tour.step': 'Step {n} of {total}',
  'tour.next': 'Next',
  'tour.back': 'Back',
  'tour.skip': 'Skip',
  'tour.openSample': 'Open the Pathfinder sample',
  'tour.done': 'Start',
  'tour.1.title': 'Welcome to Emboscada',
  'tour.1.body':
    'This is the game master’s table for tactical grid combat: you run the game and the AI plays the monsters (or whoever you like).',
  'tour.2.title': 'Sample campaigns',
  'tour.2.body':
    'The list comes with one sample campaign per ruleset: Pathfinder, HeroQuest 2, Minecraft, Athkri and Carnevale. Each has an encounter ready to play.',
  'tour.3.title': 'Try Pathfinder',
  'tour.3.body':
    'Open “Pathfinder: emboscada goblin”. Press “Simulate” to see how an AI-vs-AI fight would end, or open the encounter and press “Start encounter” to play it yourself.',
  'tour.4.title': 'Your own campaigns',
  'tour.4.body':
    'Create one with “New campaign”, choosing its ruleset, or import a file. Press ? for the keyboard shortcuts; the “Tour” button replays this guide.'
}
