// The party and bestiary editors in the web build: open the Pathfinder sample's roster, clone a goblin from
// the rules' bestiary, edit a stat (a bad value is refused at its field, then fixed), save, reload and find
// it kept; add a party member; place the goblin on an encounter's map from the map editor.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { assert, test } from './harness.mjs'
import { campaignKey, openCampaign, sampleCampaign, waitForMap } from './helpers.mjs'

const campaign = sampleCampaign('pathfinder1e')
const encounter = campaign.encounters[0]
const storageKey = campaignKey(campaign.id)
const stored = (page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), storageKey)

test('clones, edits and keeps a goblin, adds a hero, and places the goblin on a map', async ({
  page,
  url,
  artifacts
}) => {
  await openCampaign(page, url, campaign)
  await page.getByTestId('open-roster').click()
  await page.getByTestId('roster-page').waitFor()
  assert(page.url().endsWith(`#/c/${campaign.id}/roster`), `the roster has its own route: ${page.url()}`)

  // Clone a goblin from the rules' bestiary, found by an accent-blind search.
  await page.getByTestId('roster-tab-bestiary').click()
  await page.getByTestId('roster-from-rules').click()
  await page.getByTestId('rules-search').fill('GÓBLIN')
  const clone = page.getByTestId('clone-rules-pathfinder1e:goblin')
  assert((await page.locator('[data-testid^="clone-rules-"]').count()) < 10, 'the search narrows the list')
  await clone.click()
  await page.getByTestId('roster-item-goblin').waitFor()
  await page.getByTestId('roster-status').filter({ hasText: 'Guardado' }).waitFor()
  let saved = await stored(page)
  assert(saved.bestiary?.[0]?.source === 'pathfinder1e:goblin', 'the clone names its source and is saved')

  // Import a content pack: a bad document is refused with where it is wrong, a good pack is added.
  const goblinDoc = JSON.parse(
    readFileSync(new URL('../../rules/systems/pathfinder1e/content/goblin.json', import.meta.url), 'utf8')
  )
  const chief = {
    ...goblinDoc,
    id: 'pathfinder1e:goblin-chief',
    name: { es: 'Jefe goblin', en: 'Goblin chief' }
  }
  const pack = (docs) => ({
    name: 'pack.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(docs))
  })
  await page.getByTestId('import-pack-file').setInputFiles(pack([{ ...chief, hp: 0 }]))
  const packError = page.getByTestId('import-pack-error')
  await packError.waitFor()
  const packText = (await packError.textContent()) ?? ''
  assert(
    packText.includes('documento 1') && packText.includes('«hp»'),
    `the pack error is located: ${packText}`
  )
  await page.getByTestId('import-pack-file').setInputFiles(pack([chief]))
  await page.getByTestId('roster-item-goblin-chief').waitFor()
  await page.getByTestId('import-pack-error').waitFor({ state: 'detached' })
  await page.screenshot({ path: join(artifacts, 'roster-bestiary.png') })

  // Edit a stat: a Strength of −3 is refused at its field, nothing is saved; 14 is kept.
  await page.getByTestId('roster-edit-goblin').click()
  await page.getByTestId('template-editor').waitFor()
  const str = page.getByTestId('stat-root.abilities.str')
  await str.fill('-3')
  await page.getByTestId('template-save').click()
  await page.getByTestId('template-invalid').waitFor()
  const error = page.getByTestId('stat-error-root.abilities.str')
  await error.waitFor()
  const errorText = (await error.textContent()) ?? ''
  assert(errorText.includes('mínimo es 0'), `the error is worded in Spanish at the field: ${errorText}`)
  saved = await stored(page)
  assert(saved.bestiary[0].stats.abilities.str !== -3, 'an invalid figure is never saved')
  await page.screenshot({ path: join(artifacts, 'roster-invalid.png') })
  await str.fill('14')
  await page.getByTestId('stat-error-root.abilities.str').waitFor({ state: 'detached' })
  await page.getByTestId('template-save').click()
  await page.getByTestId('template-editor').waitFor({ state: 'detached' })
  await page.getByTestId('roster-status').filter({ hasText: 'Guardado' }).waitFor()

  await page.reload()
  await page.getByTestId('roster-item-goblin').waitFor()
  saved = await stored(page)
  assert(saved.bestiary[0].stats.abilities.str === 14, 'the edited Strength is kept after a reload')

  // Add a party member by hand.
  await page.getByTestId('roster-tab-party').click()
  await page.getByTestId('roster-new').click()
  await page.getByTestId('template-name').fill('Hilda')
  await page.getByTestId('template-life').fill('12')
  await page.getByTestId('template-save').click()
  await page.getByTestId('roster-item-hilda').waitFor()
  saved = await stored(page)
  assert(saved.party?.[0]?.name === 'Hilda' && saved.party[0].lifeMax === 12, 'the hero is in the party')

  // Clone her, delete the clone, and undo the deletion.
  await page.getByTestId('roster-clone-hilda').click()
  await page.getByTestId('roster-item-hilda-2').waitFor()
  await page.getByTestId('roster-delete-hilda-2').click()
  await page.getByTestId('roster-item-hilda-2').waitFor({ state: 'detached' })
  assert((await stored(page)).party.length === 1, 'the deletion is saved')
  await page.getByTestId('roster-undo').click()
  await page.getByTestId('roster-item-hilda-2').waitFor()
  await page.getByTestId('roster-status').filter({ hasText: 'Guardado' }).waitFor()
  assert((await stored(page)).party.length === 2, 'undo brings the clone back, saved')

  // Place the bestiary's goblin on the encounter's map, on the goblins' side.
  await page.getByTestId('roster-back').click()
  await page.getByTestId(`edit-map-${encounter.id}`).click()
  await page.getByTestId('map-editor').waitFor()
  await waitForMap(page)
  await page.getByTestId('template-side').selectOption('goblins')
  await page.getByTestId('add-template-bestiary-goblin').click()
  await page.waitForFunction(() => window.__emboscada.cellCenter({ x: 0, y: 0 }) !== null)
  const box = await page.locator('[data-testid=battlemap] canvas').boundingBox()
  const at = await page.evaluate(() => window.__emboscada.cellCenter({ x: 1, y: 1 }))
  const before = await page.locator('[data-testid^="map-figure-"]').count()
  await page.mouse.click(box.x + at.x, box.y + at.y)
  // the sample has goblin-1 and goblin-2 already: the new one takes the next free id
  const placed = page.getByTestId('map-figure-goblin-3')
  await placed.waitFor()
  assert((await page.locator('[data-testid^="map-figure-"]').count()) === before + 1, 'one figure more')
  assert((await placed.getAttribute('data-x')) === '1', 'placed where clicked')
  assert((await placed.textContent())?.includes('Goblin'), 'the goblin is on the map')
  await page.screenshot({ path: join(artifacts, 'roster-map-editor.png') })
  await page.getByTestId('map-save').click()
  await page.getByTestId('map-status').filter({ hasText: 'Mapa guardado' }).waitFor()
  saved = await stored(page)
  const figure = saved.encounters[0].initial.combatants.find((c) => c.id === 'goblin-3')
  assert(figure?.side === 'goblins' && figure.controller === 'ai', `placed: ${JSON.stringify(figure?.side)}`)
  assert(figure.stats.abilities.str === 14, 'the placed goblin carries the edited stat block')
})

