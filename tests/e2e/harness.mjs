// A minimal serial test harness for the e2e specs: `test(name, fn)` registers, the runner runs.

/** @typedef {{ page: import('playwright-core').Page, url: (path?: string) => string, artifacts: string }} TestContext */

const registered = []
let currentFile = ''

/** Spec files that want a first run (the tour included); the others start with the tour already seen. */
const firstRunFiles = new Set()
const prepared = new WeakSet()

/** Called at the top of a spec: its page sees the app as a brand-new user does, first-run tour and all. */
export function firstRun() {
  firstRunFiles.add(currentFile)
}

/** Before a spec's first test: unless it asked for a first run, mark the tour seen in its fresh profile. */
async function prepare(file, page) {
  if (firstRunFiles.has(file) || prepared.has(page)) return
  prepared.add(page)
  // The tour is a modal dialog over the campaign list: specs about something else start as a returning user.
  await page.addInitScript(() => {
    try {
      if (localStorage.getItem('emboscada:tour') === null) localStorage.setItem('emboscada:tour', 'e2e')
    } catch {
      // about:blank and other opaque origins have no storage.
    }
  })
}

/** Registers a test of the spec file being loaded; tests of a file share one page and run in order. */
export function test(name, fn) {
  const file = currentFile
  registered.push({
    file,
    name,
    fn: async (context) => {
      await prepare(file, context.page)
      return fn(context)
    }
  })
}

/** Loads a spec module and returns the tests it registered. */
export async function load(file) {
  currentFile = file
  const before = registered.length
  await import(file)
  return registered.slice(before)
}

/** Throws with `message` unless `condition` holds. */
export function assert(condition, message) {
  if (!condition) throw new Error(message)
}

/** Throws unless the two values are deeply equal (by JSON). */
export function assertEqual(actual, expected, message) {
  const a = JSON.stringify(actual)
  const e = JSON.stringify(expected)
  if (a !== e) throw new Error(`${message}\n  expected ${e.slice(0, 400)}\n  actual   ${a.slice(0, 400)}`)
}
