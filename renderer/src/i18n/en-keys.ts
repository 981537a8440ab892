import type { esKeys } from './es-keys'

// The words of the keyboard shortcuts and their help overlay in English: part of the catalogue in `en.ts`.

/** English messages of the keyboard shortcuts and their help overlay: exactly the Spanish keys. */
export const enKeys: Record<keyof typeof esKeys, string> = {
  'keys.title': 'Keyboard shortcuts',
  'keys.open': 'Keyboard shortcuts (?)',
  'keys.close': 'Close',
  'keys.intro': 'Keys do nothing while you type in a field or while another dialog is open.',
  'keys.or': 'or',

  'keys.group.general': 'General',
  'keys.group.turn': 'Turn',
  'keys.group.map': 'Map',
  'keys.group.panels': 'Panels',
  'keys.group.editor': 'Map editor',

  'keys.help': 'Show or hide this help',
  'keys.language': 'Switch language (Spanish / English)',
  'keys.dismiss': 'Close the open dialog',
  'keys.endActivation': 'End the active figure’s activation',
  'keys.undoMove': 'Undo the last move',
  'keys.acceptSuggestion': 'Accept the AI\'s suggestion (GM mode, "AI suggests")',
  'keys.cancel': 'Cancel: token menu, waypoints, tool and target',
  'keys.focusLog': 'Go to the combat log',
  'keys.fit': 'Fit the map',
  'keys.zoomIn': 'Zoom in',
  'keys.zoomOut': 'Zoom out',
  'keys.minimap': 'Show or hide the minimap',
  'keys.threat': 'Threat area of the active figure',
  'keys.sight': 'Line of sight of the active figure',
  'keys.ruler': 'Ruler',
  'keys.template': 'Area template',
  'keys.editorUndo': 'Undo',
  'keys.editorRedo': 'Redo',
  'keys.editorCursor': 'Move the cursor (with Shift: choose its edge)',
  'keys.editorApply': 'Use the tool at the cursor',
  'keys.editorRemove': 'Remove what is at the cursor',
  'keys.editorCancel': 'Cancel the gesture in progress',

  'keys.key.Ctrl': 'Ctrl',
  'keys.key.Alt': 'Alt',
  'keys.key.Shift': 'Shift',
  'keys.key.Escape': 'Esc',
  'keys.key.Enter': 'Enter',
  'keys.key.Space': 'Space',
  'keys.key.Delete': 'Delete',
  'keys.key.Backspace': 'Backspace',
  'keys.key.ArrowUp': '↑',
  'keys.key.ArrowDown': '↓',
  'keys.key.ArrowLeft': '←',
  'keys.key.ArrowRight': '→'
}
