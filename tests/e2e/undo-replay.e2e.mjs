// Undo/redo of any step, the end screen, the replay of an ended fight and the campaign's history (issue 7):
// in the Minecraft sample two actions (a move, the GM's life edit) are undone with Ctrl+Z back to the start
// hash and redone with Ctrl+Shift+Z; then the GM drops every monster to 0 life from the token HUD, the end
// screen shows, an undo takes the ending back (and its history entry), a redo ends it again; the replay bar
// steps through the fight; back on the campaign page the history lists it. Tests share one page, in order.
import { join } from 'node:path'
import { assert, assertEqual, test } from './harness.mjs'
import { cellPoint, clickCell, logTexts, positionOf, sample, stateHash, waitForMap } from './helpers.mjs'

const record = sample.encounters[0]
const initial = record.initial
const steve = initial.combatants.find((c) => c.id === 'steve')
const monsters = initial.combatants.filter((c) => c.side === 'monsters')
const storageKey = `emboscada:campaign:${sample.id}`

/** The saved campaign, as the store keeps it. */
const saved = (page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key)), storageKey)

/** Waits until the saved record holds `n` commands. */
async function savedCommands(page, n) {
  await page.waitForFunction(
    ([key, count]) => JSON.parse(localStorage.getItem(key)).encounters[0].commands.length === count,
    [storageKey, n]
  )
}

/** Presses a key with the focus on the page itself (not in a field, where Ctrl+Z edits the text). */
async function press(page, key) {
  await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur())
  await page.keyboard.press(key)
}

/** Sets a figure's life from the token HUD (the GM's `life.set`). */
async function setLife(page, id, life) {
  const at = await cellPoint(page, await positionOf(page, id))
  await page.mouse.click(at.x, at.y, { button: 'right' })
  await page.getByTestId('token-hud').waitFor()
  await page.getByTestId('token-hud-life').fill(String(life))
  await page.getByTestId('token-hud-set-life').click()
  await page.keyboard.press('Escape')
  await page.getByTestId('token-hud').waitFor({ state: 'detached' })
}

let startHash = ''
let startLog = []

test('the sample starts; undo offers nothing before the first action', async ({ page, url }) => {
  await page.goto(url(`/?fast=1#/c/${sample.id}/${record.id}`))
  await waitForMap(page)
  await page.getByTestId('start-encounter').click()
  await page.getByTestId('active-name').getByText(steve.name).waitFor()
  await page.getByTestId('history-bar').waitFor()
  assert(await page.getByTestId('history-undo').isDisabled(), 'nothing to undo right after the start')
  startHash = await stateHash(page)
  startLog = await logTexts(page)
})

test('two actions, a move and a life edit, are undone with Ctrl+Z back to the start', async ({
  page,
  artifacts
}) => {
  await clickCell(page, { x: steve.pos.x + 1, y: steve.pos.y })
  await page.getByTestId('economy-ap').getByText('2', { exact: true }).waitFor()
  await setLife(page, monsters[0].id, 1)
  await savedCommands(page, 3)
  const played = await logTexts(page)
  assert(played.length > startLog.length, 'both actions are in the log')
  await page.screenshot({ path: join(artifacts, 'undo-before.png') })

  await press(page, 'Control+z')
  await savedCommands(page, 2)
  await press(page, 'Control+z')
  await savedCommands(page, 1)
  assertEqual(await stateHash(page), startHash, 'the state is the start again')
  assertEqual(await logTexts(page), startLog, 'the actions’ log lines are gone')
  assertEqual(await positionOf(page, 'steve'), { x: steve.pos.x, y: steve.pos.y }, 'Steve is back')
  assertEqual((await saved(page)).encounters[0].stateHash, startHash, 'the save has the start’s hash')
  await page.screenshot({ path: join(artifacts, 'undo-after.png') })
})

test('Ctrl+Shift+Z redoes the move, the same as before', async ({ page }) => {
  await press(page, 'Control+Shift+z')
  await savedCommands(page, 2)
  assertEqual(await positionOf(page, 'steve'), { x: steve.pos.x + 1, y: steve.pos.y }, 'Steve moved again')
  await page.getByTestId('economy-ap').getByText('2', { exact: true }).waitFor()
  assert(await page.getByTestId('history-redo').isEnabled(), 'the life edit can still be redone')
})

