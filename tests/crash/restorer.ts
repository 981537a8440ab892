/**
 * Crash-harness child of the restore scenario (restore-scenario.ts): opens the campaigns folder with the real
 * store, does one restore or one repair, acknowledges it, then idles until the driver kills it.
 *
 *   EMBOSCADA_KILL_PLAN=<step>:<paused|racing> node restorer.mjs <restore|repair> <durable|naive> <dir>
 *
 * Steps are counted from the operation's first file-system call: opening the store (its lock, its temp-file
 * sweep) is not counted, so step 0 is "before the operation" and the plan's step range maps onto the
 * operation alone. After the acknowledgement the child keeps announcing `idle` steps, so a step past the
 * operation's last call is a kill after it finished, never a child that ended on its own.
 *
 * The store takes the folder lock as the app does; the kill leaves it behind, and the verifier's store must
 * break it (same host, dead pid) to open the folder.
 */
import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { setImmediate } from 'node:timers/promises'
import { openCampaignStore } from '../../main/store/lowdb-campaign-store'
import { KILL_PLAN_ENV, parseKillPlan } from './kill-plan'
import { KillPoints } from './kill-point'
import {
  ACK,
  CAMPAIGN_ID,
  CHOSEN_BACKUP,
  GOOD_BACKUP,
  NAMES,
  RESTORE_MODES,
  RESTORE_OPERATIONS,
  type RestoreMode,
  type RestoreOperation
} from './restore-protocol'

async function main(argv: string[]): Promise<void> {
  const [operation, mode, dir] = argv
  if (operation === undefined || !RESTORE_OPERATIONS.includes(operation))
    throw new Error('usage: restorer <restore|repair> <durable|naive> <campaigns dir>')
  if (mode === undefined || !RESTORE_MODES.includes(mode) || !dir)
    throw new Error('usage: restorer <restore|repair> <durable|naive> <campaigns dir>')
  const plan = parseKillPlan(process.env[KILL_PLAN_ENV])
  const kill = new KillPoints(plan)
  // The real fs until the store is open, then the same fs with a kill point before every call.
  let armed = false
  const counted = kill.instrument(fsp)
  const fs = new Proxy(fsp, { get: (target, name) => Reflect.get(armed ? counted : target, name) })
  const store = await openCampaignStore({ dir, fs, log: () => undefined })
  armed = true
  await run(operation as RestoreOperation, mode as RestoreMode, dir, fs, store)
  kill.ack(ACK[operation as RestoreOperation])
  // Without a plan (by hand) there is nothing to wait for.
  if (plan === null) return store.close()
  for (;;) {
    kill.step('idle')
    await setImmediate()
  }
}

async function run(
  operation: RestoreOperation,
  mode: RestoreMode,
  dir: string,
  fs: typeof fsp,
  store: Awaited<ReturnType<typeof openCampaignStore>>
): Promise<void> {
  const file = join(dir, `${CAMPAIGN_ID}.json`)
  if (operation === 'restore' && mode === 'durable') {
    const restored = await store.restoreBackup(CAMPAIGN_ID, CHOSEN_BACKUP)
    if (restored.name !== NAMES.chosen) throw new Error(`restored "${restored.name}"`)
  } else if (operation === 'restore') {
    // The control: the chosen backup written over the file, truncate then write, and no copy of what it held.
    const bytes = await fs.readFile(join(dir, 'backups', CHOSEN_BACKUP))
    const handle = await fs.open(file, 'w')
    await handle.writeFile(bytes)
    await handle.close()
  } else if (mode === 'durable') {
    const opened = await store.load(CAMPAIGN_ID)
    if (opened.name !== NAMES.good) throw new Error(`opened "${opened.name}"`)
  } else {
    // The control: the damaged file deleted to make room, then the good backup truncated-and-written in place.
    const bytes = await fs.readFile(join(dir, 'backups', GOOD_BACKUP))
    await fs.unlink(file)
    const handle = await fs.open(file, 'w')
    await handle.writeFile(bytes)
    await handle.close()
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `restorer failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`
  )
  process.exit(1)
})
