// Issue 8 "Durability": every save keeps the version before it, the GM restores an older one from the
// campaign list, and a damaged campaign is moved aside with a plain notice and its newest good backup opened.
import { join } from 'node:path'
import { assert, assertEqual, test } from './harness.mjs'
import { clickCell, sample, text, waitForMap } from './helpers.mjs'

const key = `emboscada:campaign:${sample.id}`
const steve = sample.encounters[0].initial.combatants.find((c) => c.id === 'steve')
const savedCommands = (page) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k)).encounters[0].commands.length, key)

test('two saves, then the untouched version comes back from the backups dialog', async ({
  page,
  url,
  artifacts
}) => {
  await page.goto(url(`/?fast=1#/c/${sample.id}/${sample.encounters[0].id}`))
  await waitForMap(page)
  await page.getByTestId('start-encounter').click()
  await page.getByTestId('end-activation').waitFor()
  await clickCell(page, { x: steve.pos.x + 2, y: steve.pos.y })
  await page.waitForFunction(
    () => document.querySelector('[data-testid=economy-ap]')?.textContent?.trim() === '1'
  )
  assertEqual(await savedCommands(page), 2, 'two commands saved')

  await page.goto(url('/?fast=1'))
  await page.getByTestId(`backups-${sample.id}`).click()
  const dialog = page.getByTestId('backups-dialog')
  await dialog.waitFor()
  const entries = dialog.getByTestId('backup-entry')
  await entries.nth(1).waitFor()
  assertEqual(await entries.count(), 2, 'one backup per save')
  await dialog.screenshot({ path: join(artifacts, 'backups-dialog.png') })

  // The oldest is the sample as seeded, before the fight started.
  await entries.nth(1).getByTestId('backup-restore').click()
  await dialog.getByTestId('backup-confirm').click()
  await dialog.getByTestId('backups-restored').waitFor()
  assertEqual(await savedCommands(page), 0, 'the untouched version is current again')
  await entries.nth(2).waitFor()
  assert((await entries.first().textContent()).includes(sample.name), 'the replaced version is a backup now')

  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await page.getByTestId(`open-${sample.id}`).click()
  await page.getByTestId('campaign-page').locator('li').first().getByText('Sin empezar').waitFor()
})

test('a damaged campaign is moved aside, the GM is told, and can pick another backup', async ({
  page,
  url,
  artifacts
}) => {
  const damaged = '{"schemaVersion":1,"id":"minecraft-sample","na'
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, damaged])
  await page.goto(url('/?fast=1'))
  const notice = page.getByTestId('quarantine-notice')
  await notice.waitFor()
  const said = await notice.textContent()
  assert(
    said.includes('no se pudo abrir') && said.includes('dañado'),
    `the notice says what happened: ${said}`
  )
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('emboscada:quarantine:'))
      .map((k) => localStorage.getItem(k))
  )
  assertEqual(kept, [damaged], 'the damaged text is kept aside, not overwritten')
  assert((await text(page, 'campaign-list')).includes(sample.name), 'the newest good backup was opened')
  await page.getByTestId('quarantine-notices').screenshot({ path: join(artifacts, 'quarantine-notice.png') })
  await notice.getByTestId('quarantine-choose').click()
  await page.getByTestId('backups-dialog').getByTestId('backup-entry').first().waitFor()
  await page.getByTestId('backups-close').click()
})
