import type { esMapPlay } from './es-map-play'

// The words of the map in play (overlays, token HUD, fog, waypoints, undo move, animations, camera) in English: part of the catalogue in `en.ts`.

/** English messages of the map in play (overlays, token HUD, fog, waypoints, undo move, animations, camera): exactly the Spanish keys. */
export const enMapPlay: Record<keyof typeof esMapPlay, string> = {
  'log.doorOpened': 'The door between {from} and {to} opens.',
  'log.doorClosed': 'The door between {from} and {to} closes.',
  'source.gm': 'the GM',
  'violation.noDoor': 'there is no door on that edge ({x}, {y})',
  'violation.doorAlready': 'the door is already that way',
  'violation.lifeUnchanged': 'life already has that value',
  'violation.noWaypointPath': 'there is no way through those waypoints',
  'unit.squares': 'squares',
  'mapPlay.toolbar': 'Map tools',
  'mapPlay.fit': 'Fit',
  'mapPlay.fit.title': 'Show the whole map',
  'mapPlay.zoomIn': 'Zoom in',
  'mapPlay.zoomOut': 'Zoom out',
  'mapPlay.minimap': 'Minimap',
  'mapPlay.animations': 'Animations',
  'mapPlay.overlays': 'Overlays',
  'mapPlay.overlay.threat': 'Threat',
  'mapPlay.overlay.sight': 'Sight',
  'mapPlay.overlay.flank': 'Flank',
  'mapPlay.overlay.for': 'Overlays of {name}',
  'mapPlay.tool.ruler': 'Ruler',
  'mapPlay.tool.template': 'Template',
  'mapPlay.template.choose': 'Area shape',
  'mapPlay.template.hits': 'Catches: {names}',
  'mapPlay.template.none': 'Catches nobody',
  'mapPlay.viewAs': 'View as',
  'mapPlay.viewAs.gm': 'GM (all)',
  'mapPlay.viewAs.side': 'Side: {side}',
  'mapPlay.waypoints': 'Waypoints: {n} · Shift+click adds, Esc clears',
  'mapPlay.hud': '{name}',
  'mapPlay.hud.life': 'Life',
  'mapPlay.hud.setLife': 'Set',
  'mapPlay.hud.conditions': 'Conditions',
  'mapPlay.hud.noConditions': 'None',
  'mapPlay.hud.actions': 'Actions',
  'mapPlay.hud.noActions': 'None now',
  'mapPlay.hud.close': 'Close'
}
