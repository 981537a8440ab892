// The AI in the UI (issue 5): the trace panel beside the log explains the AI's decisions (signed terms,
// exact probabilities, why losers lost), the GM can confirm each plan and play another option instead,
// edit a figure's AI profile from the roster, and read it all in either language. At 1366×768.
import { join } from 'node:path'
import { assert, test } from './harness.mjs'
import { sample, text, waitForMap } from './helpers.mjs'

const encounter = `#/c/${sample.id}/${sample.encounters[0].id}`
const heroes = sample.encounters[0].initial.combatants.filter((c) => c.side === 'heroes')

/** Ends every hero's activation this round (the heroes stand still) and waits for the AI's steps to land. */
async function passHeroes(page) {
  for (const hero of heroes) {
    await page.getByTestId('active-name').filter({ hasText: hero.name }).waitFor()
    await page.getByTestId('end-activation').click()
  }
}

/** Waits until it is a hero's turn in round `round`. */
async function heroTurnOf(page, round) {
  await page
    .getByTestId('round')
    .filter({ hasText: String(round) })
    .waitFor({ timeout: 30000 })
  await page.getByTestId('end-activation').waitFor({ timeout: 30000 })
}

/** The note ids of the AI log lines that have a trace, in log order. */
async function tracedNotes(page) {
  const ids = await page
    .locator('[data-testid^=log-why-]')
    .evaluateAll((els) => els.map((e) => e.dataset.testid))
  return ids.map((id) => Number(id.slice('log-why-'.length)))
}

test('the trace panel explains the AI’s decisions: terms, probabilities, why others lost', async ({
  page,
  url,
  artifacts
}) => {
  await page.setViewportSize({ width: 1366, height: 768 })
  await page.goto(url(`/?fast=1${encounter}`))
  await waitForMap(page)
  await page.getByTestId('lang-en').click()
  await page.getByTestId('start-encounter').click()
  for (const round of [1, 2]) {
    await heroTurnOf(page, round)
    await passHeroes(page)
  }
  await heroTurnOf(page, 3)
  const panel = page.getByRole('region', { name: 'Why the AI chose' })
  assert(await panel.isVisible(), 'the trace panel is beside the log, named')
  assert((await panel.getByTestId('ai-option').count()) >= 2, 'the latest decision shows its top options')
  assert((await panel.getByTestId('ai-term').count()) >= 1, 'options show their signed terms')
  assert(
    /Normal · Brute · \d+ options weighed/.test(await text(page, 'ai-trace-who')),
    'level and personality'
  )
  // Earlier decisions are a click away in the log: find one that rests on an exact probability.
  let probability = ''
  let lost = ''
  for (const note of (await tracedNotes(page)).reverse()) {
    await page.getByTestId(`log-why-${note}`).click()
    const p = panel.getByTestId('ai-probability')
    if (!probability && (await p.count())) probability = (await p.first().textContent()) ?? ''
    const l = panel.getByTestId('ai-lost-on')
    if (!lost && (await l.count())) lost = (await l.first().textContent()) ?? ''
    if (probability && lost) break
  }
  assert(/^P\(.+\) \d+(\.\d)?%$/.test(probability.trim()), `a probability as a percentage: “${probability}”`)
  assert(/^lost on .+ by \d/.test(lost.trim()), `a loser says what it lost on: “${lost}”`)
  await page.screenshot({ path: join(artifacts, 'ai-trace.png') })
})

test('with confirmation on, the AI proposes and the GM plays another option of the trace', async ({
  page,
  artifacts
}) => {
  const confirm = page.getByRole('checkbox', { name: 'Confirm each AI plan' })
  await confirm.check()
  const before = await tracedNotes(page)
  await passHeroes(page)
  const proposal = page.getByTestId('ai-proposal')
  await proposal.waitFor()
  assert((await tracedNotes(page)).length === before.length, 'nothing is played while the plan waits')
  await page.screenshot({ path: join(artifacts, 'ai-proposal.png') })
  const second = page.getByTestId('ai-option').nth(1)
  const label = ((await second.locator('.label').textContent()) ?? '').split(' → ')[0].trim()
  await page.getByRole('button', { name: /^Play option 2:/ }).click()
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid^=log-why-]').length > n,
    before.length
  )
  const picked = (await tracedNotes(page)).at(-1)
  const line = (await text(page, `log-why-${picked}`)).replace(/\.$/, '')
  assert(line === label, `the log has the picked option’s reason: “${line}” vs “${label}”`)
  // The next step waits again: the GM takes that figure over and plays it by hand (here: ends it).
  await proposal.waitFor()
  const proposer = (await proposal.textContent())
    .split(':')[0]
    .replace(/^Plan of /, '')
    .trim()
  await page.getByRole('button', { name: 'Take over' }).click()
  await page.getByTestId('active-name').filter({ hasText: proposer }).waitFor()
  assert(await page.getByTestId('ai-taken-over').isVisible(), 'the panel says the GM plays it by hand')
  await page.getByTestId('end-activation').click()
  // The AI resumes with the next figure; switching confirmation off lets it play on.
  await proposal.waitFor()
  await confirm.uncheck()
  await page.getByTestId('end-activation').waitFor({ timeout: 30000 })
  await page.getByTestId(`log-why-${picked}`).click()
  assert(await page.getByTestId('ai-played').isVisible(), 'the trace marks the option the GM played')
})

test('the GM sets a figure’s personality, level and weights from the roster', async ({ page }) => {
  const monster = sample.encounters[0].initial.combatants.find((c) => c.controller === 'ai')
  await page.getByRole('button', { name: `Edit the AI of ${monster.name}` }).click()
  const dialog = page.getByRole('dialog', { name: `AI of ${monster.name}` })
  await dialog.waitFor()
  const personality = dialog.getByTestId('ai-profile-personality')
  const ids = await personality.locator('option').evaluateAll((os) => os.map((o) => o.value))
  const chosen = ids.at(-1)
  await personality.selectOption(chosen)
  const about = await text(page, 'ai-profile-about')
  assert(about && !about.includes('.about'), `the personality is described: “${about}”`)
  await dialog.getByTestId('ai-profile-level').selectOption('hard')
  await dialog.getByTestId('ai-weight-kill').fill('2.5')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await dialog.waitFor({ state: 'hidden' })
  // Saved on the figure: the editor opens again with the profile.
  await page.getByRole('button', { name: `Edit the AI of ${monster.name}` }).click()
  await dialog.waitFor()
  assert((await personality.inputValue()) === chosen, 'the personality was saved')
  assert((await dialog.getByTestId('ai-profile-level').inputValue()) === 'hard', 'the level was saved')
  assert((await dialog.getByTestId('ai-weight-kill').inputValue()) === '2.5', 'the weight edit was saved')
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
})

test('the trace reads in Spanish after switching the language', async ({ page, artifacts }) => {
  await page.getByTestId('lang-es').click()
  const panel = page.getByRole('region', { name: 'Por qué decide la IA' })
  await panel.waitFor()
  assert(/opciones sopesadas/.test(await text(page, 'ai-trace-who')), 'the chooser line is in Spanish')
  const terms = await panel.getByTestId('ai-term').allTextContents()
  assert(
    terms.length > 0 && terms.every((t) => /[+−]\d+,\d+$/.test(t.trim())),
    `terms in Spanish digits: ${terms}`
  )
  await page.screenshot({ path: join(artifacts, 'ai-trace-es.png') })
})
