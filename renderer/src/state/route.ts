/**
 * Where the app is, from the URL hash: `#/`, `#/c/<campaign>`, `#/c/<campaign>/<encounter>` or, for the
 * map editor, `#/c/<campaign>/<encounter>/map`.
 */
export type Route =
  | { name: 'campaigns' }
  | { name: 'campaign'; campaignId: string }
  | { name: 'encounter'; campaignId: string; encounterId: string }
  | { name: 'map'; campaignId: string; encounterId: string }

/** Parses a location hash into a route (anything unknown is the campaign list). */
export function parseRoute(hash: string): Route {
  let parts: string[]
  try {
    parts = (/^#\/c\/(.+)$/.exec(hash)?.[1] ?? '').split('/').map(decodeURIComponent)
  } catch {
    return { name: 'campaigns' }
  }
  const [campaignId, encounterId, ...rest] = parts
  if (campaignId && encounterId && rest.length === 1 && rest[0] === 'map')
    return { name: 'map', campaignId, encounterId }
  if (!campaignId || rest.length) return { name: 'campaigns' }
  return encounterId ? { name: 'encounter', campaignId, encounterId } : { name: 'campaign', campaignId }
}

/** The hash of a route. */
export function routeHash(route: Route): string {
  if (route.name === 'campaigns') return '#/'
  const campaign = `#/c/${encodeURIComponent(route.campaignId)}`
  if (route.name === 'campaign') return campaign
  const encounter = `${campaign}/${encodeURIComponent(route.encounterId)}`
  return route.name === 'map' ? `${encounter}/map` : encounter
}
