// Prints one plain `N passed, N failed` line from the unit (vitest JSON) and e2e reports.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
for (const file of ['out/vitest.json', 'out/e2e.json']) {
  if (!existsSync(file)) continue
  const report = JSON.parse(readFileSync(file, 'utf8'))
  passed += report.numPassedTests ?? 0
  failed += report.numFailedTests ?? 0
}
console.log(`${passed} passed, ${failed} failed`)
