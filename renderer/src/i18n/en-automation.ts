// The words of the automation settings, the play modes and the dice-entry dialog in English: part of the
// catalogue in `en.ts`, kept apart for size.

import type { esAutomation } from './es-automation'

/** English messages of automation levels, solo/GM mode and manual dice. */
export const enAutomation = {
  'automation.title': 'Automation and mode',
  'automation.levels': 'Automation levels',
  'automation.family.dice': 'Dice',
  'automation.family.reactions': 'Reactions',
  'automation.family.adjudication': 'GM rulings',
  'automation.level.off': 'Off',
  'automation.level.remind': 'Remind',
  'automation.level.suggest': 'Suggest',
  'automation.level.auto': 'Auto',
  'automation.hint.dice':
    "Auto: the app rolls. Suggest: the app's roll comes filled in. Remind: it is shown alongside. Off: every roll is typed.",
  'automation.hint.reactions':
    'Attacks of opportunity, defences: auto lets the AI answer; suggest marks its answer; remind asks with nothing marked; off means nobody reacts.',
  'automation.hint.adjudication': "The rules' points the GM decides, with the same four levels.",
  'automation.startTurn':
    'Start-of-turn effects: the rules resolve them as the turn opens; their dice follow the "Dice" level.',
  'automation.mode': 'Mode',
  'automation.mode.solo': 'Solo',
  'automation.mode.gm': 'Game master',
  'automation.modeHint.solo': 'You play your side; the AI plays every other.',
  'automation.modeHint.gm': 'The GM runs every figure; per side, the AI plays or suggests.',
  'automation.heroSide': "Player's side",
  'automation.sideRole': 'Who plays "{side}"',
  'automation.role.gm': 'The GM',
  'automation.role.plays': 'AI plays',
  'automation.role.suggests': 'AI suggests',
  'automation.acceptKey': "Key Y: accept the AI's suggestion",
  'automation.suggested': "the AI's suggestion",
  'automation.byHand': '(by hand: {face})',
  'automation.dice.title': 'Dice by hand',
  'automation.dice.titleAi': 'Dice by hand for {actor} (AI)',
  'automation.dice.intro': 'Roll the dice and type what they show, in order.',
  'automation.dice.die': 'Die {n}: d{sides}',
  'automation.dice.for': '{actor}, {purpose}',
  'automation.dice.useRng': 'App: {face}',
  'automation.dice.invalid': '1 to {sides}',
  'automation.dice.more': 'Depending on the faces, more dice may be asked (a critical confirmation, damage).',
  'automation.dice.confirm': 'Roll',
  'automation.dice.cancel': 'Cancel',
  'ai.autoAnswered': '{actor} answers by automation: {decision} → {choice}.',
  'ai.autoDefault': '{actor} takes the rules’ default: {decision} → {choice}.',
  'ai.autoDeclined': '{actor} does not react (automation off): {decision} → {choice}.',
  'violation.manualDieOutOfRange': 'entered die {index} ({face}) is not a face of a d{sides}',
  'violation.manualDiceUnused': '{entered} dice were entered but the action rolls only {used}'
} as const satisfies Record<keyof typeof esAutomation, string>
