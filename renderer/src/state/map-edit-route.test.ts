import { describe, expect, it } from 'vitest'
import { parseRoute, routeHash, type Route } from './route'

describe('the map editor route', () => {
  it('is the encounter hash with /map, and round-trips', () => {
    const route: Route = { name: 'map', campaignId: 'pathfinder1e-sample', encounterId: 'goblin ambush/2' }
    expect(routeHash(route)).toBe('#/c/pathfinder1e-sample/goblin%20ambush%2F2/map')
    expect(parseRoute(routeHash(route))).toEqual(route)
    expect(parseRoute('#/c/a/b/map/x')).toEqual({ name: 'campaigns' })
    expect(parseRoute('#/c/a/b/maps')).toEqual({ name: 'campaigns' })
  })
})
