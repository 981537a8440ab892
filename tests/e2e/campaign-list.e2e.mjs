// The campaign list (issue 7, "Campaigns and prep"): a brand-new user sees the tour and skips it, creates a
// campaign choosing its ruleset, renames it, duplicates it, deletes the copy and undoes that, exports a campaign
// and imports the file back, finds "Continue" pointing at the last opened campaign after a reload, and reads
// the list in English. Screenshots go to the artifacts.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { assert, assertEqual, firstRun, test } from './harness.mjs'

firstRun()

const pathfinder = JSON.parse(
  readFileSync(new URL('../../resources/campaigns/pathfinder1e-sample.json', import.meta.url), 'utf8')
)

const textOf = async (locator) => ((await locator.textContent()) ?? '').trim()
const toast = (page) => page.getByTestId('campaign-toast-text')
/** The campaign ids in the order the list shows them. */
const listedIds = (page) =>
  page
    .locator('[data-testid=campaign-list] li.card')
    .evaluateAll((cards) => cards.map((c) => c.dataset.testid))

test('a first visit shows the tour, which steps back and forth and can be skipped', async ({
  page,
  url,
  artifacts
}) => {
  await page.goto(url('/?fast=1'))
  const tour = page.getByTestId('tour')
  await tour.waitFor()
  assertEqual(await textOf(page.getByTestId('tour-step')), 'Paso 1 de 4', 'the tour starts at its first step')
  await page.getByTestId('tour-next').click()
  assertEqual(await textOf(page.getByTestId('tour-title')), 'Campañas de ejemplo', 'step 2 is the samples')
  // The keyboard works too: Enter on the focused Next, then Back.
  await page.keyboard.press('Enter')
  assertEqual(await tour.getAttribute('data-step'), '3', 'Enter on Next goes on')
  await page.screenshot({ path: join(artifacts, 'campaign-list-tour.png') })
  await page.getByTestId('tour-back').click()
  assertEqual(await tour.getAttribute('data-step'), '2', 'Back goes back')
  await page.getByTestId('tour-skip').click()
  await tour.waitFor({ state: 'detached' })
  // Seen: a reload does not bring it back; the top bar's button replays it and Esc closes it.
  await page.reload()
  await page.getByTestId(`open-${pathfinder.id}`).waitFor()
  assert(!(await tour.isVisible()), 'the tour stays closed once skipped')
  await page.getByTestId('tour-open').click()
  await tour.waitFor()
  await page.keyboard.press('Escape')
  await tour.waitFor({ state: 'detached' })
  // Replayed to the Pathfinder step, the tour opens that sample for the GM.
  await page.getByTestId('tour-open').click()
  await page.getByTestId('tour-next').click()
  await page.getByTestId('tour-next').click()
  await page.getByTestId('tour-open-sample').click()
  await tour.waitFor({ state: 'detached' })
  await page.waitForURL(new RegExp(`#/c/${pathfinder.id}$`))
  await page.getByTestId(`simulate-encounter-${pathfinder.encounters[0].id}`).waitFor()
  await page.goto(url('/?fast=1'))
  await page.getByTestId(`open-${pathfinder.id}`).waitFor()
})

test('create a campaign choosing its ruleset; a blank name is refused in words', async ({ page }) => {
  await page.getByTestId('new-campaign').click()
  const systems = await page.getByTestId('new-campaign-system').locator('option').allTextContents()
  assertEqual(
    systems.map((s) => s.trim()),
    ['Pathfinder 1.ª ed.', 'HeroQuest 2', 'Minecraft (miniaturas de papel)', 'Athkri', 'Carnevale'],
    'the five rulesets by their Spanish names'
  )
  await page.getByTestId('new-campaign-name').fill('   ')
  await page.getByTestId('new-campaign-create').click()
  const refusal = await textOf(page.getByTestId('new-campaign-error'))
  assert(refusal.includes('el nombre debe tener entre 1 y 120 caracteres'), `blank name refused: ${refusal}`)
  await page.getByTestId('new-campaign-name').fill('Noche en Venecia')
  await page.getByTestId('new-campaign-system').selectOption('carnevale')
  await page.getByTestId('new-campaign-create').click()
  const card = page.getByTestId('campaign-noche-en-venecia')
  await card.waitFor()
  assert((await textOf(card)).includes('Carnevale · 0 encuentros'), 'the new card shows its ruleset')
  assertEqual(await textOf(toast(page)), 'Se creó «Noche en Venecia».', 'the toast confirms it')
})

test('rename in place: Enter saves, Esc cancels', async ({ page }) => {
  await page.getByTestId('rename-noche-en-venecia').click()
  const field = page.getByTestId('rename-field-noche-en-venecia')
  await field.fill('Carnaval veneciano')
  await field.press('Enter')
  await field.waitFor({ state: 'detached' })
  assertEqual(
    await textOf(page.getByTestId('campaign-name-noche-en-venecia')),
    'Carnaval veneciano',
    'renamed'
  )
  await page.getByTestId('rename-noche-en-venecia').click()
  await field.fill('Not this one')
  await field.press('Escape')
  await field.waitFor({ state: 'detached' })
  assertEqual(
    await textOf(page.getByTestId('campaign-name-noche-en-venecia')),
    'Carnaval veneciano',
    'Esc kept it'
  )
})