test('undoing the monsters’ turn pauses the AI until the GM resumes; it then plays the same turn', async ({
  page,
  artifacts
}) => {
  // Steve and Alex end their activations: the AI plays every monster, then Steve's round 2 comes
  await page.getByTestId('end-activation').click()
  await page.getByTestId('active-name').getByText('Alex').waitFor()
  await page.getByTestId('end-activation').click()
  await page.getByTestId('round').getByText('2').waitFor()
  await page.getByTestId('end-activation').waitFor()
  const afterAi = await stateHash(page)
  const commands = (await saved(page)).encounters[0].commands.length
  await press(page, 'Control+z')
  await page.getByTestId('ai-paused').waitFor()
  const undone = (await saved(page)).encounters[0].commands.length
  assert(undone < commands - 1, `the last monster's whole activation went at once (${commands} → ${undone})`)
  await page.waitForTimeout(400)
  assertEqual((await saved(page)).encounters[0].commands.length, undone, 'the AI did not play it again')
  assertEqual(await page.getByTestId('end-activation').count(), 0, 'it is still the monster’s turn')
  await page.screenshot({ path: join(artifacts, 'undo-ai-paused.png') })
  await page.getByTestId('ai-resume').click()
  await page.getByTestId('end-activation').waitFor()
  await page.getByTestId('ai-paused').waitFor({ state: 'detached' })
  assertEqual(await stateHash(page), afterAi, 'resumed, the AI played the same turn with the same dice')
})

test('the GM drops every monster to 0: the end screen sums up the fight', async ({ page, artifacts }) => {
  for (const monster of monsters) await setLife(page, monster.id, 0)
  const screen = page.getByTestId('end-screen')
  await screen.waitFor()
  assert((await page.getByTestId('end-winner').textContent()).includes('Héroes'), 'the heroes won')
  const monstersSide = page.getByTestId('end-side-monsters')
  assertEqual(
    Number(await monstersSide.getAttribute('data-out')) +
      Number(await monstersSide.getAttribute('data-dead')),
    monsters.length,
    'every monster fell'
  )
  await page.getByTestId('end-xp').waitFor()
  await page.screenshot({ path: join(artifacts, 'end-screen.png') })
  await page.waitForFunction((key) => JSON.parse(localStorage.getItem(key)).history?.length === 1, storageKey)
})

test('an undo takes the ending back (and its history entry); a redo ends the fight again', async ({
  page
}) => {
  const commands = (await saved(page)).encounters[0].commands.length
  await press(page, 'Control+z')
  await page.getByTestId('end-screen').waitFor({ state: 'detached' })
  await savedCommands(page, commands - 1)
  assertEqual((await saved(page)).history ?? [], [], 'no entry for a fight that is not over')
  await press(page, 'Control+y')
  await page.getByTestId('end-screen').waitFor()
  await page.waitForFunction((key) => JSON.parse(localStorage.getItem(key)).history?.length === 1, storageKey)
})

test('the replay steps through the fight, read-only, and leaves it as it was', async ({
  page,
  artifacts
}) => {
  const endHash = await stateHash(page)
  const total = (await saved(page)).encounters[0].commands.length
  await page.getByTestId('end-replay').click()
  const step = page.getByTestId('replay-step')
  await step.waitFor()
  assertEqual(await step.getAttribute('data-step'), '0', 'the replay opens at the start')
  assertEqual(await step.getAttribute('data-total'), String(total), 'N is the fight’s command count')
  assertEqual(await logTexts(page), [], 'before the start nothing is logged')
  await page.getByTestId('replay-next').click()
  await page.getByTestId('replay-next').click()
  assertEqual(await step.getAttribute('data-step'), '2', 'two steps on')
  assertEqual(await positionOf(page, 'steve'), { x: steve.pos.x + 1, y: steve.pos.y }, 'step 2 has the move')
  await page.getByTestId('replay-prev').click()
  assertEqual(await positionOf(page, 'steve'), { x: steve.pos.x, y: steve.pos.y }, 'step 1 is before it')
  assertEqual(await page.getByTestId('end-activation').count(), 0, 'nothing to play while replaying')
  await page.screenshot({ path: join(artifacts, 'replay.png') })
  await page.getByTestId('replay-last').click()
  assertEqual(await step.getAttribute('data-step'), String(total), 'the last step')
  await page.getByTestId('replay-exit').click()
  await page.getByTestId('end-screen').waitFor()
  assertEqual(await stateHash(page), endHash, 'the live fight is unchanged')
})

test('back on the campaign page, the history lists the fight', async ({ page, artifacts }) => {
  await page.getByTestId('end-back').click()
  const entry = page.getByTestId(`history-entry-${record.id}`)
  await entry.waitFor()
  assert((await entry.textContent()).includes(record.name), 'the entry names the encounter')
  const card = page.locator('li.card', { has: page.getByTestId(`open-encounter-${record.id}`) })
  assert((await card.textContent()).includes('Terminado'), 'the encounter card says the fight ended')
  await page.screenshot({ path: join(artifacts, 'campaign-history.png') })
  // opening the ended fight again writes no second entry
  await page.getByTestId(`open-encounter-${record.id}`).click()
  await page.getByTestId('end-screen').waitFor()
  assertEqual((await saved(page)).history.length, 1, 'one entry per fight, after a reload too')
})
