/**
 * Crash-harness child: saves a campaign in an endless loop until the driver kills it with SIGKILL.
 *
 *   node --import tsx tests/crash/writer.ts <durable|naive|ack-early> <file> <first save number> <template.json>
 *
 * Every save is the template campaign renamed `Crash save <n>`, so the file on disk says which save it
 * holds. After each save resolves the child prints `confirmed <n>`; that line is the acknowledgement the
 * driver holds the file to. Stdout on a pipe is synchronous on Linux and macOS, so a printed line reaches
 * the driver even when the kill follows at once.
 *
 * Deliberately imports only the adapter, the backup folder and lowdb, not the store, zod or the rules:
 * Node start-up is most of each run's cost and the driver runs hundreds of them.
 */
import * as fsp from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { Low } from 'lowdb'
import { BackupFolder } from '../../main/store/backup-folder'
import { DurableJsonFile, type StoredJson } from '../../main/store/durable-json-file'

/**
 * The writers the harness can drive: ours; a plain `writeFile` control that must be caught tearing the file;
 * and ours acknowledging each save before it starts, a control that must be caught losing acknowledged saves.
 */
export type WriterMode = 'durable' | 'naive' | 'ack-early'

const MODES: readonly string[] = ['durable', 'naive', 'ack-early'] satisfies WriterMode[]

/** The name a save carries; the driver reads the save number back out of it. */
export function saveName(n: number): string {
  return `Crash save ${n}`
}

/** The save number in a campaign name written by {@link saveName}, or null. */
export function saveNumberOf(name: unknown): number | null {
  const match = typeof name === 'string' ? /^Crash save (\d+)$/.exec(name) : null
  return match === null ? null : Number(match[1])
}

async function main(argv: string[]): Promise<void> {
  const [mode, file, first, templatePath] = argv
  if (mode === undefined || !MODES.includes(mode) || !file || !first || !templatePath)
    throw new Error('usage: writer.ts <durable|naive|ack-early> <file> <first save number> <template.json>')
  const template = JSON.parse(await fsp.readFile(templatePath, 'utf8')) as Record<string, unknown>
  const id = basename(file, '.json')
  // The same adapter options the desktop store uses (lowdb-campaign-store.ts fileFor), backups and their
  // pruning included, so the kill can also land inside a backup copy or a prune.
  const backups = new BackupFolder(join(dirname(file), 'backups'))
  const db = new Low<StoredJson>(new DurableJsonFile(file, { backup: (path) => backups.take(path, id) }), {
    data: undefined
  })
  for (let n = Number(first); ; n++) {
    const campaign = { ...template, id, name: saveName(n) }
    if (mode === 'ack-early') process.stdout.write(`confirmed ${n}\n`)
    if (mode !== 'naive') {
      db.data = { data: campaign }
      await db.write()
      await backups.prune(id)
    } else {
      // The control: truncate-then-write in place, what a naive app does; a kill mid-way leaves a torn file.
      await fsp.writeFile(file, JSON.stringify(campaign, null, 2) + '\n')
    }
    if (mode !== 'ack-early') process.stdout.write(`confirmed ${n}\n`)
  }
}

// Only when run as the child: the driver imports saveName/saveNumberOf from this module too.
if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(
      `writer failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`
    )
    process.exit(1)
  })
}
