// The words of the map in play (overlays, token HUD, fog, waypoints, undo move, animations, camera) in Spanish: part of the catalogue in `es.ts`, kept apart for size.

/** Spanish messages of the map in play (overlays, token HUD, fog, waypoints, undo move, animations, camera). */
export const esMapPlay = {
  'violation.noDoor': 'no hay ninguna puerta en ese borde ({x}, {y})',
  'violation.doorAlready': 'la puerta ya está así',
  'violation.lifeUnchanged': 'la vida ya tiene ese valor'
} as const satisfies Record<string, string>
