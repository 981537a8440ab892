import ts from 'typescript'
import {
  constInitializer,
  firstStringArg,
  isMain,
  isTrue,
  methodCalls,
  nodes,
  parse,
  receiverText,
  tsFiles,
  where
} from './ast'
import type { Check, Project } from './project'

// Checklist items 18 (no file://: a privileged custom scheme served by protocol.handle) and 19 (fuses).

/** The fuses of reliability.md S11 and their safe values; a fuse config must set each one to exactly this. */
export const FUSES: Record<string, boolean> = {
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  GrantFileProtocolExtraPrivileges: false
}

/** Privileges a custom scheme must have (a real, secure origin) and must not have (CSP off, readable cross-origin). */
const SCHEME_MUST = ['standard', 'secure']
const SCHEME_MUST_NOT = ['bypassCSP', 'corsEnabled']

function unwrap(e: ts.Expression | undefined): ts.Expression | undefined {
  while (
    e !== undefined &&
    (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e))
  )
    e = e.expression
  return e
}

/** An object literal, following identifiers to a const in the same file, then in any main file. */
function resolveObject(
  p: Project,
  sf: ts.SourceFile,
  expr: ts.Expression | undefined
): ts.ObjectLiteralExpression | undefined {
  const e = unwrap(expr)
  if (e === undefined) return undefined
  if (ts.isObjectLiteralExpression(e)) return e
  if (!ts.isIdentifier(e)) return undefined
  for (const file of [sf, ...tsFiles(p, isMain).map(([, f]) => f)]) {
    const init = unwrap(constInitializer(file, e.text))
    if (init !== undefined && ts.isObjectLiteralExpression(init)) return init
  }
  return undefined
}

