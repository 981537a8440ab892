import ts from 'typescript'
import {
  callsMethod,
  firstStringArg,
  isMain,
  isPreload,
  isRenderer,
  isTrue,
  listeners,
  methodCalls,
  nodes,
  parse,
  receiverText,
  stringTexts,
  tsFiles,
  where
} from './ast'
import { fusesCheck, noFileProtocolCheck } from './checks-packaging'
import type { Check } from './project'
import { cspCheck } from './checks-csp'
import { devServerUrlCheck } from './checks-dev-server'
import { mustBe, notTrue, prefCheck } from './window-prefs'

// Static checks for the 20 items of the Electron security checklist (reliability.md appendix A numbering),
// run over a "project": the main/preload/renderer sources, the build output and the package manifest.
// The same checks run on our app (must pass, bar the known gaps) and on tests/security/fixtures/insecure-app
// (every check must fail: proof each one can fail). TypeScript's parser does the work where structure matters.

export { loadProject, type Check, type Project } from './project'
export { cspProblems, directives } from './csp-rules'

/** Lowest Electron major accepted: latest stable (45 on 2025-11-30 per `npm view electron dist-tags`) − 2. */
export const ELECTRON_MAJOR_FLOOR = 43

const REMOTE = /^(http|ws):\/\//i

