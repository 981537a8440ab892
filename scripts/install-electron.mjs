#!/usr/bin/env node
// `npm start` and `npm run dev` run this first. Electron's npm package ships without its binary and fetches
// it once, on first launch (node_modules/electron/install.js). Offline, that fails with a bare
// "TypeError: fetch failed"; this wrapper runs the same installer and, when it fails, says what failed and
// what to do, in the terminal's words (Spanish when the locale is Spanish, English otherwise).
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const installer = require.resolve('electron/install.js')
const { version } = require('electron/package.json')

const run = spawnSync(process.execPath, [installer], { encoding: 'utf8', env: process.env })
if (run.status === 0) process.exit(0)

const detail = `${run.stderr ?? ''}${run.stdout ?? ''}`.trim().split('\n')[0] || `exit ${run.status}`
const locale = `${process.env.LC_ALL ?? ''}${process.env.LC_MESSAGES ?? ''}${process.env.LANG ?? ''}`
const spanish = /^es/i.test(locale.trim())
const where = `${process.platform}-${process.arch}`

const message = spanish
  ? [
      `Emboscada: no se pudo descargar Electron ${version} (${where}).`,
      'npm start lo descarga una sola vez, la primera vez; después arranca sin conexión.',
      'Qué hacer:',
      '  - conéctate a internet y vuelve a ejecutar npm start;',
      '  - tras un proxy, define HTTPS_PROXY; con un espejo, ELECTRON_MIRROR=https://…/;',
      '  - o usa la misma interfaz en el navegador, sin Electron: npm run web (http://127.0.0.1:5173).',
      `Error del instalador: ${detail}`
    ]
  : [
      `Emboscada: Electron's one-time download failed (Electron ${version}, ${where}).`,
      'npm start downloads it once, on the first run; after that it starts offline.',
      'What to do:',
      '  - connect to the internet and run npm start again;',
      '  - behind a proxy, set HTTPS_PROXY; with a mirror, ELECTRON_MIRROR=https://…/;',
      '  - or use the same interface in a browser, without Electron: npm run web (http://127.0.0.1:5173).',
      `Installer error: ${detail}`
    ]
console.error(message.join('\n'))
process.exit(1)
