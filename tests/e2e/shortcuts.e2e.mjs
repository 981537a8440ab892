// Keyboard shortcuts: `?` opens the help as a modal dialog and Esc gives focus back (the map editor's
// help lists its own keys); in the sample encounter `e` ends the active figure's activation, `l` goes
// to the combat log, t/v/r/m work the map toolbar, Alt+L switches the language, and keys typed into a
// field or a dialog do nothing. Tests share one page and run in order.
import { join } from 'node:path'
import { assert, assertEqual, test } from './harness.mjs'
import { sample, text, waitForHumanOrEnd, waitForMap } from './helpers.mjs'

const encounter = sample.encounters[0]
const zombie = encounter.initial.combatants.find((c) => c.side === 'monsters')

/** The test id of the focused element ('' for none), and whether it is inside the help dialog. */
const focused = (page) =>
  page.evaluate(() => ({
    testId: document.activeElement?.getAttribute('data-testid') ?? '',
    inHelp: !!document.activeElement?.closest('[data-testid=shortcuts-help]')
  }))

/** Gives focus back to the page itself, as after a click on an empty spot. */
const blur = (page) => page.evaluate(() => document.activeElement?.blur())

/** Leaves the key handlers a moment to act, so that "nothing happened" is a real observation. */
const settle = (page) => page.waitForTimeout(300)

test('in the map editor the help lists the editor’s own keys', async ({ page, url }) => {
  await page.goto(url(`/?fast=1`))
  await page.getByTestId(`open-${sample.id}`).click()
  await page.getByTestId(`edit-map-${encounter.id}`).click()
  await page.getByTestId('map-editor').waitFor()
  await blur(page)
  await page.keyboard.press('?')
  const dialog = page.getByTestId('shortcuts-help')
  await dialog.getByTestId('shortcut-editorRedo').waitFor()
  assertEqual(await dialog.getByTestId('shortcut-endActivation').count(), 0, 'no encounter keys here')
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
})

test('on the campaign page ? opens the shortcuts help as a modal dialog', async ({ page, url }) => {
  await page.goto(url('/?fast=1'))
  await page.getByTestId(`open-${sample.id}`).click()
  const opener = page.getByTestId(`open-encounter-${encounter.id}`)
  await opener.focus()
  await page.keyboard.press('?')
  const dialog = page.getByRole('dialog', { name: 'Atajos de teclado' })
  await dialog.waitFor()
  assertEqual(await dialog.getAttribute('aria-modal'), 'true', 'the help is modal')
  assert((await focused(page)).inHelp, 'focus moves into the help')
  assert((await dialog.locator('kbd').count()) > 0, 'keys are shown as <kbd>')
  await dialog.getByTestId('shortcut-language').waitFor()
  assertEqual(await dialog.getByTestId('shortcut-endActivation').count(), 0, 'no encounter keys here')
})

test('Esc closes the help and focus returns to where it was; ? toggles it', async ({ page }) => {
  await page.keyboard.press('Escape')
  await page.getByTestId('shortcuts-help').waitFor({ state: 'detached' })
  assertEqual((await focused(page)).testId, `open-encounter-${encounter.id}`, 'focus is back on the opener')
  await page.keyboard.press('?')
  await page.getByTestId('shortcuts-help').waitFor()
  await page.keyboard.press('?')
  await page.getByTestId('shortcuts-help').waitFor({ state: 'detached' })
})

test('in the encounter the help lists the turn and map keys and fits 1366×768', async ({
  page,
  artifacts
}) => {
  await page.setViewportSize({ width: 1366, height: 768 })
  await page.getByTestId(`open-encounter-${encounter.id}`).click()
  await waitForMap(page)
  await page.getByTestId('start-encounter').click()
  await page.getByTestId('active-name').getByText('Steve').waitFor()
  await page.getByTestId('shortcuts-open').click()
  const dialog = page.getByTestId('shortcuts-help')
  await dialog.getByTestId('shortcut-endActivation').waitFor()
  await dialog.getByTestId('shortcut-undoMove').waitFor()
  assertEqual(await dialog.getByTestId('shortcut-template').count(), 0, 'Minecraft has no area templates')
  const box = await dialog.boundingBox()
  assert(box && box.y >= 0 && box.y + box.height <= 768 && box.width <= 1366, `fits: ${JSON.stringify(box)}`)
  const scrolls = await dialog.evaluate((d) => d.scrollHeight > d.clientHeight + 1)
  assert(!scrolls, 'every shortcut is visible without scrolling')
  await page.screenshot({ path: join(artifacts, 'shortcuts-help.png') })
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  assertEqual(await text(page, 'active-name'), 'Steve', 'Esc in the help changes nothing behind it')
})

