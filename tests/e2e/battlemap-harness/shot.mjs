// node tests/e2e/battlemap-harness/shot.mjs [url] — screenshot, click check and sync timings.
import { launchChromium } from '../chromium.mjs'

const url = process.argv[2] ?? 'http://127.0.0.1:5199/'
const browser = await launchChromium()
const dpr = Number(process.env.DPR ?? 1)
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: dpr })
const errors = []
page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && errors.push(m.text()))
page.on('pageerror', (e) => errors.push(String(e)))
await page.goto(url)
await page.waitForFunction(() => window.ready === true, null, { timeout: 30000 })
let t = Date.now()
await page.screenshot({ path: process.argv[3] ?? '/tmp/battlemap.png' })
const screenshotMs = Date.now() - t
if (process.env.CLIP) {
  const [x, y, width, height] = process.env.CLIP.split(',').map(Number)
  await page.screenshot({ path: '/tmp/battlemap-clip.png', clip: { x, y, width, height } })
}

const info = await page.evaluate(() => ({ renderer: window.map.rendererName, firstSync: window.firstSync }))
info.screenshotMs = screenshotMs
const canvasBox = await page.locator('canvas').boundingBox()
const target = await page.evaluate(() => window.map.cellCenter({ x: 3, y: 4 }))
await page.mouse.move(canvasBox.x + target.x, canvasBox.y + target.y)
await page.mouse.move(canvasBox.x + target.x + 5, canvasBox.y + target.y + 5)
await page.mouse.click(canvasBox.x + target.x, canvasBox.y + target.y)
await page.mouse.move(2, 2)
const log = await page.evaluate(() => window.log)

const timings = await page.evaluate(() => {
  const { map, view } = window
  const time = (fn, n = 40) => {
    const xs = []
    for (let i = 0; i < n; i++) {
      const t = performance.now()
      fn(i)
      xs.push(performance.now() - t)
    }
    xs.sort((a, b) => a - b)
    return { median: +xs[n >> 1].toFixed(3), max: +xs[n - 1].toFixed(3) }
  }
  const paths = [view.path, view.path.slice(0, 2)]
  return {
    unchanged: time(() => map.sync({ ...view })),
    hoverPath: time((i) => map.sync({ ...view, path: paths[i % 2], pathCost: i % 2 ? 10 : 20 })),
    tokensChange: time((i) =>
      map.sync({ ...view, tokens: view.tokens.map((t) => ({ ...t, life: Math.max(0, t.life - (i % 3)) })) })
    )
  }
})
// presented frames: sync, then wait until the compositor has shown two animation frames
timings.presented = await page.evaluate(async () => {
  const { map, view } = window
  const paths = [view.path, view.path.slice(0, 2)]
  const xs = []
  for (let i = 0; i < 12; i++) {
    const t = performance.now()
    map.sync({ ...view, path: paths[i % 2], pathCost: i % 2 ? 10 : 20 })
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
    xs.push(performance.now() - t)
  }
  xs.sort((a, b) => a - b)
  return { median: +xs[6].toFixed(1), max: +xs[11].toFixed(1) }
})
await page.evaluate(() => window.map.sync(window.view))
// resize to a smaller host, then destroy: the canvas must go and later calls must be harmless
const lifecycle = await page.evaluate(() => {
  const host = document.getElementById('map')
  host.style.inset = 'auto'
  Object.assign(host.style, { width: '640px', height: '480px' })
  window.map.resize()
  const small = {
    canvas: [host.querySelector('canvas').clientWidth, host.querySelector('canvas').clientHeight],
    center: window.map.cellCenter({ x: 3, y: 4 })
  }
  window.map.destroy()
  window.map.sync(window.view)
  window.map.resize()
  return { small, canvasesLeft: document.querySelectorAll('canvas').length }
})
console.log(JSON.stringify({ info, target, log, timings, lifecycle, errors }, null, 1))
await browser.close()
