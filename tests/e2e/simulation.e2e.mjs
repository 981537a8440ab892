// Encounter prep from the campaign page: the Minecraft sample simulated in a Web Worker with a small N,
// progress while it runs, then the win odds with their interval and the charts; a second, long run is
// cancelled and still reports the games it played.
import { join } from 'node:path'
import { assert, test } from './harness.mjs'
import { openCampaign, sampleCampaign } from './helpers.mjs'

const campaign = sampleCampaign('minecraft')
const encounter = campaign.encounters[0]

test('simulates an encounter from the campaign page and cancels a second run', async ({
  page,
  url,
  artifacts
}) => {
  await openCampaign(page, url, campaign)
  await page.getByTestId(`simulate-encounter-${encounter.id}`).click()
  const panel = page.getByTestId(`sim-panel-${encounter.id}`)
  await panel.getByTestId('sim-runs').fill('6')
  await panel.getByTestId('sim-level').selectOption('hard')
  await panel.getByTestId('sim-run').click()

  // Progress shows while the worker plays (the page keeps answering: the panel reads its own state).
  await panel.getByTestId('sim-progress').waitFor()
  const result = panel.getByTestId('sim-result')
  await result.waitFor({ timeout: 40000 })
  const heroes = encounter.initial.sides[0]
  const win = await panel.getByTestId(`sim-win-${heroes.id}`).textContent()
  // "Héroes: 50 % (IC 95 %: 18,8 %–81,2 %)": a rate and an interval around it.
  assert(/\d+(,\d)?\s%.*IC 95.*\d\s%.*\d\s%/.test(win), `a win rate with its interval: ${win}`)
  assert((await panel.locator('[data-testid=sim-rounds] svg rect').count()) > 0, 'the rounds histogram')
  assert(
    (await panel.locator('[data-testid=sim-risk] svg[role=img]').getAttribute('aria-label')).includes(
      'Steve'
    ),
    'the risk chart names the heroes'
  )
  const summary = await panel.getByTestId('sim-summary').textContent()
  assert(/6 partidas/.test(summary) && /Difícil/.test(summary), `runs and level reported: ${summary}`)
  await panel.screenshot({ path: join(artifacts, 'simulation.png') })

  // A long run, cancelled once it is under way: it stops and reports the games already played.
  await panel.getByTestId('sim-runs').fill('500')
  await panel.getByTestId('sim-run').click()
  await panel
    .getByText(/^[1-9]\d* de 500 partidas/)
    .first()
    .waitFor({ timeout: 20000 })
  await panel.getByTestId('sim-cancel').click()
  const cancelled = await panel.getByTestId('sim-cancelled').textContent({ timeout: 20000 })
  const played = Number(/(\d+)/.exec(cancelled)[1])
  assert(played >= 1 && played < 500, `cancelled after some games: ${cancelled}`)
  assert(await panel.getByTestId('sim-run').isEnabled(), 'ready to run again')
})
