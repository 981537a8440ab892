import ts from 'typescript'
import type { Project } from './project'

// AST helpers shared by the checklist checks: TypeScript's parser over the project's sources and build.

const parsed = new Map<string, ts.SourceFile>()

/** A file parsed once (cached by its text); .js/.cjs/.mjs as JavaScript, the rest as TypeScript. */
export function parse(file: string, text: string): ts.SourceFile {
  // The whole text in the key: edits of equal length (a mutation test flipping true/false) must not collide.
  const key = `${file}\0${text}`
  let sf = parsed.get(key)
  if (sf === undefined) {
    const kind = /\.(c|m)?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS
    sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
    parsed.set(key, sf)
  }
  return sf
}

/** Calls `fn` on a node and every descendant, depth first. */
export function visit(node: ts.Node, fn: (n: ts.Node) => void): void {
  fn(node)
  node.forEachChild((child) => visit(child, fn))
}

/** Every descendant (and the node itself) that passes the type guard. */
export function nodes<T extends ts.Node>(sf: ts.Node, guard: (n: ts.Node) => n is T): T[] {
  const out: T[] = []
  visit(sf, (n) => {
    if (guard(n)) out.push(n)
  })
  return out
}

/** TS sources under a prefix, parsed. */
export function tsFiles(p: Project, filter: (file: string) => boolean): [string, ts.SourceFile][] {
  return [...p.sources]
    .filter(([f]) => f.endsWith('.ts') && filter(f))
    .map(([f, text]) => [f, parse(f, text)] as [string, ts.SourceFile])
}

/** Which part of the app a repo-relative source path belongs to. */
export const isPreload = (f: string): boolean => f.startsWith('main/preload/')
export const isMain = (f: string): boolean => f.startsWith('main/') && !isPreload(f)
export const isRenderer = (f: string): boolean => f.startsWith('renderer/')

/** `x.name(...)` calls, with the receiver's text. */
export function methodCalls(sf: ts.Node, name: string): ts.CallExpression[] {
  return nodes(sf, ts.isCallExpression).filter(
    (c) => ts.isPropertyAccessExpression(c.expression) && c.expression.name.text === name
  )
}

/** The source text of a method call's receiver (`session.defaultSession` in `session.defaultSession.x()`). */
export function receiverText(call: ts.CallExpression): string {
  return ts.isPropertyAccessExpression(call.expression) ? call.expression.expression.getText() : ''
}

/** A call's first argument when it is a string literal. */
export function firstStringArg(call: ts.CallExpression): string | undefined {
  const a = call.arguments[0]
  return a !== undefined && ts.isStringLiteralLike(a) ? a.text : undefined
}

/** The listener given for `.on('<event>', fn)` / `.once(...)` calls. */
export function listeners(sf: ts.Node, event: string): ts.Expression[] {
  return [...methodCalls(sf, 'on'), ...methodCalls(sf, 'once')]
    .filter((c) => firstStringArg(c) === event)
    .map((c) => c.arguments[1])
    .filter((a): a is ts.Expression => a !== undefined)
}

/** Whether any `x.name(...)` call appears under a node. */
export function callsMethod(node: ts.Node, name: string): boolean {
  return methodCalls(node, name).length > 0
}

/** Every string a literal or template part spells out. */
export function stringTexts(sf: ts.Node): { text: string; node: ts.Node }[] {
  const out: { text: string; node: ts.Node }[] = []
  visit(sf, (n) => {
    if (ts.isStringLiteralLike(n)) out.push({ text: n.text, node: n })
    else if (ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n))
      out.push({ text: n.text, node: n })
  })
  return out
}

/** `file:line` of a node, for violation messages. */
export function where(file: string, node: ts.Node): string {
  const sf = node.getSourceFile()
  const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf))
  return `${file}:${line + 1}`
}

/** A function declared in main (declaration or const arrow/function expression) by name. */
export function findFunction(p: Project, name: string): ts.FunctionLikeDeclaration | undefined {
  for (const [, sf] of tsFiles(p, isMain)) {
    for (const n of nodes(sf, (x): x is ts.FunctionDeclaration => ts.isFunctionDeclaration(x))) {
      if (n.name?.text === name) return n
    }
    for (const v of nodes(sf, ts.isVariableDeclaration)) {
      if (
        ts.isIdentifier(v.name) &&
        v.name.text === name &&
        v.initializer !== undefined &&
        (ts.isArrowFunction(v.initializer) || ts.isFunctionExpression(v.initializer))
      )
        return v.initializer
    }
  }
  return undefined
}

/** The initializer of a variable declared by name anywhere in a file. */
export function constInitializer(sf: ts.SourceFile, name: string): ts.Expression | undefined {
  return nodes(sf, ts.isVariableDeclaration).find((v) => ts.isIdentifier(v.name) && v.name.text === name)
    ?.initializer
}

/** The object literal a function returns, when it has exactly one `return {...}` (or is `() => ({...})`). */
export function returnedObject(fn: ts.FunctionLikeDeclaration): ts.ObjectLiteralExpression | undefined {
  const body = fn.body
  if (body === undefined) return undefined
  if (!ts.isBlock(body)) {
    const e = ts.isParenthesizedExpression(body) ? body.expression : body
    return ts.isObjectLiteralExpression(e) ? e : undefined
  }
  const returns = nodes(body, ts.isReturnStatement)
  const only = returns.length === 1 ? returns[0]?.expression : undefined
  return only !== undefined && ts.isObjectLiteralExpression(only) ? only : undefined
}

/** Whether an expression is the literal `true` / `false`. */
export const isTrue = (e: ts.Expression | undefined): boolean => e?.kind === ts.SyntaxKind.TrueKeyword
export const isFalse = (e: ts.Expression | undefined): boolean => e?.kind === ts.SyntaxKind.FalseKeyword
