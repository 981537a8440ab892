// The map editor in the web build: open the Pathfinder sample's encounter map, draw a wall run along a
// grid line and difficult terrain, drag a token, undo and redo, save, reload and find it all still there.
import { join } from 'node:path'
import { assert, test } from './harness.mjs'
import { campaignKey, openCampaign, sampleCampaign, waitForMap } from './helpers.mjs'

const campaign = sampleCampaign('pathfinder1e')
const encounter = campaign.encounters[0]
const storageKey = campaignKey(campaign.id)

/** Page coordinates of a board point in squares (fractional: 2.5, 7 is the middle of an edge). */
async function boardPoint(page, x, y) {
  const box = await page.locator('[data-testid=battlemap] canvas').boundingBox()
  const [a, b] = await page.evaluate(() => [
    window.__emboscada.cellCenter({ x: 0, y: 0 }),
    window.__emboscada.cellCenter({ x: 1, y: 1 })
  ])
  if (!box || !a || !b) throw new Error('no battlemap on the page')
  const cell = b.x - a.x
  return { x: box.x + a.x + (x - 0.5) * cell, y: box.y + a.y + (y - 0.5) * cell }
}

/** Presses the left button at one board point, drags to another and lets go. */
async function drag(page, from, to) {
  const a = await boardPoint(page, from.x, from.y)
  const b = await boardPoint(page, to.x, to.y)
  await page.mouse.move(a.x, a.y)
  await page.mouse.down()
  await page.mouse.move(b.x, b.y, { steps: 12 })
  await page.mouse.up()
}

/** What the editor counts, from its counts line. */
async function counts(page) {
  const line = page.getByTestId('map-counts')
  const read = async (name) => Number(await line.getAttribute(`data-${name}`))
  return { walls: await read('walls'), ground: await read('ground'), figures: await read('figures') }
}

async function figureAt(page, id) {
  const row = page.getByTestId(`map-figure-${id}`)
  return { x: Number(await row.getAttribute('data-x')), y: Number(await row.getAttribute('data-y')) }
}

async function openEditor(page) {
  await page.getByTestId('map-editor').waitFor()
  await waitForMap(page)
  // the board is laid out once the first view is synced
  await page.waitForFunction(() => window.__emboscada.cellCenter({ x: 0, y: 0 }) !== null)
}

test('edits an encounter map, undoes and redoes, saves, and finds it after a reload', async ({
  page,
  url,
  artifacts
}) => {
  await openCampaign(page, url, campaign)
  const edit = page.getByTestId(`edit-map-${encounter.id}`)
  assert(await edit.isEnabled(), 'a fresh encounter offers its map for editing')
  await edit.click()
  await openEditor(page)
  const before = await counts(page)
  assert(before.walls === 0 && before.ground === 0, 'the sample starts without walls or painted ground')

  // A wall run along the line between rows 6 and 7, from column 2 to column 6: five edges.
  await page.getByTestId('tool-wall').click()
  await drag(page, { x: 2.5, y: 7 }, { x: 6.5, y: 7 })
  assert(
    (await counts(page)).walls === 5,
    `a drag along a grid line drew 5 walls, not ${(await counts(page)).walls}`
  )

  // Difficult terrain with the 3×3 brush: one click paints nine squares.
  await page.getByTestId('tool-paint-difficult').click()
  await page.getByTestId('brush-3').check()
  await drag(page, { x: 15.5, y: 9.5 }, { x: 15.5, y: 9.5 })
  assert(
    (await counts(page)).ground === 9,
    `the 3×3 brush painted 9 squares, not ${(await counts(page)).ground}`
  )

  // Drag Valeria's token from (9,8) to (11,10).
  await page.getByTestId('tool-figure').click()
  await drag(page, { x: 9.5, y: 8.5 }, { x: 11.5, y: 10.5 })
  let valeria = await figureAt(page, 'valeria')
  assert(
    valeria.x === 11 && valeria.y === 10,
    `Valeria was dragged to (11,10), is at (${valeria.x},${valeria.y})`
  )

  // Undo and redo, by button and by keyboard.
  await page.getByTestId('map-undo').click()
  valeria = await figureAt(page, 'valeria')
  assert(valeria.x === 9 && valeria.y === 8, 'undo put Valeria back')
  await page.getByTestId('map-redo').click()
  assert((await figureAt(page, 'valeria')).x === 11, 'redo moved her again')
  await page.keyboard.press('Control+z')
  await page.keyboard.press('Control+z')
  assert((await counts(page)).ground === 0, 'Ctrl+Z twice undid the move and the brush stroke (one entry)')
  assert((await counts(page)).walls === 5, 'the wall run is still there')
  await page.keyboard.press('Control+Shift+Z')
  await page.keyboard.press('Control+y')
  assert((await counts(page)).ground === 9 && (await figureAt(page, 'valeria')).x === 11, 'both redone')

  await page.getByTestId('map-save').click()
  await page.getByTestId('map-status').filter({ hasText: 'Mapa guardado' }).waitFor()
  const saved = JSON.parse(await page.evaluate((key) => localStorage.getItem(key), storageKey))
  const board = saved.encounters[0].initial.board
  const run = board.walls.map((w) => `${w.x},${w.y},${w.side}`).sort()
  const expected = [2, 3, 4, 5, 6].map((x) => `${x},7,n`)
  assert(JSON.stringify(run) === JSON.stringify(expected), `the saved wall run is ${run.join(' ')}`)
  assert(board.ground.length === 9, 'the campaign holds the painted ground')

  await page.reload()
  await openEditor(page)
  const after = await counts(page)
  assert(after.walls === 5 && after.ground === 9, `after a reload: ${JSON.stringify(after)}`)
  valeria = await figureAt(page, 'valeria')
  assert(valeria.x === 11 && valeria.y === 10, 'after a reload Valeria stands where she was put')
  await page.screenshot({ path: join(artifacts, 'map-editor.png') })

  // Back to the campaign; the edited map opens in play.
  await page.getByTestId('map-back').click()
  await page.getByTestId(`open-encounter-${encounter.id}`).click()
  await waitForMap(page)
})

