import { execFileSync } from 'node:child_process'
import * as fsp from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyFuses, FUSE_CONFIG, fuseMismatches } from '../../scripts/fuses'

// Checklist item 19 for real, without Electron: a fake "binary" holding the fuse wire in the format
// @electron/fuses reads (its dist/index.js and dist/constants.js): the sentinel, one byte of wire version, one
// byte of wire length, then one byte per fuse ('0' disabled, '1' enabled, 'r' removed). We flip it with our
// config and read it back with the library's own reader.

const repo = fileURLToPath(new URL('../..', import.meta.url))
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
/** Electron 45's shipped defaults, in wire order (RunAsNode … WasmTrapHandlers). */
const ELECTRON_DEFAULTS = '101100011'

let dir: string

beforeAll(async () => {
  dir = await fsp.mkdtemp(join(tmpdir(), 'emboscada-fuses-'))
})
afterAll(async () => {
  await fsp.rm(dir, { recursive: true, force: true })
})

/** Machine code stand-in: bytes that never spell the sentinel, around one (or two) fuse wires. */
function fakeBinary(wires: { version?: number; fuses: string }[]): Buffer {
  const filler = (n: number, seed: number): Buffer =>
    Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + seed) % 251))
  const parts: Buffer[] = [filler(70_000, 1)]
  for (const [i, { version = 1, fuses }] of wires.entries()) {
    parts.push(Buffer.from(SENTINEL), Buffer.from([version, fuses.length]), Buffer.from(fuses, 'latin1'))
    parts.push(filler(5_000 + i, 3))
  }
  return Buffer.concat(parts)
}

async function write(name: string, bytes: Buffer): Promise<string> {
  const file = join(dir, name)
  await fsp.mkdir(join(file, '..'), { recursive: true })
  await fsp.writeFile(file, bytes)
  return file
}

/** Offsets where two files differ. */
function diff(a: Buffer, b: Buffer): number[] {
  expect(b.length).toBe(a.length)
  return [...a.keys()].filter((i) => a[i] !== b[i])
}

it('the fake binary uses the sentinel the installed @electron/fuses looks for', () => {
  const constants = readFileSync(join(repo, 'node_modules/@electron/fuses/dist/constants.js'), 'utf8')
  expect(constants).toContain(`SENTINEL = '${SENTINEL}'`)
})

