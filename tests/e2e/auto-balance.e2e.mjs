// Auto-balance in the encounter builder (issue 16 §7) on the Minecraft sample, with a small game budget
// (`?balanceGames=2`: screens of 2 games, finalists of 6): the settings panel asks for 20 % for the heroes,
// the search runs in a Web Worker while the page stays usable, two or three proposals appear with their
// win % and interval, and "Apply" saves the chosen one as a new version of the encounter.
import { join } from 'node:path'
import { assert, test } from './harness.mjs'
import { campaignKey, sampleCampaign } from './helpers.mjs'

const campaign = sampleCampaign('minecraft')
const encounter = campaign.encounters[0]
const GAMES = 2

const saved = async (page) =>
  JSON.parse(await page.evaluate((key) => localStorage.getItem(key), campaignKey(campaign.id)))

test('auto-balance proposes versions near the target and applies one as a new version', async ({
  page,
  url,
  artifacts
}) => {
  await page.goto(url('/?fast=1'))
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key, value)
      // The live estimate off: its workers would share the two cores with the search.
      localStorage.setItem('emboscada:builder.liveDifficulty', 'off')
    },
    [campaignKey(campaign.id), JSON.stringify(campaign)]
  )
  await page.goto(url(`/?fast=1&balanceGames=${GAMES}#/c/${campaign.id}`))
  await page.getByTestId(`encounter-settings-${encounter.id}`).click()
  const panel = page.getByTestId('encounter-settings-panel')
  const balance = panel.getByTestId('auto-balance')
  await balance.waitFor()
  assert((await balance.getAttribute('data-status')) === 'idle', 'nothing runs before it is asked')

  // Out-of-range targets are brought back to 5..95.
  await balance.getByTestId('balance-target').fill('120')
  await balance.getByTestId('balance-target').press('Tab')
  assert((await balance.getByTestId('balance-target').inputValue()) === '95', 'the target is capped at 95')
  await balance.getByTestId('balance-target').fill('20')
  await balance.getByTestId('balance-target').press('Tab')

  const t0 = Date.now()
  await balance.getByTestId('balance-run').click()
  await balance.getByTestId('balance-progress').waitFor()
  // The page answers while the worker plays: the settings' controls still respond.
  await panel.getByTestId('level-zombie-1').selectOption('hard')
  await panel.getByTestId('level-zombie-1').selectOption('normal')
  await page.waitForFunction(
    () => document.querySelector('[data-testid=auto-balance]')?.getAttribute('data-status') === 'done',
    undefined,
    { timeout: 240000, polling: 200 }
  )
  const seconds = (Date.now() - t0) / 1000
  const games = Number(await balance.getAttribute('data-done'))
  console.log(`    auto-balance: ${games} games in ${seconds.toFixed(1)} s`)

  const proposals = balance.locator('[data-testid^=balance-proposal-]')
  const n = await proposals.count()
  assert(n >= 1 && n <= 3, `one to three proposals: ${n}`)
  for (let i = 0; i < n; i++) {
    const text = (await proposals.nth(i).textContent()).trim()
    assert(
      /\d+(,\d+)?\s%\s\(IC 95 %: \d+(,\d+)?\s%–\d+(,\d+)?\s%, \d+ partidas\)/.test(text),
      `proposal ${i} shows its win % and interval: ${text}`
    )
    assert(/(añadir|quitar|cambiar) /.test(text), `proposal ${i} says what it changes: ${text}`)
  }
  const verdict = await balance.getByTestId('balance-verdict').textContent()
  assert(/20\s%/.test(verdict), `the verdict names the target: ${verdict}`)
  await balance.screenshot({ path: join(artifacts, 'auto-balance.png') })

  // Apply the first: a new version of the encounter with the proposal's figures; the original unchanged.
  const before = await saved(page)
  await balance.getByTestId('balance-apply-0').click()
  await balance.getByTestId('balance-status').filter({ hasText: 'La mina abandonada (v2)' }).waitFor()
  const after = await saved(page)
  assert(after.encounters.length === before.encounters.length + 1, 'one encounter more')
  const v2 = after.encounters.find((e) => e.name === 'La mina abandonada (v2)')
  assert(v2 && v2.commands.length === 0 && v2.initial.phase === 'setup', 'the version starts in setup')
  const ids = (e) => e.initial.combatants.map((c) => `${c.id}@${c.pos.x},${c.pos.y}`).join(' ')
  const original = after.encounters.find((e) => e.id === encounter.id)
  assert(ids(original) === ids(encounter), 'the original keeps its figures')
  assert(ids(v2) !== ids(encounter), `the version has the proposal's figures: ${ids(v2)}`)
  // The new version is listed on the campaign page.
  await page.getByTestId(`encounter-settings-${v2.id}`).waitFor()
})

test('auto-balance can be cancelled', async ({ page, url }) => {
  await page.goto(url('/?fast=1'))
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key, value)
      localStorage.setItem('emboscada:builder.liveDifficulty', 'off')
    },
    [campaignKey(campaign.id), JSON.stringify(campaign)]
  )
  await page.goto(url(`/?fast=1&balanceGames=50#/c/${campaign.id}`))
  await page.getByTestId(`encounter-settings-${encounter.id}`).click()
  const balance = page.getByTestId('auto-balance')
  await balance.getByTestId('balance-run').click()
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid=auto-balance]')?.getAttribute('data-done')) >= 1,
    undefined,
    { timeout: 60000, polling: 100 }
  )
  await balance.getByTestId('balance-cancel').click()
  await balance.getByTestId('balance-cancelled').waitFor({ timeout: 30000 })
  assert((await balance.getByTestId('balance-run').count()) === 1, 'it can be run again')
})
