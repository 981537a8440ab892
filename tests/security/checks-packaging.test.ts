import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { fusesCheck, noFileProtocolCheck } from './checks-packaging'
import { loadProject, type Project } from './project'

// Mutation tests for checklist items 18 and 19: our own sources, each broken in one way in memory, must trip
// the check with the matching message. This shows the checks pass on our code for the right reason, on top
// of the insecure fixture (checklist.test.ts), which trips them all at once.

const repo = fileURLToPath(new URL('../..', import.meta.url))
let ours: Project

beforeAll(() => {
  ours = loadProject(repo, 'emboscada')
})

/** Our project with one source (or fuse config) edited; the edit must actually apply. */
function mutate(file: string, from: string | RegExp, to: string): Project {
  const map = ours.sources.has(file) ? 'sources' : 'fuseConfigs'
  const text = ours[map].get(file)
  expect(text, file).toBeDefined()
  const changed = text!.replace(from, to)
  expect(changed, `${file}: ${String(from)}`).not.toBe(text)
  return { ...ours, [map]: new Map(ours[map]).set(file, changed) }
}

describe('item 18: no-file-protocol', () => {
  it('passes on our sources', () => expect(noFileProtocolCheck.run(ours)).toEqual([]))

  it.each([
    [
      'a loadFile',
      'main/window.ts',
      'window.loadURL(policy.entryUrl)',
      'window.loadFile(policy.entryUrl)',
      /loadFile \(file:\/\/\)/
    ],
    [
      'a file: loadURL',
      'main/window.ts',
      'window.loadURL(policy.entryUrl)',
      "window.loadURL('file:///index.html')",
      /loadURL of a file: URL/
    ],
    [
      'bypassCSP',
      'main/app-protocol.ts',
      'secure: true,',
      'secure: true, bypassCSP: true,',
      /bypassCSP must be absent or false/
    ],
    [
      'corsEnabled',
      'main/app-protocol.ts',
      'secure: true,',
      'secure: true, corsEnabled: true,',
      /corsEnabled must be absent or false/
    ],
    [
      'a non-secure scheme',
      'main/app-protocol.ts',
      'secure: true,',
      'secure: false,',
      /secure must be the literal true/
    ],
    [
      'no privileged registration',
      'main/app-protocol.ts',
      'protocol.registerSchemesAsPrivileged([scheme])',
      'void scheme',
      /no protocol\.registerSchemesAsPrivileged/
    ],
    ['no protocol.handle', 'main/app-protocol.ts', /protocol\.handle\(/, 'void (', /no protocol\.handle/],
    [
      'a handler module without realpath (symlinks)',
      'main/app-protocol.ts',
      /fs\.realpath\(/g,
      'fs.stat(',
      /never calls realpath\(\)/
    ],
    [
      'a handler module without relative (containment)',
      'main/app-protocol.ts',
      /\brelative\(/g,
      'resolve(',
      /never calls relative\(\)/
    ]
  ])('trips on %s', (_label, file, from, to, message) => {
    expect(noFileProtocolCheck.run(mutate(file, from, to)).join('\n')).toMatch(message)
  })

  it('trips on a bundle that still loads a file', () => {
    const build = new Map(ours.build).set('out/main/index.js', 'window.loadFile(x)')
    expect(noFileProtocolCheck.run({ ...ours, build })).toEqual([
      'out/main/index.js: calls loadFile',
      'out/main never registers a privileged scheme (a stale build?)'
    ])
  })
})

describe('item 19: fuses', () => {
  it('passes on scripts/fuses.ts and its npm script', () => expect(fusesCheck.run(ours)).toEqual([]))

  it.each([
    [
      'RunAsNode on',
      '[FuseV1Options.RunAsNode]: false',
      '[FuseV1Options.RunAsNode]: true',
      /RunAsNode is true/
    ],
    [
      'a required fuse left out',
      /\[FuseV1Options\.OnlyLoadAppFromAsar\]: true,?/,
      '',
      /OnlyLoadAppFromAsar is unset, want true/
    ],
    [
      'file:// privileges granted',
      '[FuseV1Options.GrantFileProtocolExtraPrivileges]: false',
      '[FuseV1Options.GrantFileProtocolExtraPrivileges]: true',
      /GrantFileProtocolExtraPrivileges is true, want false/
    ],
    [
      'a lax config',
      'strictlyRequireAllFuses: true',
      'strictlyRequireAllFuses: false',
      /strictlyRequireAllFuses is not true/
    ],
    ['a config nobody flips', /await flipFuses\(/, 'await Promise.resolve(', /never calls flipFuses/]
  ])('trips on %s', (_label, from, to, message) => {
    expect(fusesCheck.run(mutate('scripts/fuses.ts', from, to)).join('\n')).toMatch(message)
  })

  it('trips when no npm script runs the config, and when there is no config at all', () => {
    const packageJson = { ...ours.packageJson, scripts: {} }
    expect(fusesCheck.run({ ...ours, packageJson })).toEqual([
      'package.json has no script that runs scripts/fuses.ts'
    ])
    expect(fusesCheck.run({ ...ours, fuseConfigs: new Map() })).toEqual([
      'nothing sets fuses: no packager config (electron-builder / forge) and no scripts/fuses.ts'
    ])
  })
})
