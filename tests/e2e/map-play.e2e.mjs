// Playing on the square map (issue 6): a copy of the Minecraft sample with a wall down the heroes' room and
// a closed door in it is imported; then drag-to-move with the live preview, an overlay, the token HUD's
// life edit, undo of a move, and a door opened from the map while the map is drawn for the heroes (the
// fog must show more). Tests share one page and run in order; a screenshot of each goes to the artifacts.
import { join } from 'node:path'
import { stateHash as nodeStateHash } from '../../rules/core/hash.ts'
import { replay } from '../../rules/flow/engine.ts'
import { getRuleset } from '../../rules/systems/index.ts'
import { assert, assertEqual, test } from './harness.mjs'
import { cellPoint, hoverCell, logTexts, positionOf, sample, stateHash, waitForMap } from './helpers.mjs'

// The wall runs along the west edges of column 4, top to bottom, with a closed door at row 5 (Steve's row).
const DOOR = { x: 4, y: 5, side: 'w' }
const record = structuredClone(sample.encounters[0])
const board = record.initial.board
board.walls = Array.from({ length: board.height }, (_, y) => ({ x: 4, y, side: 'w' })).filter(
  (w) => w.y !== 5
)
board.doors = [{ ...DOOR, open: false }]
// The record keeps the hash of the state its commands replay to; the board changed, so it is recomputed.
record.stateHash = nodeStateHash(replay(record.initial, record.commands, getRuleset(record.initial.system)))
const campaign = { ...sample, id: 'map-play', name: 'Map play', encounters: [record] }
const steve = record.initial.combatants.find((c) => c.id === 'steve')

const fogVisible = async (page) =>
  Number(await page.getByTestId('map-toolbar').getAttribute('data-fog-visible'))

test('a campaign with a door is imported and its encounter started', async ({ page, url }) => {
  await page.goto(url('/?fast=1'))
  await page.getByTestId(`open-${sample.id}`).waitFor()
  await page.getByTestId('import-file').setInputFiles({
    name: 'map-play.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(campaign), 'utf8')
  })
  await page.getByTestId('open-map-play').click()
  await page.getByTestId(`open-encounter-${record.id}`).click()
  await waitForMap(page)
  await page.getByTestId('start-encounter').click()
  await page.getByTestId('active-name').getByText(steve.name).waitFor()
  await page.getByTestId('map-toolbar').waitFor()
})

test('dragging the active token shows the path and moves it where it is dropped', async ({
  page,
  artifacts
}) => {
  const from = await cellPoint(page, steve.pos)
  const goal = { x: steve.pos.x + 1, y: steve.pos.y - 2 }
  const to = await cellPoint(page, goal)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x, (from.y + to.y) / 2, { steps: 4 })
  await page.mouse.move(to.x, to.y, { steps: 4 })
  await page.getByTestId('hover-info').getByText('PA').waitFor()
  await page.screenshot({ path: join(artifacts, 'map-play-drag-preview.png') })
  await page.mouse.up()
  await page.waitForFunction(
    ([id, y]) => Number(document.querySelector(`[data-testid=roster-${id}]`)?.getAttribute('data-y')) === y,
    ['steve', goal.y]
  )
  assertEqual(await positionOf(page, 'steve'), goal, 'Steve stands where he was dropped')
  await page.screenshot({ path: join(artifacts, 'map-play-drag-done.png') })
})

test('the move is undone with Ctrl+Z, and the bar says when nothing is left to undo', async ({ page }) => {
  await page.locator('[data-testid=battlemap]').focus()
  await page.keyboard.press('Control+z')
  await page.waitForFunction(
    ([id, y]) => Number(document.querySelector(`[data-testid=roster-${id}]`)?.getAttribute('data-y')) === y,
    ['steve', steve.pos.y]
  )
  // the autosave keeps the shortened command list: only the start is left
  await page.waitForFunction(
    () => JSON.parse(localStorage.getItem('emboscada:campaign:map-play')).encounters[0].commands.length === 1
  )
  // Only the start is left, and undo never goes back into setup: the button is off and Ctrl+Z says why.
  assert(await page.getByTestId('history-undo').isDisabled(), 'nothing left to undo')
  await page.keyboard.press('Control+z')
  await page.getByTestId('history-refused').waitFor()
})