describe('applyFuses', () => {
  it('sets every fuse we ship, read back by @electron/fuses, and touches nothing but the wire', async () => {
    const before = fakeBinary([{ fuses: ELECTRON_DEFAULTS }])
    const binary = await write('linux/emboscada', before)
    await applyFuses(binary)
    const wire = await getCurrentFuseWire(binary)
    expect(wire.version).toBe('1')
    // Spelled out rather than derived from FUSE_CONFIG, so a change to the config fails here.
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE)
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE)
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE)
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE)
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE)
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE)
    expect(wire[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]).toBe(FuseState.DISABLE)
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE)
    expect(wire[FuseV1Options.WasmTrapHandlers]).toBe(FuseState.ENABLE)
    expect(await fuseMismatches(binary)).toEqual([])
    const after = await fsp.readFile(binary)
    const wireStart = before.indexOf(SENTINEL) + SENTINEL.length + 2
    for (const offset of diff(before, after)) {
      expect(offset).toBeGreaterThanOrEqual(wireStart)
      expect(offset).toBeLessThan(wireStart + ELECTRON_DEFAULTS.length)
    }
    expect(after.subarray(wireStart, wireStart + 9).toString('latin1')).toBe('010011001')
  })

  it('flips both slices of a universal macOS binary', async () => {
    const binary = await write(
      'universal/Electron Framework',
      fakeBinary([{ fuses: ELECTRON_DEFAULTS }, { fuses: ELECTRON_DEFAULTS }])
    )
    await applyFuses(binary)
    const after = await fsp.readFile(binary)
    const second = after.indexOf(SENTINEL, after.indexOf(SENTINEL) + 1) + SENTINEL.length + 2
    expect(after.subarray(second, second + 9).toString('latin1')).toBe('010011001')
  })

  it('reports what an unflipped binary gets wrong', async () => {
    const binary = await write('stock/electron', fakeBinary([{ fuses: ELECTRON_DEFAULTS }]))
    expect(await fuseMismatches(binary)).toEqual([
      'RunAsNode: found ENABLE, want DISABLE',
      'EnableCookieEncryption: found DISABLE, want ENABLE',
      'EnableNodeOptionsEnvironmentVariable: found ENABLE, want DISABLE',
      'EnableNodeCliInspectArguments: found ENABLE, want DISABLE',
      'EnableEmbeddedAsarIntegrityValidation: found DISABLE, want ENABLE',
      'OnlyLoadAppFromAsar: found DISABLE, want ENABLE',
      'GrantFileProtocolExtraPrivileges: found ENABLE, want DISABLE'
    ])
  })

  it('refuses, and leaves the binary as it was, when a later Electron has a fuse our config does not name', async () => {
    const before = fakeBinary([{ fuses: `${ELECTRON_DEFAULTS}1` }])
    const binary = await write('future/electron', before)
    await expect(applyFuses(binary)).rejects.toThrow(/strictlyRequireAllFuses/)
    expect(diff(before, await fsp.readFile(binary))).toEqual([])
  })

  it('refuses an unknown wire version and a binary without fuses', async () => {
    const v2 = await write('v2/electron', fakeBinary([{ version: 2, fuses: ELECTRON_DEFAULTS }]))
    await expect(applyFuses(v2)).rejects.toThrow(/version/)
    const none = await write('none/electron', Buffer.alloc(10_000, 0x90))
    await expect(applyFuses(none)).rejects.toThrow(/sentinel/)
  })

  it('refuses the development Electron under node_modules (npm start would stop loading the app)', async () => {
    const before = fakeBinary([{ fuses: ELECTRON_DEFAULTS }])
    const binary = await write('node_modules/electron/dist/electron', before)
    await expect(applyFuses(binary)).rejects.toThrow(/development Electron/)
    expect(diff(before, await fsp.readFile(binary))).toEqual([])
  })

  it('pins every fuse of the wire, strictly', () => {
    expect(FUSE_CONFIG.strictlyRequireAllFuses).toBe(true)
    const named = Object.keys(FUSE_CONFIG).filter((k) => /^\d+$/.test(k))
    expect(named.map(Number).sort((a, b) => a - b)).toEqual([...ELECTRON_DEFAULTS].map((_, i) => i))
  })
})

describe('npm run package:fuses', () => {
  const tsx = join(repo, 'node_modules/.bin/tsx')
  const run = (args: string[]): { code: number; output: string } => {
    try {
      const output = execFileSync(tsx, ['scripts/fuses.ts', ...args], {
        cwd: repo,
        encoding: 'utf8',
        stdio: 'pipe'
      })
      return { code: 0, output }
    } catch (error) {
      const e = error as { status: number; stdout: string; stderr: string }
      return { code: e.status, output: `${e.stdout}${e.stderr}` }
    }
  }

  it('flips a binary given on the command line and says what it set', async () => {
    const binary = await write('cli/emboscada', fakeBinary([{ fuses: ELECTRON_DEFAULTS }]))
    const { code, output } = run([binary])
    expect(code, output).toBe(0)
    expect(output).toContain('RunAsNode=DISABLE')
    expect(await fuseMismatches(binary)).toEqual([])
  })

  it('fails without a path, or on a file with no fuses', async () => {
    expect(run([]).code).toBe(2)
    const none = await write('cli/none', Buffer.alloc(100, 1))
    const { code, output } = run([none])
    expect(code).toBe(1)
    expect(output).toMatch(/sentinel/)
  })
})
