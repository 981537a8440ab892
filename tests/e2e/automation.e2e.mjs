// Issue 7, running a fight: the Pathfinder sample in solo mode (the heroes are the player's, the goblins
// the AI's) until a goblin provokes an attack of opportunity from a hero and the reaction prompt offers the
// AI's suggested answer; then dice automation "off": a hero's attack asks for its dice by hand, and the log
// shows the entered faces as "(a mano)"; GM mode with the AI's suggestions; and dice "off" while the AI
// plays: a goblin's step waits for its dice (a cancel pauses the AI), and its roll is logged "(a mano)".
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { assert, test } from './harness.mjs'
import { clickCell, logTexts, positionOf, stateHash, waitForMap } from './helpers.mjs'

const pf = JSON.parse(
  readFileSync(new URL('../../resources/campaigns/pathfinder1e-sample.json', import.meta.url), 'utf8')
)
const encounter = `#/c/${pf.id}/${pf.encounters[0].id}`
const goblins = pf.encounters[0].initial.combatants.filter((c) => c.side !== 'heroes').map((c) => c.id)

/** Fills every die the open dice dialog asks (the first with `first`, the rest with 2s) and rolls. */
async function fillDice(page, first) {
  const dice = page.getByTestId('dice-entry-die')
  const sides0 = Number(await dice.first().getAttribute('data-sides'))
  await page.getByTestId('dice-entry-face-0').fill(String(Math.min(first, sides0)))
  // A 20 threatens: the confirmation and the damage dice are asked after it.
  for (let i = 1; i < 12; i++) {
    await page.waitForTimeout(50)
    if (i >= (await dice.count())) break
    const sides = Number(await dice.nth(i).getAttribute('data-sides'))
    await page.getByTestId(`dice-entry-face-${i}`).fill(String(Math.min(2, sides)))
  }
  await page.getByTestId('dice-entry-confirm').click()
  await page.getByTestId('dice-entry').waitFor({ state: 'hidden' })
}

/** Opens the automation panel (a collapsed details element) if it is closed. */
async function openPanel(page) {
  const panel = page.getByTestId('automation-panel')
  if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
}

test('the Pathfinder sample opens in solo mode: the heroes are the player, the goblins the AI', async ({
  page,
  url
}) => {
  await page.goto(url(`/?fast=1${encounter}`))
  await waitForMap(page)
  await openPanel(page)
  await page.getByTestId('mode-solo').check()
  assert(await page.getByTestId('mode-solo').isChecked(), 'solo mode is on')
  assert((await page.getByTestId('mode-hero-side').inputValue()) === 'heroes', 'the player has the heroes')
  await page.getByTestId('start-encounter').click()
})

test("a goblin provokes a hero: the reaction prompt marks the AI's suggested answer", async ({
  page,
  artifacts
}) => {
  const panel = page.getByTestId('decision-panel')
  let turnsEnded = 0
  for (let i = 0; i < 200 && !(await panel.isVisible()); i++) {
    const end = page.getByTestId('end-activation')
    if ((await end.isVisible()) && (await end.isEnabled())) {
      await end.click()
      turnsEnded++
    }
    await page.waitForTimeout(100)
  }
  await panel.waitFor()
  assert(turnsEnded >= 2, `the heroes played turns before the prompt (${turnsEnded})`)
  assert(
    /oportunidad/i.test(await page.getByTestId('decision-question').textContent()),
    'an attack of opportunity'
  )
  const suggested = page.locator('[data-testid=decision-panel] [data-suggested=true]')
  assert((await suggested.count()) === 1, "the AI's answer is marked")
  await page.screenshot({ path: join(artifacts, 'automation-reaction.png') })
  const before = await stateHash(page)
  await suggested.click()
  await page.getByTestId('combat-log').getByText('Decidido').first().waitFor()
  assert((await stateHash(page)) !== before, 'the answer moved the fight on')
})

test('with dice automation off, a hero attack asks for its dice and the log says they were by hand', async ({
  page,
  artifacts
}) => {
  await openPanel(page)
  await page.getByTestId('automation-dice').selectOption('off')
  const dialog = page.getByTestId('dice-entry')
  // A hero's turn with a goblin in reach: click each goblin until the attack is offered; else pass the turn.
  let attacked = false
  for (let turn = 0; turn < 40 && !attacked; turn++) {
    await page
      .locator('[data-testid=end-activation], [data-testid=decision-panel], [data-testid=dice-entry]')
      .first()
      .waitFor({ timeout: 60000 })
    // A goblin's step that rolls waits for its dice now too (the last test looks at that).
    if (await dialog.isVisible()) {
      await fillDice(page, 10)
      continue
    }
    if (await page.getByTestId('decision-panel').isVisible()) {
      // Another reaction: passing rolls nothing; any other answer has its dice asked by hand now.
      const pass = page.getByTestId('decision-choice-pass')
      if (await pass.isVisible()) await pass.click()
      else await page.locator('[data-testid=decision-panel] button').first().click()
      await page.waitForTimeout(100)
      if (await dialog.isVisible()) await fillDice(page, 10)
      continue
    }
    for (const id of goblins) {
      const row = page.getByTestId(`roster-${id}`)
      if (!(await row.count()) || /\bout\b/.test((await row.getAttribute('class')) ?? '')) continue
      await clickCell(page, await positionOf(page, id))
      const button = page.getByTestId('attack-attack')
      if ((await button.count()) && (await button.isEnabled())) {
        await button.click()
        attacked = true
        break
      }
    }
    if (!attacked) await page.getByTestId('end-activation').click()
  }
  assert(attacked, 'a hero attacked a goblin')
  await dialog.waitFor()
  const first = page.getByTestId('dice-entry-die').first()
  assert((await first.getAttribute('data-sides')) === '20', 'the first die asked is the d20')
  assert(await page.getByTestId('dice-entry-confirm').isDisabled(), 'nothing rolls before the faces are in')
  // A natural 20 hits whatever the armour: the confirmation and damage dice are asked after it.
  await page.getByTestId('dice-entry-face-0').fill('20')
  await page.getByTestId('dice-entry-face-1').waitFor()
  await page.screenshot({ path: join(artifacts, 'automation-dice-entry.png') })
  await fillDice(page, 20)
  const log = (await logTexts(page)).join('\n')
  assert(/\(a mano: 20\)/.test(log), 'the attack roll is logged with its entered face')
  assert(/\(a mano: 2\)/.test(log), 'the damage dice too')
  await page.screenshot({ path: join(artifacts, 'automation-log.png') })
})

