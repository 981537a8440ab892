// HQ2 in the same console: a monster's attack on a hero halts for the player's defence choice, which the
// decision panel offers with the rules' default; answering resumes the AI's turn.
import { readFileSync } from 'node:fs'
import { assert, test } from './harness.mjs'
import { logTexts, stateHash, waitForMap } from './helpers.mjs'

const hq2 = JSON.parse(
  readFileSync(new URL('../../resources/campaigns/hq2-sample.json', import.meta.url), 'utf8')
)
const encounter = `#/c/${hq2.id}/${hq2.encounters[0].id}`

test('the HQ2 sample opens in the same console with its movement points', async ({ page, url }) => {
  await page.goto(url(`/?fast=1${encounter}`))
  await waitForMap(page)
  await page.getByTestId('start-encounter').click()
  await page.getByTestId('end-activation').waitFor()
  assert((await page.getByTestId('active').textContent()).includes('movimiento'), 'HQ2 shows movement points')
})

test('a monster attacking a hero asks the player for a defence, default marked', async ({ page }) => {
  const panel = page.getByTestId('decision-panel')
  for (let i = 0; i < 60 && !(await panel.isVisible()); i++) {
    const end = page.getByTestId('end-activation')
    if ((await end.isVisible()) && (await end.isEnabled())) await end.click()
    await page.waitForTimeout(150)
  }
  await panel.waitFor()
  assert(
    (await page.getByTestId('decision-question').textContent()).includes('atacad'),
    'it says who is attacked'
  )
  assert(
    (await page.getByTestId('decision-choice-basic').textContent()).includes('por defecto'),
    'basic defence is the default'
  )
})

test('answering resumes the attack: the log shows the answer and the dice', async ({ page }) => {
  const before = await stateHash(page)
  await page.getByTestId('decision-choice-basic').click()
  // The AI may attack again at once and ask anew, so wait for the answer in the log, not for the panel to go.
  await page.getByTestId('combat-log').getByText('Decidido').first().waitFor()
  const log = (await logTexts(page)).join('\n')
  assert(/d6|calavera|escudo/i.test(log), 'the combat dice are in the log')
  assert((await stateHash(page)) !== before, 'the fight moved on')
})
