// The inches battlemap (issue 4, Carnevale) in Chromium: the app's inches map component and drag logic on a
// 36″ × 36″ canal table (fixture figures and stand-in rules: 6″ a move, 10″ a run), built as the web build
// is built (vite, production) from tests/e2e/battlemap-harness/inches.html and served beside it. Dragging a
// figure previews the path with its length in inches, releasing moves it, a drag too far says why, a drag
// onto an enemy ends in base contact, and the tape measures edge to edge.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { assert, assertEqual, test } from './harness.mjs'
import { text } from './helpers.mjs'
import { serve } from './serve.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
let server = null

/** Builds and serves the harness page once per run; its URL. */
async function harnessUrl() {
  if (!server) {
    await build({ configFile: join(root, 'tests/e2e/battlemap-harness/vite.config.ts'), logLevel: 'warn' })
    server = await serve(join(root, 'out', 'inches-harness'), 0)
  }
  return `http://127.0.0.1:${server.address().port}/inches.html`
}

/** Page coordinates of a table point in board units (tenths of an inch). */
async function point(page, x, y) {
  const box = await page.locator('[data-testid=battlemap] canvas').boundingBox()
  const at = await page.evaluate((p) => window.__inches.pointAt(p), { x, y })
  if (!box || !at) throw new Error('no inches map on the page')
  return { x: box.x + at.x, y: box.y + at.y }
}

/** Presses at one table point and moves through the others (board units), holding the button. */
async function drag(page, from, ...through) {
  const start = await point(page, ...from)
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  for (const p of through) {
    const q = await point(page, ...p)
    await page.mouse.move(q.x, q.y)
  }
}

const figure = async (page, id) =>
  (await page.evaluate(() => window.__inches.state())).combatants.find((c) => c.id === id)

test('the canal table is drawn to scale with its figures', async ({ page, artifacts }) => {
  await page.goto(await harnessUrl())
  await page
    .locator('[data-testid=battlemap][data-board=inches][data-renderer]:not([data-renderer=""])')
    .waitFor()
  const corner = await point(page, 0, 0)
  const far = await point(page, 360, 360)
  assert(Math.abs(far.x - corner.x - (far.y - corner.y)) < 1, 'a 36″ square table is drawn square')
  assert(far.x - corner.x > 300, 'the table is fitted to the page')
  assert((await text(page, 'hover-info')).startsWith('Arrastra tu figura'), 'the hint says how to move')
  await page.screenshot({ path: join(artifacts, 'inches-board.png') })
})

test('dragging the Capitano previews the path with its length in inches; releasing moves it', async ({
  page,
  artifacts
}) => {
  await drag(page, [100, 160], [115, 175], [130, 190], [140, 200])
  // √(4² + 4²) = 5.66″ walked straight across open table, written as Spanish writes it
  assertEqual(await text(page, 'inches-measure'), '5,7″', 'the measured distance')
  assert((await text(page, 'hover-info')).startsWith('Mover: 5,7″'), 'the status line reads the move')
  await page.screenshot({ path: join(artifacts, 'inches-drag.png') })
  await page.mouse.up()
  await page.getByTestId('inches-measure').waitFor({ state: 'detached' })
  assertEqual((await figure(page, 'capitano')).pos, { x: 140, y: 200, z: 0 }, 'the Capitano moved there')
  const declared = await page.evaluate(() => window.__inches.declared())
  assertEqual(declared.at(-1)?.path?.[0], { x: 100, y: 160, z: 0 }, 'the move declared starts where he stood')
})

test('a drag too far is refused with the reason, and nothing moves', async ({ page, artifacts }) => {
  await drag(page, [140, 200], [200, 100], [320, 40])
  const measure = await text(page, 'inches-measure')
  assert(measure.includes('demasiado lejos'), `the refusal says why (${measure})`)
  await page.screenshot({ path: join(artifacts, 'inches-refused.png') })
  await page.mouse.up()
  assert((await text(page, 'hover-info')).startsWith('No se puede'), 'the status line keeps the refusal')
  assertEqual((await figure(page, 'capitano')).pos, { x: 140, y: 200, z: 0 }, 'the Capitano stayed')
})

test('a drag onto an enemy on the bridge ends in base contact; clicking it then selects the target', async ({
  page
}) => {
  await drag(page, [140, 200], [170, 180], [195, 175])
  assert((await text(page, 'hover-info')).includes('Tritone 3: carga'), 'the move is marked as a charge')
  await page.mouse.up()
  const capitano = await figure(page, 'capitano')
  assertEqual(capitano.pos.z, 10, 'the Capitano stands on the bridge deck')
  const enemy = await point(page, 195, 175)
  await page.mouse.click(enemy.x, enemy.y)
  assertEqual(await text(page, 'target-name'), 'Tritone 3', 'the enemy in contact is the target')
})

test('the tape measures edge to edge between two bases, over the 1″ grid', async ({ page, artifacts }) => {
  await page.getByTestId('toggle-grid').click()
  const capitano = await figure(page, 'capitano')
  await page.keyboard.down('Shift')
  await drag(page, [capitano.pos.x, capitano.pos.y], [220, 160], [240, 150])
  await page.mouse.up()
  await page.keyboard.up('Shift')
  assert(
    /^Cinta: \d+,\d″ borde a borde$/.test(await text(page, 'tape-reading')),
    'the tape reads edge to edge'
  )
  assertEqual((await figure(page, 'capitano')).pos, capitano.pos, 'measuring moved nobody')
  await page.screenshot({ path: join(artifacts, 'inches-tape.png') })
  server?.close()
  server = null
})
