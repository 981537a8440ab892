import type { esMapPlay } from './es-map-play'

// The words of the map in play (overlays, token HUD, fog, waypoints, undo move, animations, camera) in English: part of the catalogue in `en.ts`.

/** English messages of the map in play (overlays, token HUD, fog, waypoints, undo move, animations, camera): exactly the Spanish keys. */
export const enMapPlay: Record<keyof typeof esMapPlay, string> = {
  'violation.noDoor': 'there is no door on that edge ({x}, {y})',
  'violation.doorAlready': 'the door is already that way',
  'violation.lifeUnchanged': 'life already has that value'
}
