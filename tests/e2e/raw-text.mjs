// Issue 21 bug 8 ("Internal ids on screen"): what a person sees must be words, never a catalogue key
// (`builder.compare.win`), a rules code (`bullRush`, `spells.pathfinder1e:magic-missile.uses`) or an
// unfilled `{placeholder}`. The runner reads the page's visible text after every test and fails on any.

/** Visible text that looks like a key, a code or a placeholder, with a little context. */
export async function rawTextOnScreen(page) {
  const found = await page.evaluate(() => {
    const text = document.body?.innerText ?? ''
    const hits = []
    const context = (i, len) => text.slice(Math.max(0, i - 30), i + len + 30).replace(/\s+/g, ' ')
    const patterns = [
      // An interpolation left unfilled: "{reactor}".
      /\{[A-Za-z_]\w*\}/g,
      // A dotted key or namespaced id: "violation.tooFar", "spells.pathfinder1e:magic-missile.uses".
      /\b[a-z][a-zA-Z0-9]*(?:[.:][a-zA-Z][\w:-]*){1,}\b/g,
      // A camelCase code: "bullRush", "rangeIncrementFt".
      /\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g
    ]
    for (const pattern of patterns)
      for (const m of text.matchAll(pattern))
        hits.push({ raw: m[0], around: context(m.index ?? 0, m[0].length) })
    return hits
  })
  // File names, versions and URLs a person may legitimately read.
  const legit = /\.(json|txt|md|png|csv|gz|zip|ts|js)$|^https?:|^localhost/i
  return found.filter((h) => !legit.test(h.raw)).map((h) => `"${h.raw}" in "…${h.around}…"`)
}
