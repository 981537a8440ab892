// Pathfinder 1e in the console (issue 9): the Goblin ambush opens with a surprise round the goblins play
// alone; a hero's turn shows the standard/move/swift/5-ft budget, previews moves in feet with the band
// legend, and spends the standard action on total defense.
import { readFileSync } from 'node:fs'
import { assert, test } from './harness.mjs'
import {
  hoverCell,
  logTexts,
  positionOf,
  stateHash,
  text,
  waitForHumanOrEnd,
  waitForMap
} from './helpers.mjs'

const pf = JSON.parse(
  readFileSync(new URL('../../resources/campaigns/pathfinder1e-sample.json', import.meta.url), 'utf8')
)
const encounter = `#/c/${pf.id}/${pf.encounters[0].id}`
const heroes = pf.encounters[0].initial.combatants.filter((c) => c.side === 'heroes')

test('the Goblin ambush opens with a surprise round only the goblins play', async ({ page, url }) => {
  await page.goto(url(`/?fast=1${encounter}`))
  await waitForMap(page)
  await page.getByTestId('start-encounter').click()
  await waitForHumanOrEnd(page)
  const log = await logTexts(page)
  const roundTwo = log.findIndex((line) => /Ronda 2/.test(line))
  assert(roundTwo > 0, 'the surprise round ended before any hero acted')
  const surprise = log.slice(0, roundTwo).join('\n')
  for (const hero of heroes)
    assert(!surprise.includes(`se activa ${hero.name}`), `${hero.name} did not act in the surprise round`)
})

test("a hero's turn shows the Pathfinder budget: standard, move, swift, 5-ft step", async ({ page }) => {
  for (const key of ['standard', 'move', 'swift', 'step']) {
    const chip = page.getByTestId(`economy-${key}`)
    assert(await chip.isVisible(), `the ${key} chip is shown`)
    assert((await chip.getAttribute('data-available')) === 'true', `${key} is available at the turn start`)
  }
  assert(await page.getByTestId('map-legend').isVisible(), 'the single/double move legend is shown')
})

test('hovering a free square previews the move in feet', async ({ page }) => {
  const name = await text(page, 'active-name')
  const hero = heroes.find((h) => h.name === name)
  assert(hero, `the active figure ${name} is a hero`)
  const at = await positionOf(page, hero.id)
  let previewed = ''
  for (const [dx, dy] of [
    [-1, 0],
    [0, 1],
    [0, -1],
    [-2, 0],
    [-1, 1],
    [-1, -1],
    [1, 0]
  ]) {
    await hoverCell(page, { x: at.x + dx, y: at.y + dy })
    await page.waitForTimeout(150)
    const info = await text(page, 'hover-info')
    if (/\d+ pies/.test(info)) {
      previewed = info
      break
    }
  }
  assert(previewed, 'some square next to the hero previews a move in feet')
})

test('total defense spends the standard action and is logged', async ({ page }) => {
  const before = await stateHash(page)
  await page.getByTestId('own-action-totalDefense').click()
  await page
    .getByTestId('combat-log')
    .getByText(/defensa total/i)
    .first()
    .waitFor()
  assert(
    (await page.getByTestId('economy-standard').getAttribute('data-available')) === 'false',
    'standard spent'
  )
  assert((await stateHash(page)) !== before, 'the state moved on')
})
