/**
 * Crash-harness child of the save-loop scenario (save-loop-scenario.ts): saves a campaign in an endless loop
 * until the driver kills it.
 *
 *   EMBOSCADA_KILL_PLAN=<step>:<paused|racing> node writer.mjs <durable|naive|ack-early> <file> <first> <template>
 *
 * Every save is the template campaign renamed `Crash save <n>`, so the file on disk says which save it holds.
 * After each save resolves the child acknowledges `ack <n>` (kill-point.ts); the driver holds the file to it.
 * Every file-system call goes through the kill points, so the plan's step lands between two of them.
 *
 * Deliberately imports only the adapter, the backup folder and lowdb, not the store, zod or the rules:
 * Node start-up is most of each run's cost and the driver runs hundreds of them.
 */
import * as fsp from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { Low } from 'lowdb'
import { BackupFolder } from '../../main/store/backup-folder'
import { DurableJsonFile, type DurableFs, type StoredJson } from '../../main/store/durable-json-file'
import { KillPoints } from './kill-point'
import { saveName, WRITER_MODES } from './save-loop-protocol'

async function main(argv: string[]): Promise<void> {
  const [mode, file, first, templatePath] = argv
  if (mode === undefined || !WRITER_MODES.includes(mode) || !file || !first || !templatePath)
    throw new Error('usage: writer <durable|naive|ack-early> <file> <first save number> <template.json>')
  const template = JSON.parse(await fsp.readFile(templatePath, 'utf8')) as Record<string, unknown>
  const id = basename(file, '.json')
  const kill = KillPoints.fromEnv()
  const fs: DurableFs = kill.instrument(fsp)
  // The same adapter options the desktop store uses (lowdb-campaign-store.ts fileFor), backups and their
  // pruning included, so the kill can also land inside a backup copy or a prune.
  const backups = new BackupFolder(join(dirname(file), 'backups'), { fs })
  const adapter = new DurableJsonFile(file, { fs, backup: (path) => backups.take(path, id) })
  const db = new Low<StoredJson>(adapter, { data: undefined })
  for (let n = Number(first); ; n++) {
    const campaign = { ...template, id, name: saveName(n) }
    if (mode === 'ack-early') kill.ack(n)
    if (mode === 'naive') {
      // The control: what fs.writeFile does, one call at a time (truncating open, write, close), so a kill
      // between the open and the write leaves the torn file a naive app would.
      const handle = await fs.open(file, 'w')
      await handle.writeFile(JSON.stringify(campaign, null, 2) + '\n')
      await handle.close()
    } else {
      db.data = { data: campaign }
      await db.write()
      await backups.prune(id)
    }
    if (mode !== 'ack-early') kill.ack(n)
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`writer failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`)
  process.exit(1)
})
