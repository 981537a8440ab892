// E2E runner: serves out/web, drives Debian Chromium through playwright-core, runs tests/e2e/*.e2e.mjs,
// writes out/e2e.json and fails on any failed test, page error or console error.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { launchChromium } from './chromium.mjs'
import { rawTextOnScreen } from './raw-text.mjs'
import { load } from './harness.mjs'
import { serve } from './serve.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..', '..')
const artifacts = join(here, 'artifacts')
const started = Date.now()
mkdirSync(artifacts, { recursive: true })
mkdirSync(join(root, 'out'), { recursive: true })

// EMBOSCADA_WEB_OUT lets people working side by side build and test their own web build (default out/web).
const webOut = process.env.EMBOSCADA_WEB_OUT ?? join('out', 'web')
const server = await serve(join(root, webOut), 0)
const base = `http://127.0.0.1:${server.address().port}`
const browser = await launchChromium()

const results = []
const only = process.argv[2]
const specs = readdirSync(here)
  .filter((f) => f.endsWith('.e2e.mjs') && (!only || f.includes(only)))
  .sort()

for (const spec of specs) {
  const tests = await load(pathToFileURL(join(here, spec)).href)
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'es-ES' })
  const page = await context.newPage()
  page.setDefaultTimeout(15000)
  const problems = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`)
  })
  const url = (path = '/') => `${base}${path}`
  let broken = false
  for (const t of tests) {
    const name = `${spec} › ${t.name}`
    const t0 = Date.now()
    if (broken) {
      results.push({
        name,
        status: 'failed',
        duration: 0,
        error: 'not run: an earlier test of this spec failed'
      })
      console.log(`  - ${name} (not run)`)
      continue
    }
    try {
      await t.fn({ page, url, artifacts })
      // Issue 21 bug 8: no raw catalogue key, rules code or unfilled {placeholder} on screen, ever.
      if (!page.isClosed())
        for (const raw of await rawTextOnScreen(page))
          if (process.env.E2E_RAW_TEXT_REPORT) console.log(`    raw text on screen: ${raw}`)
          else problems.push(`raw text on screen: ${raw}`)
      if (problems.length) throw new Error(problems.splice(0).join('\n'))
      results.push({ name, status: 'passed', duration: Date.now() - t0 })
      console.log(`  ✓ ${name} (${Date.now() - t0} ms)`)
    } catch (error) {
      broken = true
      const shot = join(artifacts, `${spec}-${results.length}.png`)
      await page.screenshot({ path: shot }).catch(() => {})
      const message = error instanceof Error ? error.message : String(error)
      results.push({
        name,
        status: 'failed',
        duration: Date.now() - t0,
        error: message,
        screenshot: relative(root, shot)
      })
      console.log(`  ✗ ${name} (${Date.now() - t0} ms)\n    ${message.split('\n').join('\n    ')}`)
    }
  }
  await context.close()
}

await browser.close()
server.close()

const numPassedTests = results.filter((r) => r.status === 'passed').length
const numFailedTests = results.length - numPassedTests
const seconds = ((Date.now() - started) / 1000).toFixed(1)
writeFileSync(
  process.env.EMBOSCADA_WEB_OUT ? join(root, `${webOut}-e2e.json`) : join(root, 'out', 'e2e.json'),
  JSON.stringify({ numPassedTests, numFailedTests, seconds, tests: results }, null, 2)
)
console.log(`e2e: ${numPassedTests} passed, ${numFailedTests} failed in ${seconds} s`)
process.exit(numFailedTests > 0 || results.length === 0 ? 1 : 0)
