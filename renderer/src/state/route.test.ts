import { describe, expect, it } from 'vitest'
import { parseRoute, routeHash, type Route } from './route'

describe('routes', () => {
  it.each<[string, Route]>([
    ['', { name: 'campaigns' }],
    ['#/', { name: 'campaigns' }],
    ['#/c/minecraft-sample', { name: 'campaign', campaignId: 'minecraft-sample' }],
    [
      '#/c/minecraft-sample/abandoned-mine',
      { name: 'encounter', campaignId: 'minecraft-sample', encounterId: 'abandoned-mine' }
    ],
    ['#/c/a/b/c', { name: 'campaigns' }],
    ['#/c/pf/roster', { name: 'roster', campaignId: 'pf' }],
    ['#/c/pf/%72oster', { name: 'encounter', campaignId: 'pf', encounterId: 'roster' }],
    ['#/c/pf/roster/map', { name: 'map', campaignId: 'pf', encounterId: 'roster' }],
    ['#/c/%E0%A4%A', { name: 'campaigns' }]
  ])('parses %s', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route)
  })

  it('round-trips through the hash', () => {
    const route: Route = { name: 'encounter', campaignId: 'x y', encounterId: 'é/1' }
    expect(parseRoute(routeHash(route))).toEqual(route)
  })

  it('keeps the roster page apart from an encounter whose id is "roster"', () => {
    const roster: Route = { name: 'roster', campaignId: 'pf' }
    const encounter: Route = { name: 'encounter', campaignId: 'pf', encounterId: 'roster' }
    expect(routeHash(roster)).toBe('#/c/pf/roster')
    expect(parseRoute(routeHash(roster))).toEqual(roster)
    expect(routeHash(encounter)).not.toBe(routeHash(roster))
    expect(parseRoute(routeHash(encounter))).toEqual(encounter)
  })
})
