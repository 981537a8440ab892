// A save that does not replay to its recorded hash is reported as corrupt and left untouched.
import { assert, assertEqual, test } from './harness.mjs'
import { sample, waitForMap } from './helpers.mjs'

const key = `emboscada:campaign:${sample.id}`
const encounter = `#/c/${sample.id}/${sample.encounters[0].id}`

test('a tampered save is refused with a clear error and kept as it was', async ({ page, url }) => {
  await page.goto(url(`/?fast=1${encounter}`))
  await waitForMap(page)
  await page.getByTestId('start-encounter').click()
  await page.getByTestId('end-activation').waitFor()
  const tampered = await page.evaluate((k) => {
    const campaign = JSON.parse(localStorage.getItem(k))
    campaign.encounters[0].stateHash = '0123456789abcd'
    localStorage.setItem(k, JSON.stringify(campaign))
    return localStorage.getItem(k)
  }, key)
  await page.reload()
  const error = page.getByTestId('error')
  await error.waitFor()
  assert((await error.textContent()).includes('corrupta'), 'the error says the save is corrupt')
  assertEqual(
    await page.evaluate((k) => localStorage.getItem(k), key),
    tampered,
    'the save is left as it was'
  )
  assert(await page.getByTestId('campaign-list').isVisible(), 'back on the campaign list')
})
