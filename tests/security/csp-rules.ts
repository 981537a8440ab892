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

export function metaCsp(html: string): string | undefined {
  return /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1]
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

/** Directives where `meta` allows a source `header` does not (the meta tag should be no weaker). */
export function weakerThan(meta: string, header: string): string[] {
  const m = directives(meta)
  const h = directives(header)
  const fallback = (d: Map<string, string[]>, name: string): string[] | undefined =>
    d.get(name) ?? (name.endsWith('-src') ? d.get('default-src') : undefined)
  const out: string[] = []
  for (const [name, sources] of m) {
    const allowed = fallback(h, name)
    if (allowed === undefined) continue
    const extra = sources.filter((s) => !allowed.includes(s))
    if (extra.length > 0) out.push(`meta ${name} allows ${extra.join(' ')} beyond the header`)
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------
// The checks
