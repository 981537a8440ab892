import { resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  FuseState,
  FuseV1Options,
  FuseVersion,
  flipFuses,
  getCurrentFuseWire,
  type FuseV1Config
} from '@electron/fuses'

// The Electron fuses we ship (checklist item 19), flipped in a packaged app's Electron binary. Nothing packages
// the app yet; a packager added later must apply this same config (import FUSE_CONFIG) rather than its own.
// Run: npm run package:fuses -- <path to the packaged Electron binary or .app>

/**
 * Every fuse pinned, strictly: `strictlyRequireAllFuses` makes flipping fail on an Electron whose wire has a
 * fuse this config does not name, so an upgrade cannot quietly ship a new fuse at its default.
 */
export const FUSE_CONFIG = {
  version: FuseVersion.V1,
  strictlyRequireAllFuses: true,
  // No ELECTRON_RUN_AS_NODE: the app binary cannot be used as a plain Node to run arbitrary scripts.
  [FuseV1Options.RunAsNode]: false,
  // Cookies encrypted at rest with the OS key store.
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS and --inspect would let anyone who can launch the app inject code or attach a debugger.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // Only our app.asar, and only if its integrity hash matches (the packager must write the hash).
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // We ship no custom V8 snapshot, so the browser process keeps the default one.
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // We serve the renderer from app://, so file:// pages get no more than a browser gives them.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  // Electron's default: V8 traps out-of-bounds wasm memory with signal handlers; without them wasm is slower.
  [FuseV1Options.WasmTrapHandlers]: true
} satisfies FuseV1Config

/** The wire byte each fuse must read back as, by wire index. */
export function expectedWire(config: FuseV1Config = FUSE_CONFIG): Map<FuseV1Options, FuseState> {
  const out = new Map<FuseV1Options, FuseState>()
  for (const [key, value] of Object.entries(config)) {
    const index = Number(key)
    if (Number.isInteger(index) && typeof value === 'boolean')
      out.set(index, value ? FuseState.ENABLE : FuseState.DISABLE)
  }
  return out
}

/** Fuses whose state in `binary` differs from the config: `Name: found X, want Y`; empty when all match. */
export async function fuseMismatches(binary: string, config: FuseV1Config = FUSE_CONFIG): Promise<string[]> {
  const wire = (await getCurrentFuseWire(binary)) as Record<number, FuseState | undefined>
  const name = (state: FuseState | undefined): string =>
    state === undefined ? 'absent' : (FuseState[state] ?? `byte ${state}`)
  return [...expectedWire(config)]
    .filter(([index, want]) => wire[index] !== want)
    .map(([index, want]) => `${FuseV1Options[index]}: found ${name(wire[index])}, want ${name(want)}`)
}

/**
 * Flips our fuses in a packaged Electron binary (or .app bundle), then reads them back; throws if any differs.
 * Refuses node_modules/electron: with OnlyLoadAppFromAsar on, `npm start` could no longer load the app.
 */
export async function applyFuses(binary: string, config: FuseV1Config = FUSE_CONFIG): Promise<void> {
  if (`${resolve(binary)}${sep}`.includes(`${sep}node_modules${sep}electron${sep}`))
    throw new Error(`refusing to flip fuses in the development Electron (${binary}); pass a packaged copy`)
  // Flip before code signing: the wire is part of the signed binary. On macOS the ad-hoc signature is redone so
  // an arm64 build still launches unsigned.
  await flipFuses(binary, { ...config, resetAdHocDarwinSignature: process.platform === 'darwin' })
  const mismatches = await fuseMismatches(binary, config)
  if (mismatches.length > 0) throw new Error(`fuses did not take: ${mismatches.join('; ')}`)
}

async function cli(args: string[]): Promise<number> {
  if (args.length !== 1) {
    console.error('usage: npm run package:fuses -- <path to the packaged Electron binary or .app>')
    return 2
  }
  await applyFuses(args[0]!)
  console.log(
    `fuses set in ${args[0]}: ${[...expectedWire()].map(([i, s]) => `${FuseV1Options[i]}=${FuseState[s]}`).join(', ')}`
  )
  return 0
}

// Run as a script (tsx scripts/fuses.ts ...), not when imported by a test or a packager config.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  cli(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exitCode = 1
    }
  )
}
