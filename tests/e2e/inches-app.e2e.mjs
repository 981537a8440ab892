// The canal fight of the Carnevale sample in the web build, on the inches map with the real rules: the
// encounter opens on a table measured in inches, dragging the active figure reads the distance and moves it,
// and a reload comes back to the same state. Uses resources/campaigns/carnevale-sample.json once it is
// bundled; until then it imports a campaign made from the ruleset's sample encounter.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { assert, assertEqual, test } from './harness.mjs'
import { positionOf, stateHash, text, waitForHumanOrEnd } from './helpers.mjs'

const bundled = new URL('../../resources/campaigns/carnevale-sample.json', import.meta.url)

/** The campaign holding the canal fight, and whether the app seeds it by itself. */
async function canalCampaign() {
  if (existsSync(bundled)) return { campaign: JSON.parse(readFileSync(bundled, 'utf8')), seeded: true }
  const { carnevaleSampleEncounter } = await import('../../rules/systems/carnevale/sample.ts')
  const { stateHash: hashOf } = await import('../../rules/core/hash.ts')
  const initial = carnevaleSampleEncounter()
  const encounter = { id: initial.id, name: initial.name, initial, commands: [], stateHash: hashOf(initial) }
  const campaign = { schemaVersion: 1, id: 'carnevale-canal', name: 'Carnevale', system: 'carnevale' }
  return { campaign: { ...campaign, encounters: [encounter] }, seeded: false }
}

const { campaign, seeded } = await canalCampaign()
const canal = campaign.encounters.find((e) => e.id === 'canal-fight') ?? campaign.encounters[0]
const figures = canal.initial.combatants

/** Page coordinates of a table point in board units, through the test hook. */
async function point(page, p) {
  const box = await page.locator('[data-testid=battlemap] canvas').boundingBox()
  const at = await page.evaluate((q) => window.__emboscada.cellCenter(q), p)
  if (!box || !at) throw new Error('no battlemap on the page')
  return { x: box.x + at.x, y: box.y + at.y }
}

test('the canal fight opens on the inches map', async ({ page, url }) => {
  await page.goto(url('/?fast=1'))
  if (!seeded) {
    const buffer = Buffer.from(JSON.stringify(campaign), 'utf8')
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'canal.json', mimeType: 'application/json', buffer })
    await page.getByTestId('import-done').waitFor()
  }
  await page.goto(url(`/?fast=1#/c/${encodeURIComponent(campaign.id)}/${encodeURIComponent(canal.id)}`))
  await page
    .locator('[data-testid=battlemap][data-board=inches][data-renderer]:not([data-renderer=""])')
    .waitFor()
  await page.getByTestId('start-encounter').click()
  await waitForHumanOrEnd(page)
  assert(await page.getByTestId('end-activation').isVisible(), 'a person plays a figure of the Bauta')
})

test('dragging the active figure reads the distance in inches, and releasing moves it', async ({
  page,
  artifacts
}) => {
  const name = await text(page, 'active-name')
  const mover = figures.find((c) => c.name === name)
  assert(mover, `the active figure ${name} is in the sample`)
  const from = await positionOf(page, mover.id)
  const start = await point(page, from)
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  // the first of a few 2–3″ steps the rules take (a building or the canal may be in the way of some)
  let legal = false
  for (const [dx, dy] of [
    [20, -20],
    [-20, -20],
    [20, 20],
    [-20, 20],
    [30, 0],
    [-30, 0]
  ]) {
    const to = await point(page, { x: from.x + dx, y: from.y + dy })
    await page.mouse.move(to.x, to.y, { steps: 2 })
    const chip = page.getByTestId('inches-measure')
    if ((await chip.count()) && !(await chip.getAttribute('class'))?.includes('refused')) {
      legal = true
      break
    }
  }
  assert(legal, 'some short drag is a legal move')
  const measure = await text(page, 'inches-measure')
  assert(/^\d+(,\d)?″/.test(measure), `the chip reads inches (${measure})`)
  assert((await text(page, 'hover-info')).startsWith(`Mover: ${measure}`), 'the status line reads the move')
  await page.screenshot({ path: join(artifacts, 'inches-app-drag.png') })
  await page.mouse.up()
  await page.getByTestId('inches-measure').waitFor({ state: 'detached' })
  const to = await positionOf(page, mover.id)
  assert(to.x !== from.x || to.y !== from.y, `${name} moved (${JSON.stringify(to)})`)
})

