// Page helpers for the e2e specs: the battlemap is a canvas, so squares are clicked through the
// read-only test hook `window.__emboscada.cellCenter`.
import { readFileSync } from 'node:fs'

/** A ruleset's bundled sample campaign (`resources/campaigns/<system>-sample.json`), as the app seeds it. */
export function sampleCampaign(system) {
  return JSON.parse(
    readFileSync(new URL(`../../resources/campaigns/${system}-sample.json`, import.meta.url), 'utf8')
  )
}

/** The bundled sample campaign the specs play by default. */
export const sample = sampleCampaign('minecraft')

/** The localStorage key the web build keeps a campaign under. */
export const campaignKey = (id) => `emboscada:campaign:${id}`

/**
 * Puts `campaign` in the web build's localStorage (a page of the app must be open for that) and opens it in
 * fast mode: its page, or `below` it (e.g. `/<encounter>/map`).
 */
export async function openCampaign(page, url, campaign, below = '') {
  await page.goto(url('/?fast=1'))
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [campaignKey(campaign.id), JSON.stringify(campaign)]
  )
  await page.goto(url(`/?fast=1#/c/${campaign.id}${below}`))
}

/** Page coordinates of a square's centre. */
export async function cellPoint(page, cell) {
  const box = await page.locator('[data-testid=battlemap] canvas').boundingBox()
  const center = await page.evaluate((c) => window.__emboscada.cellCenter(c), cell)
  if (!box || !center) throw new Error('no battlemap on the page')
  return { x: box.x + center.x, y: box.y + center.y }
}

/** Moves the pointer over a square. */
export async function hoverCell(page, cell) {
  const p = await cellPoint(page, cell)
  await page.mouse.move(p.x - 3, p.y - 3)
  await page.mouse.move(p.x, p.y)
}

/** Clicks a square. */
export async function clickCell(page, cell) {
  const p = await cellPoint(page, cell)
  await page.mouse.move(p.x, p.y)
  await page.mouse.click(p.x, p.y)
}

/** The text of a test id, trimmed. */
export async function text(page, testId) {
  return ((await page.getByTestId(testId).first().textContent()) ?? '').trim()
}

/** Every combat log line's text. */
export async function logTexts(page) {
  return page.getByTestId('log-line').allTextContents()
}

/** The determinism fingerprint of the open encounter. */
export function stateHash(page) {
  return page.evaluate(() => window.__emboscada.stateHash())
}

/** Waits until the battlemap has a renderer (pixi initialised). */
export async function waitForMap(page) {
  await page.locator('[data-testid=battlemap][data-renderer]:not([data-renderer=""])').waitFor()
}

/** Waits until a person may act (the AI has finished its steps) or the fight is over. */
export async function waitForHumanOrEnd(page, timeout = 60000) {
  await page.locator('[data-testid=end-activation], [data-testid=result-banner]').first().waitFor({ timeout })
}

/** A square as the map labels it (column letters, 1-based row): { x: 3, y: 5 } → D6. */
export function squareName({ x, y }) {
  let n = x + 1
  let column = ''
  for (; n > 0; n = Math.floor((n - 1) / 26)) column = String.fromCharCode(65 + ((n - 1) % 26)) + column
  return `${column}${y + 1}`
}

/** Where the roster says a figure stands now. */
export async function positionOf(page, id) {
  const row = page.getByTestId(`roster-${id}`)
  return { x: Number(await row.getAttribute('data-x')), y: Number(await row.getAttribute('data-y')) }
}
