// Content-Security-Policy parsing and the rules a policy must keep (checklist item 7).
export function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name = '', ...values]) => [name.toLowerCase(), values])
  )
}

/** The policy of every CSP meta tag in a page, in order (a page should have exactly one, or none). */
export function metaTagCsps(html: string): string[] {
  return [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/gi)].map(
    (m) => m[1]!
  )
}

/** Problems with a CSP: anything that lets script or plugins in from outside the app. */
export function cspProblems(csp: string): string[] {
  const d = directives(csp)
  const problems: string[] = []
  const script = d.get('script-src') ?? d.get('default-src')
  if (script === undefined) problems.push('no script-src or default-src')
  for (const bad of ["'unsafe-eval'", "'unsafe-inline'", '*', 'http:', 'https:', 'data:', 'blob:'])
    if (script?.includes(bad)) problems.push(`script-src allows ${bad}`)
  if (script?.some((s) => /^(https?|wss?):\/\//.test(s))) problems.push('script-src allows a remote host')
  if (JSON.stringify(d.get('default-src')) !== `["'self'"]`) problems.push("default-src is not 'self'")
  if (JSON.stringify(d.get('object-src')) !== `["'none'"]`) problems.push("object-src is not 'none'")
  if (JSON.stringify(d.get('base-uri')) !== `["'none'"]`) problems.push("base-uri is not 'none'")
  if (/\b(http|ws):/.test(csp)) problems.push('mentions http: or ws:')
  return problems
}
