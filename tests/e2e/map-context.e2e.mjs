// The square map survives a lost WebGL context (issue 6): with the fog on for the heroes, the context is
// lost on purpose (WEBGL_lose_context) and restored; the map must rebuild every texture and draw the same
// scene again, fog included, and keep answering the pointer. WebGL is forced (`renderer=webgl`): the app
// otherwise picks Canvas2D on a software rasteriser such as this machine's, and Canvas2D has no context
// to lose.
import { join } from 'node:path'
import { assert, assertEqual, test } from './harness.mjs'
import { cellPoint, sample, waitForMap } from './helpers.mjs'

const record = sample.encounters[0]
const steve = record.initial.combatants.find((c) => c.id === 'steve')
const health = (page) => page.evaluate(() => window.__emboscada.mapHealth())
const fogVisible = async (page) =>
  Number(await page.getByTestId('map-toolbar').getAttribute('data-fog-visible'))

test('a lost WebGL context is recovered: textures rebuilt, fog and tokens redrawn', async ({
  page,
  url,
  artifacts
}) => {
  await page.goto(url('/?fast=1&renderer=webgl'))
  await page.getByTestId(`open-${sample.id}`).click()
  await page.getByTestId(`open-encounter-${record.id}`).click()
  await waitForMap(page)
  assertEqual(await page.getByTestId('battlemap').getAttribute('data-renderer'), 'webgl', 'WebGL asked for')
  await page.getByTestId('start-encounter').click()
  await page.getByTestId('active-name').getByText(steve.name).waitFor()
  await page.getByTestId('map-view-as').selectOption('heroes')
  await page.waitForFunction(
    () => document.querySelector('[data-testid=map-toolbar]')?.getAttribute('data-fog-visible') !== ''
  )
  const fogBefore = await fogVisible(page)
  const map = page.getByTestId('battlemap')
  const before = await map.screenshot({ path: join(artifacts, 'map-context-before.png') })
  const healthBefore = await health(page)
  assertEqual(healthBefore.contextLosses, 0, 'no loss yet')
  assert(healthBefore.liveTextures > 0, 'the map holds textures')

  assert(await page.evaluate(() => window.__emboscada.loseMapContext()), 'the map lost its context')
  const after = await health(page)
  assertEqual(after.contextLosses, 1, 'one loss survived')
  // the textures were made again for the new context (the lost ones are gone with it)
  assert(after.liveTextures > 0, 'textures rebuilt')
  assertEqual(await fogVisible(page), fogBefore, 'the fog is the same')
  const shot = await map.screenshot({ path: join(artifacts, 'map-context-after.png') })
  // the same scene, pixel for pixel (software GL is deterministic); a blank canvas would differ
  assert(shot.equals(before), `redrawn identically (${shot.length} vs ${before.length} bytes of png)`)

  // and the map still answers: hovering a square next to Steve previews a move there
  const next = await cellPoint(page, { x: steve.pos.x + 1, y: steve.pos.y })
  await page.mouse.move(next.x, next.y)
  await page.getByTestId('hover-info').getByText('PA').waitFor()
})