// A 1×1 PNG: the smallest picture a background can be.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64'
)

test('doors, a keyboard wall, a copied figure, a light, a background and a new size', async ({
  page,
  url,
  artifacts
}) => {
  await openCampaign(page, url, campaign, `/${encounter.id}/map`)
  await openEditor(page)
  const line = page.getByTestId('map-counts')

  // A door on the edge between (4,10) and (5,10): closed on the first click, open on the second.
  await page.getByTestId('tool-door').click()
  await drag(page, { x: 5, y: 10.5 }, { x: 5, y: 10.5 })
  await drag(page, { x: 5, y: 10.5 }, { x: 5, y: 10.5 })
  assert((await line.getAttribute('data-doors')) === '1', 'one door on the edge')

  // Keyboard only: the cursor to D3, its east edge, Enter puts a wall there.
  await page.getByTestId('tool-wall').click()
  await page.getByTestId('map-edit-surface').focus()
  for (const key of [
    'ArrowRight',
    'ArrowRight',
    'ArrowRight',
    'ArrowDown',
    'ArrowDown',
    'Shift+ArrowRight',
    'Enter'
  ])
    await page.keyboard.press(key)
  assert((await line.getAttribute('data-walls')) === '1', 'Enter at the cursor put a wall on its east edge')

  // A third goblin copied from the campaign's figures, put on B11.
  await page.getByTestId('add-figure-goblin-1').click()
  await drag(page, { x: 1.5, y: 10.5 }, { x: 1.5, y: 10.5 })
  const copy = page.getByTestId('map-figure-goblin-3')
  assert((await copy.getAttribute('data-x')) === '1', 'the copy stands where it was put')
  assert((await copy.textContent()).includes('Goblin 3'), 'the copy is named after its model, numbered')

  // A light area (Pathfinder reads lighting), a background picture, then a larger board.
  await page.getByTestId('tool-light').click()
  await drag(page, { x: 12.5, y: 8.5 }, { x: 12.5, y: 8.5 })
  assert((await line.getAttribute('data-lights')) === '1', 'one light area')
  await page
    .getByTestId('background-file')
    .setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: PNG_1X1 })
  await page.locator('[data-testid=map-counts][data-background=true]').waitFor()
  await page.getByTestId('map-width').fill('30')
  await page.getByTestId('map-height').fill('20')
  await page.getByTestId('map-resize').click()
  assert((await line.getAttribute('data-width')) === '30', 'the board is 30 squares wide')
  await page.getByTestId('map-save').click()
  await page.getByTestId('map-status').filter({ hasText: 'Mapa guardado' }).waitFor()
  await page.screenshot({ path: join(artifacts, 'map-editor-tools.png') })

  const saved = JSON.parse(await page.evaluate((key) => localStorage.getItem(key), storageKey))
  const board = saved.encounters[0].initial.board
  assert(
    board.width === 30 && board.doors[0].open && board.walls[0].x === 4 && board.lights.length === 1,
    `saved: ${JSON.stringify({ ...board, background: !!board.background, blocks: board.blocks.length })}`
  )

  // Once the fight has started its map is locked: the button is off and the route leads to the campaign.
  saved.encounters[0].commands = [{ type: 'encounter.start' }]
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [storageKey, JSON.stringify(saved)])
  await page.goto(url(`/?fast=1#/c/${campaign.id}`))
  assert(
    await page.getByTestId(`edit-map-${encounter.id}`).isDisabled(),
    'a started encounter cannot be edited'
  )
  await page.goto(url(`/?fast=1#/c/${campaign.id}/${encounter.id}/map`))
  await page.getByTestId('campaign-page').waitFor()
  assert(!(await page.getByTestId('map-editor').isVisible()), 'the editor did not open')
})