/** A property's value in an object literal; a shorthand one is followed to its const in the same file. */
function property(
  sf: ts.SourceFile,
  object: ts.ObjectLiteralExpression,
  name: string
): ts.Expression | undefined {
  for (const prop of object.properties) {
    if (ts.isPropertyAssignment(prop) && prop.name.getText().replace(/['"]/g, '') === name)
      return prop.initializer
    if (ts.isShorthandPropertyAssignment(prop) && prop.name.text === name)
      return constInitializer(sf, name) ?? prop.name
  }
  return undefined
}

/** Whether a module calls `name(...)` or `x.name(...)` anywhere. */
function calls(sf: ts.SourceFile, name: string): boolean {
  return (
    methodCalls(sf, name).length > 0 ||
    nodes(sf, ts.isCallExpression).some((c) => ts.isIdentifier(c.expression) && c.expression.text === name)
  )
}

/** What is wrong with each protocol.registerSchemesAsPrivileged call's privileges. */
function schemeProblems(p: Project): string[] {
  const out: string[] = []
  const calls = tsFiles(p, isMain).flatMap(([file, sf]) =>
    methodCalls(sf, 'registerSchemesAsPrivileged').map((c) => [file, sf, c] as const)
  )
  if (calls.length === 0)
    out.push('no protocol.registerSchemesAsPrivileged: no standard, secure custom scheme')
  for (const [file, sf, c] of calls) {
    const list = unwrap(c.arguments[0])
    if (list === undefined || !ts.isArrayLiteralExpression(list)) {
      out.push(`${where(file, c)}: the schemes are not an array literal`)
      continue
    }
    for (const element of list.elements) {
      const scheme = resolveObject(p, sf, element)
      const privileges = scheme && resolveObject(p, sf, property(sf, scheme, 'privileges'))
      if (privileges === undefined) {
        out.push(`${where(file, element)}: privileges cannot be resolved to an object literal`)
        continue
      }
      for (const name of SCHEME_MUST)
        if (!isTrue(property(sf, privileges, name)))
          out.push(`${where(file, element)}: privilege ${name} must be the literal true`)
      for (const name of SCHEME_MUST_NOT) {
        const value = property(sf, privileges, name)
        if (value !== undefined && value.kind !== ts.SyntaxKind.FalseKeyword)
          out.push(`${where(file, element)}: privilege ${name} must be absent or false`)
      }
    }
  }
  return out
}

/** Item 18. */
export const noFileProtocolCheck: Check = {
  id: 'no-file-protocol',
  items: [18],
  title:
    'no loadFile / file: URLs in main or its bundle; a standard, secure scheme (no bypassCSP, no CORS) served by ' +
    'protocol.handle from a module that checks paths stay in the root (relative + realpath)',
  run(p) {
    const out: string[] = []
    const main = tsFiles(p, isMain)
    for (const [file, sf] of main) {
      for (const c of methodCalls(sf, 'loadFile')) out.push(`${where(file, c)}: loadFile (file://)`)
      for (const c of methodCalls(sf, 'loadURL'))
        if ((firstStringArg(c) ?? '').startsWith('file:'))
          out.push(`${where(file, c)}: loadURL of a file: URL`)
    }
    out.push(...schemeProblems(p))
    const handles = main.flatMap(([file, sf]) =>
      methodCalls(sf, 'handle')
        .filter((c) => receiverText(c).endsWith('protocol'))
        .map((c) => [file, sf, c] as const)
    )
    if (handles.length === 0) out.push('no protocol.handle: the renderer is not served from a custom scheme')
    // The handler's module must contain the path (relative) and resolve symlinks (realpath) before reading.
    for (const [file, sf, c] of handles)
      for (const guard of ['relative', 'realpath'])
        if (!calls(sf, guard))
          out.push(`${where(file, c)}: the protocol handler's module never calls ${guard}()`)
    const bundle = [...p.build].filter(([f]) => f.startsWith('out/main/'))
    for (const [file, text] of bundle) if (/\.loadFile\(/.test(text)) out.push(`${file}: calls loadFile`)
    if (bundle.length > 0 && !bundle.some(([, text]) => text.includes('registerSchemesAsPrivileged')))
      out.push('out/main never registers a privileged scheme (a stale build?)')
    return out
  }
}

/** Every boolean literal given to each property name in a fuse config (lower-cased names). */
function fuseValues(file: string, text: string): Map<string, boolean[]> {
  const out = new Map<string, boolean[]>()
  const add = (name: string, value: boolean): void => {
    const key = name.toLowerCase()
    out.set(key, [...(out.get(key) ?? []), value])
  }
  if (file.endsWith('.json')) {
    const fuses = (JSON.parse(text) as { electronFuses?: Record<string, boolean> }).electronFuses ?? {}
    for (const [k, v] of Object.entries(fuses)) add(k, v)
    return out
  }
  const sf = parse(file.replace(/\.(c|m)js$/, '.js'), text)
  for (const prop of nodes(sf, ts.isPropertyAssignment)) {
    const v = prop.initializer
    if (v.kind !== ts.SyntaxKind.TrueKeyword && v.kind !== ts.SyntaxKind.FalseKeyword) continue
    // `[FuseV1Options.RunAsNode]: false` (forge, @electron/fuses) or `runAsNode: false` (electron-builder).
    const name = ts.isComputedPropertyName(prop.name)
      ? prop.name.expression.getText().replace(/^.*\./, '')
      : prop.name.getText().replace(/['"]/g, '')
    add(name, v.kind === ts.SyntaxKind.TrueKeyword)
  }
  return out
}

/** Item 19. */
export const fusesCheck: Check = {
  id: 'fuses',
  items: [19],
  title:
    'a fuse config (packager or scripts/fuses.ts) sets the 7 fuses of reliability.md S11 to their safe values, ' +
    'strictly (no fuse left to inherit), and package.json runs it',
  run(p) {
    if (p.fuseConfigs.size === 0)
      return ['nothing sets fuses: no packager config (electron-builder / forge) and no scripts/fuses.ts']
    const out: string[] = []
    for (const [file, text] of p.fuseConfigs) {
      const found = fuseValues(file, text)
      for (const [fuse, want] of Object.entries(FUSES)) {
        const got = found.get(fuse.toLowerCase()) ?? []
        if (got.length === 0 || got.some((v) => v !== want))
          out.push(`${file}: ${fuse} is ${got.length === 0 ? 'unset' : got.join('/')}, want ${want}`)
      }
      // electron-builder's JSON has no such switch; @electron/fuses and forge's plugin do.
      if (!file.endsWith('.json') && (found.get('strictlyrequireallfuses') ?? []).join() !== 'true')
        out.push(`${file}: strictlyRequireAllFuses is not true (a fuse a later Electron adds would go unset)`)
      if (file === 'scripts/fuses.ts') {
        if (!calls(parse(file, text), 'flipFuses')) out.push(`${file}: never calls flipFuses`)
        const scripts = Object.values(p.packageJson.scripts ?? {})
        if (!scripts.some((s) => s.includes(file))) out.push(`package.json has no script that runs ${file}`)
      }
    }
    return out
  }
}
