import ts from 'typescript'
import {
  constInitializer,
  findFunction,
  isFalse,
  isMain,
  isTrue,
  nodes,
  returnedObject,
  tsFiles,
  where
} from './ast'
import type { Project } from './project'

// Windows and their webPreferences, resolved statically from the main-process sources (checklist items 2–6).
const WINDOW_CLASSES = new Set(['BrowserWindow', 'WebContentsView', 'BrowserView'])

export interface WindowPrefs {
  at: string
  /** Resolved webPreferences properties; undefined when they cannot be resolved statically. */
  props?: Map<string, ts.Expression>
  problem?: string
}

export function windowPrefs(p: Project): WindowPrefs[] {
  const out: WindowPrefs[] = []
  for (const [file, sf] of tsFiles(p, isMain)) {
    for (const ne of nodes(sf, ts.isNewExpression)) {
      const cls = ts.isPropertyAccessExpression(ne.expression)
        ? ne.expression.name.text
        : ne.expression.getText()
      if (!WINDOW_CLASSES.has(cls)) continue
      const at = where(file, ne)
      const resolve = (e: ts.Expression | undefined): ts.Expression | undefined =>
        e !== undefined && ts.isIdentifier(e) ? constInitializer(sf, e.text) : e
      const options = resolve(ne.arguments?.[0])
      if (options === undefined || !ts.isObjectLiteralExpression(options)) {
        out.push({ at, problem: `${cls} options are not an object literal` })
        continue
      }
      const wp = options.properties.find(
        (x): x is ts.PropertyAssignment => ts.isPropertyAssignment(x) && x.name.getText() === 'webPreferences'
      )
      if (wp === undefined) {
        out.push({ at, problem: `${cls} has no webPreferences (defaults are not pinned)` })
        continue
      }
      let literal: ts.ObjectLiteralExpression | undefined
      const init = wp.initializer
      if (ts.isObjectLiteralExpression(init)) literal = init
      else if (ts.isCallExpression(init) && ts.isIdentifier(init.expression)) {
        const fn = findFunction(p, init.expression.text)
        literal = fn === undefined ? undefined : returnedObject(fn)
      }
      if (literal === undefined) {
        out.push({ at, problem: `${cls} webPreferences cannot be resolved to an object literal` })
        continue
      }
      if (
        literal.properties.some((x) => !ts.isPropertyAssignment(x) && !ts.isShorthandPropertyAssignment(x))
      ) {
        out.push({ at, problem: `${cls} webPreferences use a spread or method, which may override settings` })
        continue
      }
      const props = new Map<string, ts.Expression>()
      for (const prop of literal.properties) {
        if (ts.isPropertyAssignment(prop))
          props.set(prop.name.getText().replace(/['"]/g, ''), prop.initializer)
        else if (ts.isShorthandPropertyAssignment(prop)) props.set(prop.name.text, prop.name)
      }
      out.push({ at, props })
    }
  }
  return out
}

export type PrefRule = (props: Map<string, ts.Expression>) => string | undefined

export const mustBe =
  (key: string, value: boolean): PrefRule =>
  (props) =>
    (value ? isTrue(props.get(key)) : isFalse(props.get(key)))
      ? undefined
      : `${key} must be the literal ${value} (found ${props.get(key)?.getText() ?? 'nothing'})`

export const notTrue =
  (key: string): PrefRule =>
  (props) =>
    props.has(key) && !isFalse(props.get(key)) ? `${key} must be absent or false` : undefined

export function prefCheck(p: Project, rules: PrefRule[]): string[] {
  const windows = windowPrefs(p)
  if (windows.length === 0) return ['no BrowserWindow/WebContentsView found to check']
  return windows.flatMap((w) =>
    w.props === undefined
      ? [`${w.at}: ${w.problem}`]
      : rules.map((r) => r(w.props!)).flatMap((m) => (m === undefined ? [] : [`${w.at}: ${m}`]))
  )
}
