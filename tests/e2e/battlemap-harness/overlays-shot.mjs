// node tests/e2e/battlemap-harness/overlays-shot.mjs [base-url] [out-dir] — screenshots of the overlays page
// (combo and sight scenes, a few frames of the effects demo) and timings, as JSON on stdout.
// Serve out/inches-harness first (built with: npx vite build -c tests/e2e/battlemap-harness/vite.config.ts).
import { launchChromium } from '../chromium.mjs'

const base = process.argv[2] ?? 'http://127.0.0.1:5237/overlays.html'
const dir = process.argv[3] ?? 'tests/e2e/artifacts'
const browser = await launchChromium()
const out = {}
for (const renderer of ['webgl', 'canvas']) {
  for (const scene of ['combo', 'sight']) {
    const page = await browser.newPage({ viewport: { width: 1100, height: 760 } })
    const errors = []
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && errors.push(m.text()))
    page.on('pageerror', (e) => errors.push(String(e)))
    await page.goto(`${base}?scene=${scene}&renderer=${renderer}`)
    await page.waitForFunction(() => window.ready === true, null, { timeout: 30000 })
    await page.waitForTimeout(300)
    const name = `overlays-${scene}-${renderer}`
    await page.screenshot({ path: `${dir}/${name}.png` })
    const timings = await page.evaluate(() => {
      const { map, view } = window
      const time = (fn, n = 20) => {
        const xs = []
        for (let i = 0; i < n; i++) {
          const t = performance.now()
          fn(i)
          xs.push(performance.now() - t)
        }
        xs.sort((a, b) => a - b)
        return { median: +xs[n >> 1].toFixed(2), max: +xs[n - 1].toFixed(2) }
      }
      const o = view.overlay
      return {
        firstSync: +window.firstSync.toFixed(1),
        unchanged: time(() => map.sync({ ...view, overlay: { ...o } })),
        rulerChange: time((i) =>
          map.sync({
            ...view,
            overlay: {
              ...o,
              ruler: {
                points: [
                  { x: 1, y: 1 },
                  { x: 2 + (i % 5), y: 3 }
                ],
                label: `${i} ft`
              }
            }
          })
        )
      }
    })
    let effects = null
    if (scene === 'combo') {
      await page.evaluate(() => window.map.sync(window.view))
      await page.evaluate(() => {
        const { map } = window
        let renders = 0
        const render = map.renderFrame.bind(map)
        map.renderFrame = (...a) => {
          renders++
          return render(...a)
        }
        window.__renders = () => renders
        window.__demo = window.playDemo().then((ms) => (window.__demoMs = ms))
      })
      await page.waitForFunction(() => window.__demoMs !== undefined, null, { timeout: 10000 })
      const during = await page.evaluate(() => window.__renders())
      await page.waitForTimeout(500)
      const after = await page.evaluate(() => window.__renders())
      await page.screenshot({ path: `${dir}/${name}-effects-end.png` })
      const off = await page.evaluate(async () => {
        window.map.setAnimations(false)
        const t = performance.now()
        await window.map.play([{ kind: 'hit', id: 'kira' }])
        return performance.now() - t
      })
      effects = {
        demoMs: Math.round(await page.evaluate(() => window.__demoMs)),
        frames: during,
        framesAfterEnd: after - during,
        disabledPlayMs: +off.toFixed(2)
      }
    }
    if (scene === 'combo') {
      // the same demo on a hand-driven clock, so each picture shows a known moment of it
      await page.reload()
      await page.waitForFunction(() => window.ready === true, null, { timeout: 30000 })
      await page.evaluate(() => {
        let now = 1000
        const queue = []
        performance.now = () => now
        window.requestAnimationFrame = (cb) => queue.push(cb)
        window.cancelAnimationFrame = () => {}
        window.__step = (t) => {
          now = 1000 + t
          queue.splice(0).forEach((cb) => cb(now))
        }
        window.playDemo()
      })
      // focus, mid-move, hit, damage number and knockback, miss, heal
      for (const at of [120, 560, 800, 1000, 1350, 1600]) {
        await page.evaluate((t) => window.__step(t), at)
        await page.screenshot({ path: `${dir}/${name}-effects-${at}ms.png` })
      }
    }
    out[name] = { renderer: await page.evaluate(() => window.map.rendererName), timings, effects, errors }
    await page.close()
  }
}
console.log(JSON.stringify(out, null, 1))
await browser.close()