test('Shift+click sets a waypoint the move goes through', async ({ page, artifacts }) => {
  const stop = { x: steve.pos.x, y: steve.pos.y - 1 }
  const goal = { x: steve.pos.x + 1, y: steve.pos.y - 2 }
  const at = await cellPoint(page, stop)
  await page.keyboard.down('Shift')
  await page.mouse.click(at.x, at.y)
  await page.keyboard.up('Shift')
  await page.getByTestId('map-waypoints').waitFor()
  await hoverCell(page, goal)
  await page.screenshot({ path: join(artifacts, 'map-play-waypoint.png') })
  const to = await cellPoint(page, goal)
  await page.mouse.click(to.x, to.y)
  await page.getByTestId('map-waypoints').waitFor({ state: 'detached' })
  assertEqual(await positionOf(page, 'steve'), goal, 'Steve walked through the waypoint')
  await page.keyboard.press('Control+z')
  await page.waitForFunction(
    ([id, y]) => Number(document.querySelector(`[data-testid=roster-${id}]`)?.getAttribute('data-y')) === y,
    ['steve', steve.pos.y]
  )
})

test('the threat overlay is toggled from the toolbar', async ({ page, artifacts }) => {
  const button = page.getByTestId('map-overlay-threat')
  await button.click()
  assertEqual(await button.getAttribute('aria-pressed'), 'true', 'the threat overlay is on')
  await page.getByTestId('map-overlay-sight').click()
  await page.screenshot({ path: join(artifacts, 'map-play-overlay.png') })
  await button.click()
  await page.getByTestId('map-overlay-sight').click()
  assertEqual(await button.getAttribute('aria-pressed'), 'false', 'and off again')
})

test('the ruler measures through the squares clicked', async ({ page, artifacts }) => {
  await page.getByTestId('map-tool-ruler').click()
  for (const cell of [
    steve.pos,
    { x: steve.pos.x + 3, y: steve.pos.y },
    { x: steve.pos.x + 3, y: steve.pos.y + 4 }
  ]) {
    const p = await cellPoint(page, cell)
    await page.mouse.click(p.x, p.y)
  }
  assertEqual(
    (await page.getByTestId('map-ruler').textContent())?.trim(),
    '7 casillas',
    'Chebyshev squares, leg by leg'
  )
  await page.screenshot({ path: join(artifacts, 'map-play-ruler.png') })
  await page.keyboard.press('Escape')
  await page.getByTestId('map-ruler').waitFor({ state: 'detached' })
})

test('a right-click opens the token HUD, where the GM sets life', async ({ page, artifacts }) => {
  const p = await cellPoint(page, steve.pos)
  await page.mouse.click(p.x, p.y, { button: 'right' })
  const hud = page.getByTestId('token-hud')
  await hud.waitFor()
  assertEqual(
    (await page.getByTestId('token-hud-name').textContent())?.trim(),
    steve.name,
    'the HUD names Steve'
  )
  const before = await stateHash(page)
  const lines = (await logTexts(page)).length
  await page.getByTestId('token-hud-life').fill(String(Math.max(1, steve.life - 1)))
  await page.getByTestId('token-hud-set-life').click()
  await page.waitForFunction((h) => window.__emboscada.stateHash() !== h, before)
  assert((await logTexts(page)).length > lines, 'the life change is logged')
  await page.screenshot({ path: join(artifacts, 'map-play-hud.png') })
  await page.keyboard.press('Escape')
  await hud.waitFor({ state: 'detached' })
})

test('opening the door from the map changes what the heroes see', async ({ page, artifacts }) => {
  await page.getByTestId('map-view-as').selectOption('heroes')
  await page.waitForFunction(
    () => document.querySelector('[data-testid=map-toolbar]')?.getAttribute('data-fog-visible') !== ''
  )
  const closed = await fogVisible(page)
  await page.screenshot({ path: join(artifacts, 'map-play-door-closed.png') })
  // the door's edge: halfway between the centres of the squares it separates
  const west = await cellPoint(page, { x: DOOR.x - 1, y: DOOR.y })
  const east = await cellPoint(page, { x: DOOR.x, y: DOOR.y })
  await page.mouse.click((west.x + east.x) / 2, west.y)
  await page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid=map-toolbar]')?.getAttribute('data-fog-visible')) > n,
    closed
  )
  const open = await fogVisible(page)
  assert(open > closed, `the heroes see more with the door open (${closed} → ${open})`)
  await page.screenshot({ path: join(artifacts, 'map-play-door-open.png') })
  await page.mouse.click((west.x + east.x) / 2, west.y)
  await page.waitForFunction(
    (n) =>
      Number(document.querySelector('[data-testid=map-toolbar]')?.getAttribute('data-fog-visible')) === n,
    closed
  )
  await hoverCell(page, steve.pos)
})
