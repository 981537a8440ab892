// Security (checklist items 1, 7, 13, 14 in Chromium): the Electron renderer build (out/renderer, not the web
// build) served with main's CSP header and a stand-in for the preload's window.emboscada. Counts CSP
// violations, requests outside the page's origin, popups and navigations while the GM opens an encounter.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { RENDERER_CSP } from '../../main/csp.ts'
import { assert, assertEqual, test } from './harness.mjs'
import { sample, waitForMap } from './helpers.mjs'
import { serve } from './serve.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const renderer = join(root, 'out', 'renderer')
// `npm test` builds before the e2e run; `npm run test:e2e` alone builds only the web app.
if (!existsSync(join(renderer, 'index.html'))) {
  execFileSync(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], {
    cwd: root,
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    stdio: 'inherit'
  })
}

/** Runs before the page's scripts: the preload's API, answering from the sample campaign, plus counters. */
function installPage({ campaign }) {
  const summary = {
    id: campaign.id,
    name: campaign.name,
    system: campaign.system,
    encounterCount: campaign.encounters.length
  }
  const ok = (value) => Promise.resolve({ ok: true, value })
  Object.defineProperty(window, 'emboscada', {
    value: Object.freeze({
      campaign: Object.freeze({
        list: () => ok([summary]),
        // Whole campaigns cross the IPC contract as text (main/ipc/contract.ts); a save reports its backup.
        load: () => ok(JSON.stringify(campaign)),
        save: () => ok({ backup: 'kept' }),
        import: () => ok(summary),
        quarantined: () => ok([])
      })
    })
  })
  window.__violations = []
  document.addEventListener('securitypolicyviolation', (e) =>
    window.__violations.push({
      directive: e.violatedDirective,
      blocked: e.blockedURI,
      source: e.sourceFile,
      line: e.lineNumber
    })
  )
}

/**
 * Runs as a same-origin script (DevTools' evaluate is exempt from CSP, a page script is not): tries eval,
 * new Function and a string timer, and records what ran.
 */
const PROBE = `
window.__probe = { eval: false, fn: false }
try { window.__probe.eval = eval('1 + 1') === 2 } catch {}
try { window.__probe.fn = new Function('return 2')() === 2 } catch {}
`

/** Opens the Electron renderer in its own context (so probes do not trip the runner's console check). */
async function openRenderer(browser, path) {
  const server = await serve(renderer, 0)
  const origin = `http://127.0.0.1:${server.address().port}`
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'es-ES' })
  // main adds the header to every response (applySessionPolicy); do the same here.
  await context.route('**/*', async (route) => {
    if (!route.request().url().startsWith(origin)) return route.abort()
    if (route.request().url() === `${origin}/__probe.js`)
      return route.fulfill({
        contentType: 'text/javascript',
        body: PROBE,
        headers: { 'content-security-policy': RENDERER_CSP }
      })
    const response = await route.fetch()
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'content-security-policy': RENDERER_CSP }
    })
  })
  await context.addInitScript(installPage, { campaign: sample })
  const page = await context.newPage()
  page.setDefaultTimeout(15000)
  const seen = { foreign: [], popups: 0, navigations: [], errors: [] }
  page.on('request', (r) => {
    const u = r.url()
    if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')) seen.foreign.push(u)
  })
  context.on('page', () => (seen.popups += 1))
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame() && !f.url().startsWith(origin)) seen.navigations.push(f.url())
  })
  page.on('console', (m) => m.type() === 'error' && seen.errors.push(m.text()))
  page.on('pageerror', (e) => seen.errors.push(e.message))
  await page.goto(`${origin}/index.html${path}`)
  const close = async () => {
    await context.close()
    server.close()
  }
  return { page, origin, seen, close }
}

/**
 * Every CSP violation the page reported. zod 4's eval probe used to show up here; the renderer and its
 * worker now run zod jitless (`renderer/src/zod-config.ts`), so nothing is forgiven.
 */
async function realViolations(page) {
  const violations = await page.evaluate(() => window.__violations)
  return violations.map((v) => `${v.directive} ${v.blocked} ${v.source.replace(/^.*\//, '')}:${v.line}`)
}

const encounter = `#/c/${sample.id}/${sample.encounters[0].id}`

test('the Electron renderer runs an encounter under the CSP: 0 violations, 0 foreign requests, no popups', async ({
  page: runnerPage
}) => {
  const { page, seen, close } = await openRenderer(runnerPage.context().browser(), `?fast=1${encounter}`)
  try {
    await waitForMap(page)
    await page.getByTestId('start-encounter').click()
    await page.getByTestId('end-activation').waitFor()
    assertEqual(await realViolations(page), [], 'CSP violations')
    assertEqual(seen.foreign, [], 'requests outside the app origin')
    assertEqual(seen.popups, 0, 'popups opened')
    assertEqual(seen.navigations, [], 'navigations away from the app')
    assertEqual(seen.errors, [], 'console errors and page errors')
  } finally {
    await close()
  }
})

test('the CSP is live: inline script, eval and remote loads are blocked and counted (negative control)', async ({
  page: runnerPage
}) => {
  const { page, seen, close } = await openRenderer(runnerPage.context().browser(), '')
  try {
    await page.getByTestId('campaign-list').waitFor()
    const outcome = await page.evaluate(async () => {
      const s = document.createElement('script')
      s.textContent = 'window.__inlineRan = true'
      document.head.append(s)
      const probe = document.createElement('script')
      const loaded = new Promise((r) => (probe.onload = r))
      probe.src = '/__probe.js'
      document.head.append(probe)
      await loaded
      const evalRan = window.__probe.eval || window.__probe.fn
      const remote = await fetch('https://example.com/').then(
        () => 'loaded',
        () => 'blocked'
      )
      await new Promise((r) => setTimeout(r, 100))
      return { inline: window.__inlineRan === true, evalRan, remote, violations: window.__violations }
    })
    assertEqual(
      { inline: outcome.inline, evalRan: outcome.evalRan, remote: outcome.remote },
      { inline: false, evalRan: false, remote: 'blocked' },
      'what the CSP let through'
    )
    assert(outcome.violations.length >= 4, `violations counted: ${JSON.stringify(outcome.violations)}`)
    assertEqual(seen.foreign, [], 'a blocked fetch never reaches the network')
  } finally {
    await close()
  }
})
