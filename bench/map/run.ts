// npm run bench:map — builds the map bench page, drives it in headless Debian Chromium (software WebGL)
// and writes bench/results/map.json: pan/zoom frame times, movement range and path preview, fog after a
// move, context loss, and the JS heap after 20 map switches.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchChromium } from '../../tests/e2e/chromium.mjs'

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))
const outDir = join(root, 'out', 'map-bench')
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

function serve(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    let file = normalize(join(dir, path))
    if (!file.startsWith(dir + sep) && file !== dir) return void res.writeHead(403).end()
    if (file === dir || file.endsWith(sep)) file = join(dir, 'index.html')
    try {
      const body = readFileSync(file)
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)))
}

if (!process.argv.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '-c', 'bench/map/vite.config.ts'], { cwd: root, stdio: 'inherit' })
}
const server = await serve(outDir)
const address = server.address()
const port = typeof address === 'object' && address ? address.port : 0
const browser = await launchChromium()
/** Runs every scenario on a fresh page with one pixi renderer ('webgl' or 'canvas'). */
async function bench(rendererArg: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  await page.goto(`http://127.0.0.1:${port}/?renderer=${rendererArg}`)
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, null, {
    timeout: 60_000
  })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')

  async function heapMb(): Promise<number> {
    // twice, a moment apart: destroyed maps' objects are often only reclaimable after a first pass
    await cdp.send('HeapProfiler.collectGarbage')
    await new Promise((done) => setTimeout(done, 500))
    await cdp.send('HeapProfiler.collectGarbage')
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: Array<{ name: string; value: number }>
    }
    return +((metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1048576).toFixed(1)
  }

  type Bench = Record<string, (...args: unknown[]) => unknown>
  const call = <T>(name: string, ...args: unknown[]): Promise<T> =>
    page.evaluate(
      ([n, a]) => (window as unknown as { bench: Bench }).bench[n as string]!(...(a as unknown[])),
      [name, args] as const
    ) as Promise<T>

  const log = (label: string, value: unknown) => console.log(label, JSON.stringify(value))
  const setup = await call('setup')
  log('setup', setup)
  const heapStart = await heapMb()
  const panCold = await call('pan', 1, 150, { x: 100, y: 100 })
  log('pan zoom 1 (cold: chunks bake as they come into view)', panCold)
  const panWarm = await call('pan', 1, 150, { x: 100, y: 100 })
  log('pan zoom 1 (warm)', panWarm)
  const panFar = await call('pan', 0.15, 150, { x: 100, y: 100 })
  log('pan zoom 0.15 (overview, all tokens in view)', panFar)
  const panNear = await call('pan', 2, 150, { x: 60, y: 60 })
  log('pan zoom 2', panNear)
  const zoomCold = await call('zoom', 150)
  log('zoom 0.1..2 (cold)', zoomCold)
  const zoomWarm = await call('zoom', 150)
  log('zoom 0.1..2 (warm)', zoomWarm)
  const range = await call('range', 20)
  log('movement range', range)
  const path = await call('path', 60)
  log('path preview', path)
  const fog = await call('fog', 20)
  log('fog after a move', fog)
  const context = await call('contextLoss')
  log('context loss', context)
  await page.screenshot({ path: join(root, 'bench', 'results', `map-${rendererArg}.png`) })
  const switches = await call('switches', 20)
  const heapAfter = await heapMb()
  log('20 map switches', { ...(switches as object), heapStartMb: heapStart, heapAfterMb: heapAfter })

  const result = {
    renderer: (setup as { renderer: string }).renderer,
    note: 'frame = panBy/zoomAt + renderFrame (cull, bake budget 8 ms, app.render) + 1-px readPixels (waits for software GL)',
    setup,
    frames: { panCold, panWarm, panFar, panNear, zoomCold, zoomWarm },
    range,
    path,
    fog,
    context,
    switches: { ...(switches as object), heapStartMb: heapStart, heapAfterMb: heapAfter },
    errors
  }
  await page.close()
  return result
}

const only = process.argv.find((a) => a.startsWith('--renderer='))?.slice(11)
const resultFile = join(root, 'bench', 'results', 'map.json')
// with --renderer=<one>, the other renderer's last figures are kept
const previous = (() => {
  try {
    return only
      ? (JSON.parse(readFileSync(resultFile, 'utf8')) as { runs?: Record<string, unknown> }).runs
      : undefined
  } catch {
    return undefined
  }
})()
const runs: Record<string, unknown> = { ...previous }
const errors: string[] = []
for (const renderer of only ? [only] : ['webgl', 'canvas']) {
  console.log(`--- ${renderer}`)
  const run = await bench(renderer)
  runs[renderer] = run
  errors.push(...run.errors)
}
const result = {
  date: new Date().toISOString(),
  scene: { size: '200x200', tokens: 500, wallEdges: 2000, doors: 80, fog: true, viewport: '1280x800@1' },
  targets: { panZoomP95Ms: 16.7, pathMs: 4, rangeMs: 20 },
  runs
}
mkdirSync(join(root, 'bench', 'results'), { recursive: true })
writeFileSync(resultFile, JSON.stringify(result, null, 2) + '\n')
console.log('wrote bench/results/map.json')
await browser.close()
server.close()
if (errors.length > 0) {
  console.error(errors)
  process.exitCode = 1
}
