// Issue 18 "Never lose a campaign, part 2" in the browser: campaigns this version cannot open (a newer
// Emboscada's, or of rules it does not have) are listed read-only with the reason and never touched, and a
// save whose backup could not be kept (the storage is full) is saved and told to the GM until backups work
// again.
import { assert, assertEqual, test } from './harness.mjs'
import { campaignKey, clickCell, sample, text, waitForMap } from './helpers.mjs'

/** A newer app's campaign (format 99, a field this version never heard of) and one of unknown rules. */
const seeded = {
  [campaignKey('from-the-future')]: JSON.stringify({
    ...sample,
    schemaVersion: 99,
    id: 'from-the-future',
    name: 'Campaña del futuro',
    shinyNewField: { x: 1 }
  }),
  [campaignKey('dragons')]: JSON.stringify({ ...sample, id: 'dragons', name: 'Dragones', system: 'dnd5e' })
}

/** Every key of the origin's storage that is not an unavailable campaign's own entry, for those two ids. */
const storedFor = (page) =>
  page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((key) => /from-the-future|dragons/.test(key))
        .map((key) => [key, localStorage.getItem(key)])
    )
  )

test('a newer version’s campaign and one of unknown rules are listed read-only, with why', async ({
  page,
  url
}) => {
  await page.goto(url('/'))
  await page.getByTestId('campaign-list').waitFor()
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
  }, seeded)
  await page.reload()
  await page.getByTestId('unavailable-from-the-future').waitFor()
  assertEqual(
    await text(page, 'unavailable-reason-from-the-future'),
    'Necesita una versión más reciente de Emboscada (formato 99; esta lee hasta 1)',
    'the newer campaign says which format it needs'
  )
  assertEqual(
    await text(page, 'unavailable-reason-dragons'),
    'Reglas desconocidas: «dnd5e»',
    'the other names its rules as the file does'
  )
  assertEqual(await text(page, 'campaign-name-dragons'), 'Dragones', 'listed under its own name')
  for (const id of ['from-the-future', 'dragons'])
    assertEqual(await page.getByTestId(`unavailable-${id}`).locator('button').count(), 0, `${id}: no actions`)
  assert(await page.getByTestId(`open-${sample.id}`).isVisible(), 'the campaigns that open are still there')
  assertEqual(
    await storedFor(page),
    seeded,
    'both entries are in storage byte for byte, and nothing beside them'
  )
  assertEqual(await page.getByTestId('quarantine-notices').count(), 0, 'neither was moved aside as damaged')
})

test('opening one by its address says why, and still changes nothing', async ({ page, url }) => {
  await page.goto(url('/#/c/from-the-future'))
  await page
    .getByTestId('error-text')
    .getByText(
      'No se pudo abrir la campaña: lo escribió una versión más nueva de Emboscada (formato 99; esta lee hasta el 1)'
    )
    .waitFor()
  await page.goto(url('/?again#/c/dragons'))
  await page
    .getByTestId('error-text')
    .getByText(
      'No se pudo abrir la campaña: usa el sistema de reglas «dnd5e», que esta versión de Emboscada no conoce'
    )
    .waitFor()
  assert(await page.getByTestId('unavailable-dragons').isVisible(), 'back on the list, the card still there')
  assertEqual(await storedFor(page), seeded, 'both entries are still byte for byte as they were')
})

const steve = sample.encounters[0].initial.combatants.find((c) => c.id === 'steve')
const browserFull =
  'Guardado, pero no se pudo conservar la versión anterior como copia de seguridad (el almacenamiento del navegador está lleno). Sin copias no podrás volver atrás si algo sale mal: exporta la campaña para tener una copia.'

/** Makes the storage refuse backups, as a full one would, while `e2e:full` is set. */
function refuseBackupsWhenFull() {
  const setItem = Storage.prototype.setItem
  const getItem = Storage.prototype.getItem
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith('emboscada:backup:') && getItem.call(this, 'e2e:full') === '1')
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    return setItem.call(this, key, value)
  }
}

const setFull = (page, full) =>
  page.evaluate(
    (on) => (on ? localStorage.setItem('e2e:full', '1') : localStorage.removeItem('e2e:full')),
    full
  )
const savedCommands = (page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key)).encounters[0].commands.length,
    campaignKey(sample.id)
  )
const backupCount = (page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('emboscada:backup:')).length)

test('a save whose backup fails is kept and warned about until a backup is kept again', async ({
  page,
  url
}) => {
  await page.addInitScript(refuseBackupsWhenFull)
  await page.goto(url(`/?fast=1#/c/${sample.id}/${sample.encounters[0].id}`))
  await waitForMap(page)
  const backupsBefore = await backupCount(page)
  await setFull(page, true)

  await page.getByTestId('start-encounter').click()
  await page.getByTestId('backup-warning').waitFor()
  assertEqual(await text(page, 'backup-warning-text'), browserFull, 'the warning says what happened and why')
  assertEqual(await savedCommands(page), 1, 'the start was saved all the same')
  assertEqual(await backupCount(page), backupsBefore, 'and no backup was kept')

  await setFull(page, false)
  await clickCell(page, { x: steve.pos.x + 2, y: steve.pos.y })
  await page.getByTestId('backup-warning').waitFor({ state: 'detached' })
  assertEqual(await savedCommands(page), 2, 'the move was saved')
  assert((await backupCount(page)) > backupsBefore, 'with the previous version kept as a backup')

  // Failing again brings it back; closed by hand, it stays closed.
  await setFull(page, true)
  await clickCell(page, { x: steve.pos.x + 3, y: steve.pos.y })
  await page.getByTestId('backup-warning').waitFor()
  await page.getByTestId('backup-warning-dismiss').click()
  await page.getByTestId('backup-warning').waitFor({ state: 'detached' })
  assertEqual(await savedCommands(page), 3, 'every command was saved')
  await setFull(page, false)
})
