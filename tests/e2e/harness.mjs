// A minimal serial test harness for the e2e specs: `test(name, fn)` registers, the runner runs.

/** @typedef {{ page: import('playwright-core').Page, url: (path?: string) => string, artifacts: string }} TestContext */

const registered = []
let currentFile = ''

/** Registers a test of the spec file being loaded; tests of a file share one page and run in order. */
export function test(name, fn) {
  registered.push({ file: currentFile, name, fn })
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
