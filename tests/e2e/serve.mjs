// A tiny static server for the web build: node tests/e2e/serve.mjs <dir> <port> (127.0.0.1 only).
import { createServer } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2'
}

/** Serves `dir` on 127.0.0.1:`port` (0 = any free port); resolves to the listening server. */
export function serve(dir, port) {
  const root = resolve(dir)
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    let file = normalize(join(root, path))
    if (file !== root && !file.startsWith(root + sep)) return void res.writeHead(403).end()
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html')
      const body = await readFile(file)
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body)
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    }
  })
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = 'out/web', port = '5173'] = process.argv.slice(2)
  const server = await serve(dir, Number(port))
  console.log(`Emboscada: http://127.0.0.1:${server.address().port}/  (serving ${dir}; Ctrl+C stops)`)
}