test('l goes to the combat log, and e typed into its search ends nothing', async ({ page }) => {
  await blur(page)
  await page.keyboard.press('l')
  const search = page.getByTestId('log-search')
  const target = (await search.count()) ? 'log-search' : 'combat-log'
  assertEqual((await focused(page)).testId, target, 'l focuses the log')
  if (target === 'log-search') {
    await page.keyboard.type('e')
    assertEqual(await search.inputValue(), 'e', 'the e is typed into the search')
    await settle(page)
    assertEqual(await text(page, 'active-name'), 'Steve', 'typing e ends no activation')
    await search.fill('')
  }
})

test('e typed into a field of the view or of a dialog ends nothing', async ({ page }) => {
  await page.getByTestId('map-view-as').focus()
  await page.keyboard.press('e')
  await settle(page)
  assertEqual(await text(page, 'active-name'), 'Steve', 'e in a select ends no activation')
  await page.getByTestId(`edit-ai-${zombie.id}`).click()
  const editor = page.getByTestId('ai-profile-editor')
  await editor.locator('input[type=number]').first().focus()
  await page.keyboard.press('e')
  await page.keyboard.press('?')
  await settle(page)
  assertEqual(await page.getByTestId('shortcuts-help').count(), 0, 'no help over another dialog')
  await editor.getByTestId('ai-profile-cancel').click()
  await editor.waitFor({ state: 'detached' })
  assertEqual(await text(page, 'active-name'), 'Steve', 'e in a dialog ends no activation')
})

test('t, v, r and m work the map toolbar for the active figure', async ({ page }) => {
  await blur(page)
  const pressed = (id) => page.getByTestId(id).getAttribute('aria-pressed')
  for (const [key, id] of [
    ['t', 'map-overlay-threat'],
    ['v', 'map-overlay-sight'],
    ['r', 'map-tool-ruler']
  ]) {
    assertEqual(await pressed(id), 'false', `${id} starts off`)
    await page.keyboard.press(key)
    await page.locator(`[data-testid=${id}][aria-pressed=true]`).waitFor()
    await page.keyboard.press(key)
    await page.locator(`[data-testid=${id}][aria-pressed=false]`).waitFor()
  }
  const minimap = page.getByTestId('map-minimap')
  const before = await minimap.isChecked()
  await page.keyboard.press('m')
  await page.waitForFunction(
    (was) => document.querySelector('[data-testid=map-minimap]')?.checked !== was,
    before
  )
  await page.keyboard.press('m')
  assertEqual(await minimap.isChecked(), before, 'm toggles the minimap back')
})

test('e ends the active figure’s activation', async ({ page }) => {
  await blur(page)
  await page.keyboard.press('e')
  await page.waitForFunction(
    () => document.querySelector('[data-testid=active-name]')?.textContent?.trim() !== 'Steve',
    null,
    { timeout: 15000 }
  )
  await waitForHumanOrEnd(page)
})

test('Alt+L switches the interface to English and back', async ({ page }) => {
  await blur(page)
  await page.keyboard.press('Alt+L')
  await page.waitForFunction(() => document.documentElement.lang === 'en')
  assertEqual(await page.getByTestId('lang-en').getAttribute('aria-pressed'), 'true', 'English is chosen')
  assertEqual(
    await page.getByTestId('shortcuts-open').getAttribute('title'),
    'Keyboard shortcuts (?)',
    'in English'
  )
  await page.keyboard.press('?')
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor()
  await page.keyboard.press('Escape')
  await page.keyboard.press('Alt+L')
  await page.waitForFunction(() => document.documentElement.lang === 'es')
})