export const CHECKS: Check[] = [
  {
    id: 'secure-content',
    items: [1],
    title: 'no http:/ws: URLs in main, preload or renderer code; the built page loads only local files',
    run(p) {
      const out: string[] = []
      for (const [file, sf] of tsFiles(p, () => true))
        for (const s of stringTexts(sf))
          if (REMOTE.test(s.text)) out.push(`${where(file, s.node)}: ${s.text}`)
      for (const [file, text] of p.sources)
        if (!file.endsWith('.ts') && /\b(src|href)=["'](https?|wss?):/i.test(text))
          out.push(`${file}: loads a remote resource`)
      for (const [file, text] of p.build) {
        if (/^out\/(main|preload)\//.test(file) && /["'`](http|ws):\/\//.test(text))
          out.push(`${file}: contains an http:/ws: literal`)
        if (file.endsWith('.html') && /\b(src|href)=["']?(https?:|wss?:|\/\/)/i.test(text))
          out.push(`${file}: loads a remote resource`)
      }
      for (const [file, sf] of tsFiles(p, isMain))
        for (const c of methodCalls(sf, 'loadURL'))
          if (/^(https?|wss?):/.test(firstStringArg(c) ?? ''))
            out.push(`${where(file, c)}: loadURL of a remote page`)
      return out
    }
  },
  devServerUrlCheck,
  {
    id: 'node-integration',
    items: [2],
    title: 'nodeIntegration: false, no Node in workers or subframes',
    run: (p) =>
      prefCheck(p, [
        mustBe('nodeIntegration', false),
        notTrue('nodeIntegrationInWorker'),
        notTrue('nodeIntegrationInSubFrames')
      ])
  },
  {
    id: 'context-isolation',
    items: [3],
    title: 'contextIsolation: true',
    run: (p) => prefCheck(p, [mustBe('contextIsolation', true)])
  },
  {
    id: 'sandbox',
    items: [4],
    title: 'sandbox: true, app.enableSandbox(), preload built as one CommonJS file requiring only electron',
    run(p) {
      const out = prefCheck(p, [mustBe('sandbox', true)])
      const main = tsFiles(p, isMain)
      if (!main.some(([, sf]) => callsMethod(sf, 'enableSandbox')))
        out.push('main never calls app.enableSandbox()')
      const preloads = [...p.build].filter(([f]) => f.startsWith('out/preload/'))
      if (preloads.length !== 1) out.push(`out/preload holds ${preloads.length} files, not 1`)
      for (const [file, text] of preloads) {
        if (file.endsWith('.mjs')) out.push(`${file}: an ESM preload cannot load in a sandboxed renderer`)
        const sf = parse(file.replace(/\.mjs$/, '.js'), text)
        if (sf.statements.some((s) => ts.isImportDeclaration(s) || ts.isExportDeclaration(s)))
          out.push(`${file}: has top-level import/export (not CommonJS)`)
        for (const c of nodes(sf, ts.isCallExpression))
          if (c.expression.getText() === 'require' && firstStringArg(c) !== 'electron')
            out.push(
              `${file}: requires ${c.arguments[0]?.getText() ?? '?'} (a sandboxed preload may require only electron)`
            )
      }
      const mainBundle = [...p.build]
        .filter(([f]) => f.startsWith('out/main/'))
        .map(([, t]) => t)
        .join('\n')
      for (const m of mainBundle.matchAll(/preload\/([\w.-]+\.m?c?js)/g))
        if (!p.build.has(`out/preload/${m[1]}`))
          out.push(`out/main points at out/preload/${m[1]}, which the build lacks`)
      return out
    }
  },
  {
    id: 'permission-handler',
    items: [5],
    title: 'session permission request and check handlers are set and grant nothing',
    run(p) {
      const out: string[] = []
      for (const name of ['setPermissionRequestHandler', 'setPermissionCheckHandler']) {
        const calls = tsFiles(p, isMain).flatMap(([file, sf]) =>
          methodCalls(sf, name).map((c) => [file, c] as const)
        )
        if (calls.length === 0) out.push(`main never calls ${name}`)
        for (const [file, c] of calls) {
          const handler = c.arguments[0]
          if (handler === undefined || !(ts.isArrowFunction(handler) || ts.isFunctionExpression(handler)))
            out.push(`${where(file, c)}: ${name} handler is not an inline function`)
          else if (nodes(handler, (n): n is ts.Node => n.kind === ts.SyntaxKind.TrueKeyword).length > 0)
            out.push(`${where(file, c)}: ${name} handler can grant (mentions true)`)
        }
      }
      return out
    }
  },
  {
    id: 'web-security',
    items: [6],
    title: 'webSecurity never false',
    run: (p) =>
      prefCheck(p, [
        (props) =>
          props.has('webSecurity') && !isTrue(props.get('webSecurity'))
            ? 'webSecurity must be absent or true'
            : undefined
      ])
  },
  cspCheck,
  {
    id: 'insecure-content',
    items: [8],
    title: 'allowRunningInsecureContent absent or false',
    run: (p) => prefCheck(p, [notTrue('allowRunningInsecureContent')])
  },
  {
    id: 'experimental-features',
    items: [9],
    title: 'experimentalFeatures absent or false',
    run: (p) => prefCheck(p, [notTrue('experimentalFeatures')])
  },
  {
    id: 'blink-features',
    items: [10],
    title: "no enableBlinkFeatures; disableBlinkFeatures: 'Auxclick'",
    run: (p) =>
      prefCheck(p, [
        (props) => (props.has('enableBlinkFeatures') ? 'enableBlinkFeatures is set' : undefined),
        (props) => {
          const v = props.get('disableBlinkFeatures')
          return v !== undefined && ts.isStringLiteralLike(v) && v.text.split(',').includes('Auxclick')
            ? undefined
            : "disableBlinkFeatures must include 'Auxclick'"
        }
      ])
  },
  {
    id: 'webview-tag',
    items: [11],
    title: 'webviewTag absent or false; no <webview> or allowpopups in the renderer (source and bundle)',
    run(p) {
      const out = prefCheck(p, [notTrue('webviewTag')])
      for (const [file, text] of [...p.sources]
        .filter(([f]) => isRenderer(f))
        .concat([...p.build].filter(([f]) => f.startsWith('out/renderer/'))))
        if (/<webview\b|\ballowpopups\b/i.test(text)) out.push(`${file}: uses <webview> / allowpopups`)
      return out
    }
  },
  {
    id: 'webview-attach',
    items: [12],
    title: 'will-attach-webview is cancelled',
    run(p) {
      const ok = tsFiles(p, isMain).some(([, sf]) =>
        listeners(sf, 'will-attach-webview').some((l) => callsMethod(l, 'preventDefault'))
      )
      return ok ? [] : ['no will-attach-webview listener calls preventDefault()']
    }
  },
  {
    id: 'navigation',
    items: [13],
    title: 'will-navigate, will-frame-navigate and will-redirect are guarded, for every web contents',
    run(p) {
      const out: string[] = []
      const main = tsFiles(p, isMain)
      for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
        const ls = main.flatMap(([, sf]) => listeners(sf, event))
        if (ls.length === 0) out.push(`no ${event} listener`)
        // The guard may be a shared function; it must lead to preventDefault() somewhere in that file.
        for (const l of ls) {
          const file = l.getSourceFile()
          if (!callsMethod(l, 'preventDefault') && !callsMethod(file, 'preventDefault'))
            out.push(`${event} listener never prevents anything`)
        }
      }
      if (!main.some(([, sf]) => listeners(sf, 'web-contents-created').length > 0))
        out.push('no app web-contents-created hook: other web contents go unguarded')
      return out
    }
  },
  {
    id: 'new-windows',
    items: [14],
    title: "setWindowOpenHandler is set and never answers action: 'allow'",
    run(p) {
      const out: string[] = []
      const calls = tsFiles(p, isMain).flatMap(([file, sf]) =>
        methodCalls(sf, 'setWindowOpenHandler').map((c) => [file, c] as const)
      )
      if (calls.length === 0) out.push('no setWindowOpenHandler')
      for (const [file, c] of calls)
        if (stringTexts(c).some((s) => s.text === 'allow'))
          out.push(`${where(file, c)}: a window-open handler can allow`)
      for (const [file, sf] of tsFiles(p, isMain))
        if (listeners(sf, 'new-window').length > 0)
          out.push(`${file}: relies on the removed new-window event`)
      return out
    }
  },
  {
    id: 'open-external',
    items: [15],
    title: 'shell.openExternal only in main/open-external-safe.ts (we have none)',
    run(p) {
      const out: string[] = []
      for (const [file, sf] of tsFiles(p, () => true)) {
        if (file === 'main/open-external-safe.ts') continue
        for (const c of methodCalls(sf, 'openExternal'))
          out.push(`${where(file, c)}: ${receiverText(c)}.openExternal`)
      }
      return out
    }
  },
  {
    id: 'electron-current',
    items: [16],
    title: `Electron pinned exactly, major ≥ ${ELECTRON_MAJOR_FLOOR}, and the installed copy matches`,
    run(p) {
      const spec = p.packageJson.devDependencies?.electron ?? p.packageJson.dependencies?.electron
      if (spec === undefined) return ['package.json does not depend on electron']
      const out: string[] = []
      if (!/^\d+\.\d+\.\d+$/.test(spec)) out.push(`electron "${spec}" is not an exact version`)
      const major = Number(/(\d+)/.exec(spec)?.[1] ?? 0)
      if (major < ELECTRON_MAJOR_FLOOR)
        out.push(`electron ${spec} is older than the supported window (≥ ${ELECTRON_MAJOR_FLOOR})`)
      if (p.installedElectron !== undefined && p.installedElectron !== spec)
        out.push(`installed electron ${p.installedElectron} differs from package.json ${spec}`)
      return out
    }
  },
  {
    id: 'ipc-sender',
    items: [17],
    title:
      'ipcMain only in main/ipc/handlers.ts, only handle(), and every handler reaches a senderFrame check',
    run(p) {
      const out: string[] = []
      for (const [file, sf] of tsFiles(p, () => true)) {
        const uses = nodes(sf, ts.isPropertyAccessExpression).filter((n) =>
          n.expression.getText().endsWith('ipcMain')
        )
        if (uses.length > 0 && file !== 'main/ipc/handlers.ts')
          out.push(`${file}: uses ipcMain outside main/ipc/handlers.ts`)
        for (const u of uses)
          if (u.name.text !== 'handle' && u.name.text !== 'removeHandler')
            out.push(
              `${where(file, u)}: ipcMain.${u.name.text} (fire-and-forget or raw listener; use handle)`
            )
        for (const c of methodCalls(sf, 'handle').filter((x) => receiverText(x).endsWith('ipcMain'))) {
          const fn = c.arguments[1]
          if (fn === undefined || !reachesSenderCheck(sf, fn, 0))
            out.push(`${where(file, c)}: handler never checks event.senderFrame`)
        }
      }
      if (
        !tsFiles(p, isMain).some(([, sf]) =>
          methodCalls(sf, 'handle').some((x) => receiverText(x).endsWith('ipcMain'))
        )
      )
        out.push('no ipcMain.handle found (nothing to check)')
      return out
    }
  },
  noFileProtocolCheck,
  fusesCheck,
  {
    id: 'preload-exposure',
    items: [20],
    title: 'the preload exposes only wrappers through contextBridge: no ipcRenderer, event objects or Node',
    run(p) {
      const out: string[] = []
      const preloads = tsFiles(p, isPreload)
      if (preloads.length === 0) out.push('no preload source found')
      for (const [file, sf] of tsFiles(p, () => true)) {
        const uses = nodes(sf, ts.isIdentifier).filter(
          (n) => n.text === 'ipcRenderer' && !ts.isImportSpecifier(n.parent)
        )
        if (uses.length > 0 && !isPreload(file)) out.push(`${file}: uses ipcRenderer outside the preload`)
      }
      for (const [file, sf] of preloads) {
        const exposes = methodCalls(sf, 'exposeInMainWorld')
        if (exposes.length === 0) out.push(`${file}: exposes nothing through contextBridge`)
        for (const id of nodes(sf, ts.isIdentifier)) {
          if (id.text !== 'ipcRenderer' || ts.isImportSpecifier(id.parent)) continue
          const access = id.parent
          // Allowed: ipcRenderer.invoke(...) called inside a wrapper. Anything else hands the object (or a
          // listener that receives raw events) to the page.
          if (!(
            ts.isPropertyAccessExpression(access) &&
            access.expression === id &&
            access.name.text === 'invoke' &&
            ts.isCallExpression(access.parent)
          ))
            out.push(`${where(file, id)}: ipcRenderer used as ${access.getText().slice(0, 60)}`)
        }
        for (const c of exposes)
          for (const s of nodes(c, ts.isIdentifier))
            if (
              ['require', 'process', 'electron', 'shell', 'webFrame', 'ipcRenderer'].includes(s.text) &&
              !ts.isPropertyAccessExpression(s.parent)
            )
              out.push(`${where(file, s)}: exposes ${s.text}`)
        for (const a of nodes(sf, ts.isBinaryExpression))
          if (
            a.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
            /^(window|globalThis)\./.test(a.left.getText())
          )
            out.push(`${where(file, a)}: assigns ${a.left.getText()} (bypasses contextBridge)`)
      }
      for (const [file, text] of p.build)
        if (
          file.startsWith('out/preload/') &&
          /ipcRenderer\s*[,}]|ipcRenderer\.(on|once|send|sendSync|addListener)\b/.test(text)
        )
          out.push(`${file}: the built preload passes ipcRenderer or a raw listener`)
      return out
    }
  }
]

/** Follows a handler into same-file functions it calls (depth ≤ 3), looking for `senderFrame`. */
function reachesSenderCheck(sf: ts.SourceFile, node: ts.Node, depth: number): boolean {
  if (depth > 3) return false
  if (nodes(node, ts.isIdentifier).some((i) => i.text === 'senderFrame')) return true
  for (const c of nodes(node, ts.isCallExpression)) {
    if (!ts.isIdentifier(c.expression)) continue
    const name = c.expression.text
    const decl = nodes(sf, ts.isFunctionDeclaration).find((f) => f.name?.text === name)
    if (decl !== undefined && decl !== node && reachesSenderCheck(sf, decl, depth + 1)) return true
  }
  return false
}

/** Convenience for reports: which checklist items a list of checks covers. */
export function itemsCovered(checks: Check[]): number[] {
  return [...new Set(checks.flatMap((c) => c.items))].sort((a, b) => a - b)
}
