// Importing campaign files in the web build (issue 8, "Bad input"): a valid file joins the list; a file with a
// `__proto__` key, one with a wrong ruleset id and one that is not JSON are each refused in plain words in the
// chosen language, with the English detail behind a <details>, and browser storage left exactly as it was.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { assert, assertEqual, test } from './harness.mjs'

const pathfinder = JSON.parse(
  readFileSync(new URL('../../resources/campaigns/pathfinder1e-sample.json', import.meta.url), 'utf8')
)
const imported = { ...pathfinder, id: 'imported-pathfinder', name: 'Imported Pathfinder' }
const sampleText = JSON.stringify(pathfinder)

/** A file for the hidden input, as the browser's picker would hand it over. */
const file = (name, text) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text, 'utf8') })

/** Every campaign entry in browser storage, to prove a refused import wrote nothing. */
const storageSnapshot = (page) =>
  page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])))

/** Picks a file in the import input and waits for the outcome line (success or refusal). */
async function pick(page, picked) {
  await page.getByTestId('import-file').setInputFiles(picked)
  await page.locator('[data-testid=import-done], [data-testid=import-error]').waitFor()
}

const errorText = async (page) => ((await page.getByTestId('import-error-text').textContent()) ?? '').trim()

test('a valid campaign file is imported and appears in the list', async ({ page, url }) => {
  await page.goto(url('/?fast=1'))
  // The seeded samples listed: the store is open.
  await page.getByTestId(`open-${pathfinder.id}`).waitFor()
  await page.getByTestId('lang-en').click()
  await pick(page, file('my-campaign.json', '\uFEFF' + JSON.stringify(imported)))
  const done = ((await page.getByTestId('import-done').textContent()) ?? '').trim()
  assertEqual(done, 'Imported “Imported Pathfinder”.', 'the success line names the campaign')
  await page.getByTestId('open-imported-pathfinder').waitFor()
  // The same file again: the import asks (issue 21); keeping both gives the copy a suffix, nothing is overwritten.
  await page.getByTestId('import-file').setInputFiles(file('my-campaign.json', JSON.stringify(imported)))
  await page.getByTestId('import-duplicate').waitFor()
  await page.getByTestId('import-keep-both').click()
  await page.getByTestId('import-done').waitFor()
  await page.getByTestId('open-imported-pathfinder-2').waitFor()
})

test('refused files are worded in English, change nothing, and keep the detail', async ({
  page,
  artifacts
}) => {
  const before = await storageSnapshot(page)
  const proto = `{"__proto__":{"polluted":true},${sampleText.slice(1)}`
  await pick(page, file('proto.json', proto))
  assertEqual(
    await errorText(page),
    'Could not import “proto.json”: it contains the forbidden key “__proto__” (at $)',
    'the __proto__ refusal'
  )
  assert(!(await page.evaluate(() => 'polluted' in {})), 'Object.prototype untouched')

  const wrongSystem = JSON.stringify({ ...pathfinder, id: 'wrong-system', system: 'dnd5e' })
  await pick(page, file('dnd.json', wrongSystem))
  assertEqual(
    await errorText(page),
    'Could not import “dnd.json”: it uses the rule system “dnd5e”, which this version of Emboscada does not know',
    'the wrong ruleset refusal'
  )

  await pick(page, file('notes.json', 'These are my notes, not a campaign.'))
  assertEqual(
    await errorText(page),
    'Could not import “notes.json”: it is not JSON (is it an Emboscada campaign file?)',
    'the not-JSON refusal'
  )
  const details = page.locator('[data-testid=import-error] details')
  await details.locator('summary').click()
  const detail = (await page.getByTestId('import-error-detail').textContent()) ?? ''
  assert(detail.startsWith('not valid JSON'), `the technical detail is shown: ${detail}`)
  await page.screenshot({ path: join(artifacts, 'import-refused-en.png') })

  assertEqual(await storageSnapshot(page), before, 'browser storage unchanged by three refused imports')
  assert(!(await page.getByTestId('open-wrong-system').isVisible()), 'the refused campaign is not listed')
})

test('switching to Spanish re-words the refusal, and a new one comes in Spanish', async ({
  page,
  artifacts
}) => {
  await page.getByTestId('lang-es').click()
  assertEqual(
    await errorText(page),
    'No se pudo importar «notes.json»: no es JSON (¿es un archivo de campaña de Emboscada?)',
    'the same refusal in Spanish'
  )
  const wrongSystem = JSON.stringify({ ...pathfinder, id: 'wrong-system', system: 'dnd5e' })
  await pick(page, file('dnd.json', wrongSystem))
  assertEqual(
    await errorText(page),
    'No se pudo importar «dnd.json»: usa el sistema de reglas «dnd5e», que esta versión de Emboscada no conoce',
    'the wrong ruleset refusal in Spanish'
  )
  await page.screenshot({ path: join(artifacts, 'import-refused-es.png') })
})