test('settings survive a reload; GM mode with "AI suggests" waits for the GM, and Y accepts', async ({
  page,
  url,
  artifacts
}) => {
  await page.goto(url(`/?fast=1${encounter}`))
  await waitForMap(page)
  await openPanel(page)
  assert(
    (await page.getByTestId('automation-dice').inputValue()) === 'off',
    'dice "off" was saved with the campaign'
  )
  await page.getByTestId('automation-dice').selectOption('auto')
  await page.getByTestId('mode-gm').check()
  await page.getByTestId('mode-side-goblins').selectOption('suggests')
  const before = await stateHash(page)
  // The heroes are the GM's now, the goblins the AI's suggestions: pass the heroes until a goblin's plan waits.
  const accept = page.getByTestId('ai-accept')
  for (let i = 0; i < 60 && !(await accept.isVisible()); i++) {
    const end = page.getByTestId('end-activation')
    if ((await end.isVisible()) && (await end.isEnabled())) await end.click()
    await page.waitForTimeout(100)
  }
  await accept.waitFor()
  const roster = await page.getByTestId('turn-panel').textContent()
  assert(!/Jugador/.test(roster), 'no figure is left to a player in GM mode')
  await page.screenshot({ path: join(artifacts, 'automation-gm-suggest.png') })
  const log = (await logTexts(page)).length
  await page.locator('body').press('y')
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=log-line]').length > n, log)
  assert((await stateHash(page)) !== before, 'the accepted suggestion was played')
})

test('dice off with the AI playing: a goblin attack waits for its dice, a cancel pauses the AI', async ({
  page,
  artifacts
}) => {
  await openPanel(page)
  await page.getByTestId('automation-dice').selectOption('off')
  await page.getByTestId('mode-side-goblins').selectOption('plays')
  const names = pf.encounters[0].initial.combatants.filter((c) => c.side !== 'heroes').map((c) => c.name)
  const dialog = page.getByTestId('dice-entry')
  const what = page.getByTestId('dice-entry-what')
  // The heroes are the GM's: pass them (and any reaction) until an AI goblin's command asks for its dice.
  for (let i = 0; i < 300 && !(await what.isVisible()); i++) {
    if (await dialog.isVisible()) {
      // A GM's command that rolls (a reaction answer): its dice by hand too.
      await fillDice(page, 10)
      continue
    }
    const pass = page.getByTestId('decision-choice-pass')
    if (await pass.isVisible()) await pass.click()
    const end = page.getByTestId('end-activation')
    if ((await end.isVisible()) && (await end.isEnabled())) await end.click()
    await page.waitForTimeout(100)
  }
  await what.waitFor()
  const title = await page.locator('#dice-entry-title').textContent()
  assert(/\(IA\)/.test(title), `the title says the dice are the AI's (${title})`)
  const actor = names.find((n) => title.includes(n))
  assert(actor, `the title names the goblin (${title})`)
  const plan = await what.textContent()
  assert(plan.includes(actor), `the dialog says what the goblin does (${plan})`)
  await page.screenshot({ path: join(artifacts, 'automation-ai-dice.png') })
  const before = await stateHash(page)

  // Cancel: nothing is played and the AI waits, paused; resuming asks for the same step's dice again.
  await page.getByTestId('dice-entry-cancel').click()
  await page.getByTestId('ai-paused').waitFor()
  assert((await stateHash(page)) === before, 'a cancelled entry plays nothing')
  await page.getByTestId('ai-resume').click()
  await what.waitFor()
  assert((await what.textContent()) === plan, 'the AI asks again for the step it chose')

  await fillDice(page, 20)
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('[data-testid=log-line]')].some(
        (l) => l.textContent.includes(`${name},`) && /\(a mano: \d+\)/.test(l.textContent)
      ),
    actor
  )
  assert((await stateHash(page)) !== before, "the goblin's step was played with the entered dice")
  await page.screenshot({ path: join(artifacts, 'automation-ai-dice-log.png') })
})
