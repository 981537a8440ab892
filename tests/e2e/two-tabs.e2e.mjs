// Issue 18 "Never lose a campaign, part 2": two tabs of the web build share one localStorage. A tab whose
// campaign changed in the other tab never saves over it: it says so and reloads the campaign from storage.
import { assert, assertEqual, test } from './harness.mjs'
import { campaignKey, clickCell, sample, stateHash, text, waitForMap } from './helpers.mjs'

const encounter = sample.encounters[0]
const path = `/?fast=1#/c/${sample.id}/${encounter.id}`
const steve = encounter.initial.combatants.find((c) => c.id === 'steve')
const notice = 'Esta campaña se cambió en otra pestaña'

/** Tab B: a second page of the same browser context, so the same localStorage. */
let tabB = null
/** Page errors and console errors of tab B (the runner watches only the spec's own page). */
const problemsInB = []

const stored = (page) => page.evaluate((key) => localStorage.getItem(key), campaignKey(sample.id))
const commandsIn = (text) => JSON.parse(text).encounters[0].commands
const savedCommands = async (page) => commandsIn(await stored(page)).length
/** The commands tab A saved in the first test: the second must keep them. */
let commandsOfA = []
const actionPoints = (page) => text(page, 'economy-ap')

/** Opens tab B; `deaf`: it never hears the storage event, as when it acts before the news arrives (a race). */
async function openTabB(page, url, { deaf }) {
  tabB = await page.context().newPage()
  tabB.setDefaultTimeout(15000)
  if (deaf)
    await tabB.addInitScript(() => {
      const listen = window.addEventListener.bind(window)
      window.addEventListener = (type, ...rest) => (type === 'storage' ? undefined : listen(type, ...rest))
    })
  tabB.on('pageerror', (error) => problemsInB.push(`tab B page error: ${error.message}`))
  tabB.on('console', (msg) => {
    if (msg.type() === 'error') problemsInB.push(`tab B console error: ${msg.text()}`)
  })
  await tabB.goto(url(path))
  await waitForMap(tabB)
}

test('a tab that missed the other tab’s save is refused, says so, and reloads its progress', async ({
  page,
  url
}) => {
  await page.goto(url(path))
  await waitForMap(page)
  // B acts before the news of A's save reaches it: only its own save can tell it.
  await openTabB(page, url, { deaf: true })

  await page.getByTestId('start-encounter').click()
  await page.getByTestId('end-activation').waitFor()
  await clickCell(page, { x: steve.pos.x + 2, y: steve.pos.y })
  await page.waitForFunction(
    () => document.querySelector('[data-testid=economy-ap]')?.textContent?.trim() === '1'
  )
  assertEqual(await savedCommands(page), 2, 'tab A saved its two commands')
  const savedByA = await stored(page)
  const hashInA = await stateHash(page)
  commandsOfA = commandsIn(savedByA)

  // B still shows the fight unstarted; its start would have replaced A's two commands with one.
  await tabB.getByTestId('start-encounter').click()
  await tabB.getByTestId('error-text').getByText(notice).waitFor()
  await tabB.getByTestId('end-activation').waitFor()
  assertEqual(await stored(tabB), savedByA, 'storage still holds exactly what tab A saved')
  assertEqual(await stateHash(tabB), hashInA, 'tab B reloaded to tab A’s fight')
  assertEqual(await actionPoints(tabB), '1', 'tab B shows Steve’s move from tab A')
  assert(!(await page.getByTestId('error').isVisible()), 'tab A was told nothing: nothing changed for it')
  assertEqual(problemsInB.splice(0), [], 'no errors in tab B')
})

test('the other tab hears of a save at once and reloads without being asked', async ({ page }) => {
  // B, now current, plays on top of A's progress; A did nothing since and learns it from the storage event.
  await clickCell(tabB, { x: steve.pos.x + 3, y: steve.pos.y })
  await tabB.waitForFunction(
    (key) => JSON.parse(localStorage.getItem(key)).encounters[0].commands.length > 2,
    campaignKey(sample.id)
  )
  const savedByB = commandsIn(await stored(tabB))
  assertEqual(savedByB.slice(0, 2), commandsOfA, 'tab B’s move is saved after tab A’s two commands')

  await page.getByTestId('error-text').getByText(notice).waitFor()
  const hashInB = await stateHash(tabB)
  await page.waitForFunction((hash) => window.__emboscada.stateHash() === hash, hashInB)
  assertEqual(await savedCommands(page), savedByB.length, 'tab A saved nothing over it')
  const banner = await text(page, 'error-text')
  assertEqual(
    banner,
    'Esta campaña se cambió en otra pestaña; se ha recargado para no sobrescribir esos cambios.',
    'the notice says what happened and why'
  )
  assertEqual(problemsInB.splice(0), [], 'no errors in tab B')
  await tabB.close()
})