test('duplicate, delete the copy, and undo the delete', async ({ page, artifacts }) => {
  await page.getByTestId('duplicate-noche-en-venecia').click()
  const copy = page.getByTestId('campaign-carnaval-veneciano-copia')
  await copy.waitFor()
  assertEqual(
    await textOf(page.getByTestId('campaign-name-carnaval-veneciano-copia')),
    'Carnaval veneciano (copia)',
    'the copy is named in Spanish'
  )
  const before = await page.evaluate(() =>
    localStorage.getItem('emboscada:campaign:carnaval-veneciano-copia')
  )
  await page.getByTestId('delete-carnaval-veneciano-copia').click()
  await copy.waitFor({ state: 'detached' })
  assertEqual(await textOf(toast(page)), 'Se borró «Carnaval veneciano (copia)».', 'the delete toast')
  await page.screenshot({ path: join(artifacts, 'campaign-list-undo.png') })
  // The deleted card took the focus with it: the keyboard lands on Undo, and Enter takes it.
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))
  assertEqual(focused, 'undo-delete', 'focus moves to Undo')
  await page.keyboard.press('Enter')
  await copy.waitFor()
  const after = await page.evaluate(() => localStorage.getItem('emboscada:campaign:carnaval-veneciano-copia'))
  assertEqual(after, before, 'undo brought back exactly the same campaign')
  // Deleted again and left: after the undo window it is out of the list, and kept in the trash.
  await page.getByTestId('delete-carnaval-veneciano-copia').click()
  await copy.waitFor({ state: 'detached' })
  const trashed = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('emboscada:trash:'))
  )
  assert(trashed.length > 0, 'the deleted campaign is kept in the trash')
  // The undo is offered for about ten seconds, then the toast goes by itself.
  const undo = page.getByTestId('undo-delete')
  await undo.waitFor({ state: 'detached', timeout: 12_000 })
  assert(!(await page.getByTestId('campaign-toast').isVisible()), 'the toast is gone after the undo window')
})

test('export a campaign as one JSON file and import that file back', async ({ page, artifacts }) => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`export-${pathfinder.id}`).click()
  ])
  assertEqual(download.suggestedFilename(), `${pathfinder.id}.emboscada.json`, 'the file name')
  const path = join(artifacts, download.suggestedFilename())
  await download.saveAs(path)
  const text = readFileSync(path, 'utf8')
  const stored = await page.evaluate((id) => localStorage.getItem(`emboscada:campaign:${id}`), pathfinder.id)
  assertEqual(JSON.parse(text), JSON.parse(stored), 'the file is the campaign as stored')
  assert(text.includes('\n  "id"'), 'pretty printed')
  await page.getByTestId('import-file').setInputFiles(path)
  // The campaign is already listed: the import asks (issue 21), and "keep both" adds it beside the original.
  await page.getByTestId('import-duplicate').waitFor()
  await page.getByTestId('import-keep-both').click()
  await page.getByTestId('import-done').waitFor()
  // Its id is taken by the original, so the import gets a suffix and overwrites nothing.
  await page.getByTestId(`open-${pathfinder.id}-2`).waitFor()
})

test('after a reload, "Continue" points at the last opened campaign, listed first', async ({ page, url }) => {
  await page.getByTestId('open-noche-en-venecia').click()
  await page.waitForURL(/#\/c\/noche-en-venecia/)
  await page.goto(url('/?fast=1'))
  await page.reload()
  const go = page.getByTestId('continue')
  await go.waitFor()
  assertEqual(await textOf(go), 'Continuar: Carnaval veneciano', 'Continue names the last opened')
  assertEqual((await listedIds(page))[0], 'campaign-noche-en-venecia', 'the last opened is listed first')
  await go.click()
  await page.waitForURL(/#\/c\/noche-en-venecia/)
  await page.goto(url('/?fast=1'))
  await go.waitFor()
})

test('the list switches to English', async ({ page, artifacts }) => {
  await page.getByTestId('lang-en').click()
  assertEqual(
    await textOf(page.getByTestId('continue')),
    'Continue: Carnaval veneciano',
    'Continue in English'
  )
  assertEqual(await textOf(page.getByTestId('new-campaign')), 'New campaign', 'the create button')
  assertEqual(await textOf(page.getByTestId('duplicate-noche-en-venecia')), 'Duplicate', 'a card action')
  assertEqual(await textOf(page.getByTestId('tour-open')), 'Tour', 'the tour button')
  await page.getByTestId('new-campaign').click()
  const systems = await page.getByTestId('new-campaign-system').locator('option').allTextContents()
  assert(
    systems.some((s) => s.includes('Pathfinder')),
    `ruleset names in English: ${systems.join(', ')}`
  )
  await page.screenshot({ path: join(artifacts, 'campaign-list-en.png'), fullPage: true })
  await page.keyboard.press('Escape')
  await page.getByTestId('new-campaign').waitFor()
})
