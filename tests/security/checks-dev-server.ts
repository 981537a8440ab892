import ts from 'typescript'
import { isMain, nodes, tsFiles, where } from './ast'
import type { Check } from './project'

// Issue 18: electron-vite's dev server variable, honoured by a production build (`npm start` launches one
// unpackaged), would point the window, and the IPC trust that follows its origin, at any site. Only the
// `electron-vite dev` bundle may read it: main/dev-server.ts gets it through a build-time constant.

const DEV_SERVER_VARIABLE = 'ELECTRON_RENDERER_URL'

/** Items 1 and 17. */
export const devServerUrlCheck: Check = {
  id: 'dev-server-url',
  items: [1, 17],
  title: `no main source reads ${DEV_SERVER_VARIABLE} at run time, and the built main never mentions it`,
  run(p) {
    const out: string[] = []
    // Identifiers and strings, not comments: process.env.X and process.env['X'] alike.
    for (const [file, sf] of tsFiles(p, isMain))
      for (const n of nodes(
        sf,
        (x): x is ts.Identifier | ts.StringLiteralLike => ts.isIdentifier(x) || ts.isStringLiteralLike(x)
      ))
        if (n.text === DEV_SERVER_VARIABLE)
          out.push(`${where(file, n)}: reads ${DEV_SERVER_VARIABLE} (a production build would honour it)`)
    for (const [file, text] of p.build)
      if (file.startsWith('out/main/') && text.includes(DEV_SERVER_VARIABLE))
        out.push(
          `${file}: mentions ${DEV_SERVER_VARIABLE} (built by \`electron-vite dev\`, or the constant leaks)`
        )
    return out
  }
}
