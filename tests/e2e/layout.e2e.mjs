// Usable at 1366×768 (issue 7), the smallest laptop screen a GM brings: no page scrolls sideways, the map
// keeps a useful size, and what a turn needs (the active figure, its actions, end of activation, the turn
// panel with initiative and conditions, the log) is on screen or one scroll away inside its own panel.
// Every control has a name a screen reader can say. Screenshots of each page go to the artifacts.
import { join } from 'node:path'
import { assert, test } from './harness.mjs'
import { waitForHumanOrEnd, waitForMap } from './helpers.mjs'

const artifacts = join(import.meta.dirname, 'artifacts')
const LAPTOP = { width: 1366, height: 768 }

/** Whether the document scrolls sideways (the page is wider than the window). */
const sideways = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1)

/** Buttons, links and fields with no accessible name (no text, label, aria-label or title). */
const unnamed = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea')]
      .filter((el) => el.checkVisibility())
      .filter((el) => {
        const labelled =
          el.getAttribute('aria-label') || el.getAttribute('title') || el.getAttribute('aria-labelledby')
        const text = el.textContent?.trim()
        const label = el.id && document.querySelector(`label[for="${el.id}"]`)
        return !labelled && !text && !label && !el.closest('label')
      })
      .map((el) => el.outerHTML.slice(0, 120))
  )

/** The element's box lies inside the window (it can be seen without scrolling the page). */
async function onScreen(page, testId) {
  const box = await page.getByTestId(testId).first().boundingBox()
  return (
    !!box &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= LAPTOP.width &&
    box.y + box.height <= LAPTOP.height
  )
}

test('the campaign list and a campaign page fit a 1366×768 screen', async ({ page, url }) => {
  await page.setViewportSize(LAPTOP)
  await page.goto(url('/?fast=1'))
  await page.getByTestId('open-pathfinder1e-sample').waitFor()
  assert(!(await sideways(page)), 'the campaign list does not scroll sideways')
  assert((await unnamed(page)).length === 0, `unnamed controls: ${(await unnamed(page)).join(' | ')}`)
  await page.screenshot({ path: join(artifacts, 'layout-1366-campaigns.png') })
  await page.getByTestId('open-pathfinder1e-sample').click()
  await page.getByTestId('campaign-page').waitFor()
  assert(!(await sideways(page)), 'the campaign page does not scroll sideways')
  assert((await unnamed(page)).length === 0, `unnamed controls: ${(await unnamed(page)).join(' | ')}`)
})

test('a PF fight at 1366×768: map, turn panel with initiative, actions and end of activation on screen', async ({
  page,
  url
}) => {
  await page.setViewportSize(LAPTOP)
  await page.goto(url('/?fast=1#/c/pathfinder1e-sample/pathfinder1e-goblin-ambush'))
  await waitForMap(page)
  await page.getByTestId('start-encounter').click()
  await waitForHumanOrEnd(page)
  assert(!(await sideways(page)), 'the encounter page does not scroll sideways')
  const map = await page.locator('[data-testid=battlemap] canvas').boundingBox()
  assert(map && map.width >= 560 && map.height >= 360, `the map keeps a useful size: ${JSON.stringify(map)}`)
  for (const id of ['active-name', 'end-activation'])
    assert(await onScreen(page, id), `${id} is on screen without scrolling the page`)
  const aside = await page
    .locator('.side-area')
    .evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth }))
  assert(aside.sw <= aside.cw + 1, `the side panels do not scroll sideways: ${JSON.stringify(aside)}`)
  // The turn panel sits under the active figure: one scroll of the side panel brings it into view.
  await page.getByTestId('turn-panel').scrollIntoViewIfNeeded()
  assert(await onScreen(page, 'turn-panel'), 'the turn panel scrolls into view inside the side panel')
  assert((await page.locator('[data-testid^=initiative-]').count()) > 0, 'PF shows the rolled initiative')
  assert((await unnamed(page)).length === 0, `unnamed controls: ${(await unnamed(page)).join(' | ')}`)
  await page.screenshot({ path: join(artifacts, 'layout-1366-pf-fight.png') })
})

test('a Carnevale fight (inches) at 1366×768 fits too', async ({ page, url }) => {
  await page.setViewportSize(LAPTOP)
  await page.goto(url('/?fast=1#/c/carnevale-sample/canal-fight'))
  await page.locator('[data-testid=inches-map] canvas, [data-testid=battlemap] canvas').first().waitFor()
  assert(!(await sideways(page)), 'the encounter page does not scroll sideways')
  assert(await onScreen(page, 'turn-panel'), 'the turn panel is on screen')
  await page.screenshot({ path: join(artifacts, 'layout-1366-carnevale.png') })
})