const SYSTEMS = ['pathfinder1e', 'hq2', 'minecraft', 'athkri', 'carnevale']

/** JSON with every object's keys sorted: equal values compare equal whatever order the form wrote them in. */
function canon(value) {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v
  )
}

test('every system’s stat block opens in the generated form and saves unchanged', async ({
  page,
  url,
  artifacts
}) => {
  for (const system of SYSTEMS) {
    const sample = sampleCampaign(system)
    const key = campaignKey(sample.id)
    await openCampaign(page, url, sample, '/roster')
    await page.getByTestId('roster-from-rules').click()
    await page.locator('[data-testid^="clone-rules-"]').first().click()
    const item = page.locator('[data-testid^="roster-item-"]').first()
    await item.waitFor()
    const id = (await item.getAttribute('data-testid')).slice('roster-item-'.length)
    const before = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)).bestiary[0], key)
    await page.getByTestId(`roster-edit-${id}`).click()
    await page.getByTestId('template-editor').waitFor()
    if (system === 'hq2') await page.screenshot({ path: join(artifacts, 'roster-hq2-editor.png') })
    await page.getByTestId('template-save').click()
    await page.getByTestId('template-editor').waitFor({ state: 'detached', timeout: 5000 })
    const after = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)).bestiary[0], key)
    assert(
      canon(after.stats) === canon(before.stats),
      `${system}: the stat block saved through the form is unchanged`
    )
  }
})