/** Where the roster says a figure stands, as a page point on the map. */
async function figurePoint(page, id) {
  return point(page, await positionOf(page, id))
}

/** Drags the active figure from where it stands to a table point (board units) and releases it. */
async function dragTo(page, id, to) {
  const a = await figurePoint(page, id)
  const b = await point(page, to)
  await page.mouse.move(a.x, a.y)
  await page.mouse.down()
  await page.mouse.move(b.x, b.y, { steps: 3 })
  await page.mouse.up()
}

test('the Arcabucero shoots the Madre Salobre: odds per weapon, then the roll in the log', async ({
  page,
  artifacts
}) => {
  await page.getByTestId('end-activation').click()
  await waitForHumanOrEnd(page)
  await page.getByTestId('activate-archibugiere').click()
  const at = await figurePoint(page, 'madre')
  await page.mouse.click(at.x, at.y)
  await page.getByTestId('odds-panel').waitFor()
  assertEqual(await text(page, 'attack-combat'), 'Combate: Arcabuz', 'the weapon is named, not numbered')
  assert(/^P\(éxito\)$/.test((await page.locator('[data-testid=odds-panel] dt').first().textContent()) ?? ''))
  await page.getByTestId('odds-exact-toggle').click()
  assert(/\d+\/\d+/.test(await text(page, 'odds-combat-hit')), 'the hit odds are an exact fraction')
  assert(
    (await page.locator('[data-testid^=odds-combat-loss-]').count()) > 1,
    'the Life lost, value by value'
  )
  await page.screenshot({ path: join(artifacts, 'inches-app-odds.png') })
  await page.getByTestId('attack-combat').click()
  await page.getByTestId('log-line').filter({ hasText: 'Arcabucero, tirada de Ataque' }).first().waitFor()
  const roll = (await page.getByTestId('log-line').allTextContents()).find((l) =>
    l.includes('Arcabucero, tirada de Ataque')
  )
  assert(
    /Arcabucero, tirada de Ataque: \d+ dados → Destino/.test(roll ?? ''),
    `the roll with its dice (${roll})`
  )
})

test('a reload comes back to the same state on the inches map', async ({ page, artifacts }) => {
  const before = await stateHash(page)
  const positions = await Promise.all(figures.map((c) => positionOf(page, c.id)))
  await page.reload()
  await page
    .locator('[data-testid=battlemap][data-board=inches][data-renderer]:not([data-renderer=""])')
    .waitFor()
  assertEqual(await stateHash(page), before, 'the same state hash')
  assertEqual(await Promise.all(figures.map((c) => positionOf(page, c.id))), positions, 'the same positions')
  await page.screenshot({ path: join(artifacts, 'inches-app-reload.png') })
})

/**
 * Plays on until a Bauta figure is to act (or the fight ends), answering every question the AI's attacks
 * put to the Bauta with its first choice after checking it reads as words. Returns how many it answered.
 */
