// Every bundled sample campaign plays from start to end in the web build: all figures handed to the AI,
// GM questions answered with their defaults, until the result banner shows.
import { readdirSync, readFileSync } from 'node:fs'
import { stateHash } from '../../rules/core/hash.ts'
import { replay } from '../../rules/flow/engine.ts'
import { getRuleset } from '../../rules/systems/index.ts'
import { assert, test } from './harness.mjs'
import { logTexts, stateHash as pageHash, waitForMap } from './helpers.mjs'

const dir = new URL('../../resources/campaigns/', import.meta.url)
const campaigns = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')))

/** The campaign with its first encounter's figures all played by the AI. */
function allAi(campaign) {
  const [first, ...rest] = campaign.encounters
  const initial = {
    ...first.initial,
    combatants: first.initial.combatants.map((c) => ({ ...c, controller: 'ai' }))
  }
  return { ...campaign, encounters: [{ ...first, initial, stateHash: stateHash(initial) }, ...rest] }
}

for (const campaign of campaigns) {
  test(`${campaign.system}: "${campaign.name}" plays AI vs AI to its result`, async ({ page, url }) => {
    await page.goto(url('/?fast=1'))
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key, value),
      [`emboscada:campaign:${campaign.id}`, JSON.stringify(allAi(campaign))]
    )
    await page.goto(url(`/?fast=1#/c/${campaign.id}/${campaign.encounters[0].id}`))
    await waitForMap(page)
    await page.getByTestId('start-encounter').click()
    const result = page.getByTestId('result-banner')
    const deadline = Date.now() + 150_000
    while (!(await result.isVisible()) && Date.now() < deadline) {
      // The GM is the one person at this table: take the rules' default for each question.
      const confirm = page.getByTestId('decision-confirm')
      const preferred = page.locator('[data-testid=decision-panel] button.primary')
      if (await confirm.isVisible()) await confirm.click()
      else if (await preferred.first().isVisible()) await preferred.first().click()
      await page.waitForTimeout(100)
    }
    const tail = (await logTexts(page)).slice(-8).join('\n      ')
    assert(await result.isVisible(), `the fight reached its result; the log ends:\n      ${tail}`)
    // Determinism across engines: Node replays the saved commands to the hash Chromium ended with.
    const saved = await page.evaluate((key) => localStorage.getItem(key), `emboscada:campaign:${campaign.id}`)
    const record = JSON.parse(saved).encounters[0]
    const replayed = replay(record.initial, record.commands, getRuleset(record.initial.system))
    assert(
      stateHash(replayed) === (await pageHash(page)),
      'Node replays the fight to the hash Chromium shows'
    )
  })
}
