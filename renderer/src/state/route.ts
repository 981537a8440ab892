/**
 * Where the app is, from the URL hash: `#/`, `#/c/<campaign>`, `#/c/<campaign>/<encounter>`, for the map
 * editor `#/c/<campaign>/<encounter>/map`, and for the party and bestiary `#/c/<campaign>/roster`.
 */
export type Route =
  | { name: 'campaigns' }
  | { name: 'campaign'; campaignId: string }
  | { name: 'encounter'; campaignId: string; encounterId: string }
  | { name: 'map'; campaignId: string; encounterId: string }
  | { name: 'roster'; campaignId: string }
  /** The campaign page with an encounter's builder settings open (`#/c/<campaign>/<encounter>/settings`). */
  | { name: 'settings'; campaignId: string; encounterId: string }

/** Parses a location hash into a route (anything unknown is the campaign list). */
export function parseRoute(hash: string): Route {
  let parts: string[]
  const raw = (/^#\/c\/(.+)$/.exec(hash)?.[1] ?? '').split('/')
  try {
    parts = raw.map(decodeURIComponent)
  } catch {
    return { name: 'campaigns' }
  }
  const [campaignId, encounterId, ...rest] = parts
  if (campaignId && encounterId && rest.length === 1 && rest[0] === 'map')
    return { name: 'map', campaignId, encounterId }
  if (campaignId && encounterId && rest.length === 1 && rest[0] === 'settings')
    return { name: 'settings', campaignId, encounterId }
  if (!campaignId || rest.length) return { name: 'campaigns' }
  // The literal word `roster` is the roster page; an encounter whose id is "roster" is written escaped.
  if (raw[1] === 'roster' && !rest.length) return { name: 'roster', campaignId }
  return encounterId ? { name: 'encounter', campaignId, encounterId } : { name: 'campaign', campaignId }
}

/** The hash of a route. */
export function routeHash(route: Route): string {
  if (route.name === 'campaigns') return '#/'
  const campaign = `#/c/${encodeURIComponent(route.campaignId)}`
  if (route.name === 'campaign') return campaign
  if (route.name === 'roster') return `${campaign}/roster`
  const encounter = `${campaign}/${route.encounterId === 'roster' ? '%72oster' : encodeURIComponent(route.encounterId)}`
  if (route.name === 'settings') return `${encounter}/settings`
  return route.name === 'map' ? `${encounter}/map` : encounter
}