async function playOnToHuman(page, artifacts) {
  let answered = 0
  for (let step = 0; step < 12; step++) {
    const next = '[data-testid=end-activation], [data-testid=result-banner], [data-testid=decision-panel]'
    // Only a shown control counts: a hidden one first in document order would time the wait out.
    await page.locator(next).filter({ visible: true }).first().waitFor({ timeout: 60000 })
    const panel = page.getByTestId('decision-panel')
    if (!(await panel.isVisible())) return answered
    const words = await panel.innerText()
    assert(!/combat:\d|\bpass\b|spadaccina|madre|#/.test(words), `the decision reads as words: ${words}`)
    // Whichever Bauta figure the AI attacks is asked, so any of their weapons may be named.
    assert(/Combate: \S+/.test(words), `an attack choice names the weapon: ${words}`)
    await page.screenshot({ path: join(artifacts, 'inches-app-decision.png') })
    answered++
    await page.locator('[data-testid^=decision-choice-]').first().click()
  }
  return answered
}

/** Board units per inch on the canal table, and the water the Espadachina should not charge into. */
const unitsPerInch = canal.initial.board.inches.unitsPerInch
const water = canal.initial.board.inches.pieces.filter((p) => p.kind === 'water')
const inWater = (p) => water.some((w) => p.x >= w.x && p.x <= w.x + w.w && p.y >= w.y && p.y <= w.y + w.h)
/** Centre distance at which two bases touch, in board units (a hair under, so the move ends in contact). */
const touching = (a, b) => Math.floor((((a.baseMm ?? 30) + (b.baseMm ?? 30)) / 2 / 25.4) * unitsPerInch)

/** The Laguna figure on dry ground nearest the Espadachina, if two Moves (2 × 6″) can reach it. */
async function foeInReach(page) {
  const me = figures.find((f) => f.id === 'spadaccina')
  const from = await positionOf(page, 'spadaccina')
  let best = null
  for (const foe of figures.filter((f) => f.side !== me.side)) {
    const at = await positionOf(page, foe.id)
    if (inWater(at)) continue
    const d = Math.hypot(from.x - at.x, from.y - at.y)
    if (d - touching(me, foe) > 11.5 * unitsPerInch) continue
    if (!best || d < best.d) best = { foe, at, from, d }
  }
  return best
}

test('a charge and a Guard: the AI acts and its decisions for the Bauta read as words', async ({
  page,
  artifacts
}) => {
  // The AI side plays in between and may already attack a Bauta figure, which asks its player first.
  let decisions = 0
  let target = null
  // Activations pass (the Bauta end theirs) until a Laguna figure stands within a charge of the Espadachina.
  for (let turn = 0; turn < 20 && !target; turn++) {
    await page.getByTestId('end-activation').click()
    decisions += await playOnToHuman(page, artifacts)
    if (await page.getByTestId('result-banner').isVisible()) break
    const name = await text(page, 'active-name')
    if (name === 'Espadachina' || (await page.getByTestId('activate-spadaccina').isVisible()))
      target = await foeInReach(page)
  }
  assert(target, 'a Laguna figure came within two Moves of the Espadachina')
  if ((await text(page, 'active-name')) !== 'Espadachina')
    await page.getByTestId('activate-spadaccina').click()
  // two Moves toward it: the second ends in base contact, a Charge
  const { foe, at, from, d } = target
  const toward = (gap) => ({
    x: Math.round(at.x + ((from.x - at.x) * gap) / d),
    y: Math.round(at.y + ((from.y - at.y) * gap) / d)
  })
  const contact = touching(
    figures.find((f) => f.id === 'spadaccina'),
    foe
  )
  await dragTo(page, 'spadaccina', toward(Math.max(contact, d - 5.5 * unitsPerInch)))
  await page.getByTestId('log-line').filter({ hasText: 'Espadachina se mueve' }).first().waitFor()
  await dragTo(page, 'spadaccina', toward(contact))
  // a move that ends in contact is a Charge: the person is asked which opportunity attack it makes
  const charge = page.getByTestId('decision-panel')
  await charge.waitFor()
  const asked = await charge.innerText()
  assert(
    asked.includes(`Carga de Espadachina contra ${foe.name}`),
    `the charge question names both: ${asked}`
  )
  assert(/Combate: Estoque/.test(asked) && !/combat:\d|#/.test(asked), `its choices read as words: ${asked}`)
  await page.screenshot({ path: join(artifacts, 'inches-app-charge.png') })
  await page.locator('[data-testid^=decision-choice-]').first().click()
  await page
    .getByTestId('log-line')
    .filter({ hasText: `Espadachina ataca a ${foe.name}` })
    .first()
    .waitFor()
  await page.getByTestId('own-action-guard').click()
  await page.getByTestId('log-line').filter({ hasText: 'Espadachina: Guardia' }).first().waitFor()
  for (let step = 0; step < 8 && decisions === 0; step++) {
    decisions += await playOnToHuman(page, artifacts)
    if (decisions > 0 || (await page.getByTestId('result-banner').isVisible())) break
    await page.getByTestId('end-activation').click()
  }
  assert(decisions > 0, 'the AI side raised a decision for a figure of the Bauta')
})
