// The combat log as a GM uses it mid-fight: filter chips (rolls only), an accent-blind search with its
// count, and the export of the whole log as Markdown and text. Tests share one page and run in order.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { assert, assertEqual, test } from './harness.mjs'
import { clickCell, sample, stateHash, waitForHumanOrEnd, waitForMap } from './helpers.mjs'

const record = sample.encounters[0]
const figure = (id) => record.initial.combatants.find((c) => c.id === id)
const steve = figure('steve')
const zombies = record.initial.combatants.filter((c) => c.side === 'monsters')
const KINDS = ['dice', 'move', 'attack', 'turn', 'ai', 'other']

/** The visible log lines: their text and classes. */
async function visibleLines(page) {
  return page
    .getByTestId('log-line')
    .evaluateAll((els) => els.map((el) => ({ text: el.textContent ?? '', cls: el.className })))
}

/** Sets every chip to on or off as `on(kind)` says, through clicks, and checks `aria-pressed`. */
async function setChips(page, on) {
  for (const kind of KINDS) {
    const chip = page.getByTestId(`log-filter-${kind}`)
    if ((await chip.getAttribute('aria-pressed')) !== String(on(kind))) await chip.click()
    assertEqual(await chip.getAttribute('aria-pressed'), String(on(kind)), `chip ${kind} pressed state`)
  }
}

/** Clicks an export button and reads the downloaded file. */
async function download(page, testId) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()])
  const path = await file.path()
  assert(path, 'the download was saved')
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') }
}

test('a fight with a move, a shot and the AI’s turn fills the log', async ({ page, url }) => {
  await page.goto(url('/?fast=1'))
  await page.getByTestId(`open-${sample.id}`).click()
  await page.getByTestId(`open-encounter-${record.id}`).click()
  await waitForMap(page)
  await page.getByTestId('start-encounter').click()
  await page.getByTestId('active-name').getByText(steve.name).waitFor()
  await clickCell(page, { x: steve.pos.x + 1, y: steve.pos.y })
  await page.getByTestId('economy-ap').getByText('2', { exact: true }).waitFor()
  await page.getByTestId('end-activation').click()
  await page.getByTestId('active-name').getByText('Alex').waitFor()
  let shot = false
  for (const zombie of zombies) {
    await clickCell(page, zombie.pos)
    const button = page.getByTestId('attack-ranged')
    if ((await button.count()) && (await button.isEnabled())) {
      await button.click()
      shot = true
      break
    }
  }
  assert(shot, 'Alex can shoot at some monster')
  await page
    .getByTestId('combat-log')
    .getByText(/impactar: d10 = /)
    .first()
    .waitFor()
  await page.getByTestId('end-activation').click()
  await waitForHumanOrEnd(page)
  const lines = await visibleLines(page)
  assert(
    lines.some((l) => l.cls.includes('ai')),
    'the AI explained its steps in the log'
  )
  // Every chip starts on: the log shows every kind it has.
  for (const kind of KINDS)
    assertEqual(await page.getByTestId(`log-filter-${kind}`).getAttribute('aria-pressed'), 'true', kind)
})

test('the rolls chip alone shows only roll lines, and filtering leaves the game alone', async ({ page }) => {
  const hash = await stateHash(page)
  const all = (await visibleLines(page)).length
  await setChips(page, (kind) => kind === 'dice')
  const lines = await visibleLines(page)
  assert(lines.length > 0 && lines.length < all, `some lines, fewer than all (${lines.length} of ${all})`)
  for (const line of lines) {
    assert(/\bdice\b/.test(line.cls), `only roll lines: "${line.text}" (${line.cls})`)
    assert(/d\d+ = \d+/.test(line.text), `a roll shows its die and result: "${line.text}"`)
  }
  assertEqual(await stateHash(page), hash, 'filters never change the game')
  await setChips(page, () => true)
  assertEqual((await visibleLines(page)).length, all, 'every line is back with every chip on')
})

test('searching a name ignores case and accents and counts the matches', async ({ page }) => {
  const search = page.getByRole('searchbox', { name: 'Buscar en el registro' })
  await search.fill('HEROES')
  const lines = await visibleLines(page)
  assert(lines.length > 0, 'some line names the heroes')
  for (const line of lines) assert(line.text.includes('Héroes'), `only lines naming Héroes: "${line.text}"`)
  const count = page.getByTestId('log-matches')
  assertEqual(await count.getAttribute('data-count'), String(lines.length), 'the count is the lines shown')
  assertEqual(await count.getAttribute('title'), `Coincidencias: ${lines.length}`, 'the count, worded')
  assert((await count.textContent()).includes(`Coincidencias: ${lines.length}`), 'readers hear the count')
  await search.fill('alex')
  const alex = await visibleLines(page)
  assert(alex.length > 0 && alex.every((l) => l.text.includes('Alex')), 'a search by a figure’s name')
})

test('export .md writes the whole log, not the filtered view, with headings and rolls', async ({
  page,
  artifacts
}) => {
  // Still searching "alex", and rolls only: the export ignores both.
  await setChips(page, (kind) => kind === 'dice')
  const { name, text } = await download(page, 'log-export-md')
  assertEqual(name, 'la-mina-abandonada-log.md', 'the file is named after the encounter')
  const lines = text.split('\n')
  assertEqual(lines[0], `# Registro de combate: ${record.name}`, 'a title naming the encounter')
  assert(text.includes(`- **Campaña:** ${sample.name.replace(/[\\`*_[\]<>#|~]/g, '\\$&')}`), 'the campaign')
  assert(text.includes('- **Sistema:** Minecraft'), `the system:\n${text.slice(0, 400)}`)
  assert(/- \*\*Fecha:\*\* .*\d/.test(text), 'the export date')
  assert(lines.includes('## Ronda 1'), 'rounds are headings')
  assert(
    lines.some((l) => /^- .*tirada para impactar: d10 = \d+ \(necesita ≤ -?\d+\) → /.test(l)),
    `a roll with its breakdown:\n${text}`
  )
  assert(
    lines.some((l) => /^- Steve se mueve a /.test(l)),
    'a move: the filtered-out lines are exported too'
  )
  assert(
    lines.some((l) => /^- \*IA: .+\*$/.test(l)),
    'the AI’s reasons in italics'
  )
  await page.screenshot({ path: join(artifacts, 'combat-log.png') })
})

test('export .txt writes the same log as plain text', async ({ page }) => {
  const { name, text } = await download(page, 'log-export-txt')
  assertEqual(name, 'la-mina-abandonada-log.txt', 'the file is named after the encounter')
  const lines = text.split('\n')
  assertEqual(lines[0], `Registro de combate: ${record.name}`, 'a title')
  assert(lines.includes('Ronda 1') && lines.includes('-------'), 'rounds underlined')
  assert(
    lines.some((l) => /^\[IA\] /.test(l)),
    'AI reasons marked'
  )
  assert(
    lines.some((l) => /tirada para impactar: d10 = \d+/.test(l)),
    'a roll'
  )
})
