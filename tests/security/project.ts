import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

// What the checklist checks read: a project's sources, build output, manifest and fuse configs, loaded from disk.

/** A project as the checks see it: paths are repo-relative with forward slashes. */
export interface Project {
  name: string
  /** main/** (incl. main/preload/**) and renderer/** sources: .ts, .svelte, .html; tests excluded. */
  sources: Map<string, string>
  /** out/main/**, out/preload/**, out/renderer/**. */
  build: Map<string, string>
  packageJson: {
    devDependencies?: Record<string, string>
    dependencies?: Record<string, string>
    scripts?: Record<string, string>
  } & Record<string, unknown>
  /** What sets the Electron fuses: packager configs (electron-builder.*, forge.config.*) and scripts/fuses.ts. */
  fuseConfigs: Map<string, string>
  /** Version of node_modules/electron, when installed. */
  installedElectron?: string
  /** The CSP main sends as a header, when the project has one. */
  headerCsp?: string
}

/** One checklist rule: its items, and the violations it finds (empty = passes). */
export interface Check {
  id: string
  items: number[]
  title: string
  run(project: Project): string[]
}

// ---------------------------------------------------------------------------------------------------------
// Loading

const SOURCE_EXT = /\.(ts|svelte|html)$/
const BUILD_EXT = /\.(js|cjs|mjs|html)$/

function walk(root: string): string[] {
  if (!existsSync(root)) return []
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter((f) => statSync(join(root, f)).isFile())
}

/**
 * Loads a project tree. Fixture files carry a `.fixture` suffix (kept out of tsc, eslint and prettier);
 * it is stripped here.
 */
export function loadProject(root: string, name: string, extra: Partial<Project> = {}): Project {
  const sources = new Map<string, string>()
  const build = new Map<string, string>()
  const fuseConfigs = new Map<string, string>()
  let packageJson: Project['packageJson'] = {}
  const top = readdirSync(root).filter((f) => statSync(join(root, f)).isFile())
  const trees = ['main', 'renderer', 'scripts', 'out/main', 'out/preload', 'out/renderer'].flatMap((dir) =>
    walk(join(root, dir)).map((f) => `${dir}/${f}`)
  )
  for (const raw of [...top, ...trees]) {
    const file = raw.replace(/\.fixture$/, '')
    const read = (): string => readFileSync(join(root, raw), 'utf8')
    if (/^(main|renderer)\//.test(file) && SOURCE_EXT.test(file)) {
      if (/\.test\.ts$/.test(file) || file === 'main/test-fixtures.ts') continue
      sources.set(file, read())
    } else if (/^out\/(main|preload|renderer)\//.test(file) && BUILD_EXT.test(file)) {
      build.set(file, read())
    } else if (file === 'package.json') {
      packageJson = JSON.parse(read()) as Project['packageJson']
    } else if (
      file === 'scripts/fuses.ts' ||
      /^(electron-builder\.(json|ya?ml|js|cjs|mjs|ts)|forge\.config\.(js|cjs|mjs|ts))$/.test(file)
    ) {
      fuseConfigs.set(file, read())
    }
  }
  const installed = join(root, 'node_modules/electron/package.json')
  const installedElectron = existsSync(installed)
    ? (JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version
    : undefined
  return { name, sources, build, packageJson, fuseConfigs, installedElectron, ...extra }
}
