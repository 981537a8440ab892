import { spawn, type ChildProcess } from 'node:child_process'
import * as fsp from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeCampaign } from '../test-fixtures'
import { sweepTempFiles } from './durable-json-file'
import { lockFolder, lockPathOf } from './folder-lock'
import { openCampaignStore } from './lowdb-campaign-store'
import { storeError } from './store-test-helpers'

// Issue 18, item 7: "Two app instances: last writer wins silently, and one instance's start-up temp sweep
// deleted the other's in-flight temp file." One store per campaigns folder across processes, and a sweep that
// only removes what dead processes left.

let root: string
let dir: string
const children: ChildProcess[] = []
beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-lock-'))
  dir = join(root, 'campaigns')
})
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  await fsp.rm(root, { recursive: true, force: true })
})

/** A real other process that stays alive until killed. */
function otherProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  children.push(child)
  return child
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve))

describe('the campaigns folder lock', () => {
  it('refuses a second store while another process holds the folder, naming it', async () => {
    // A second Emboscada: a real Node process with its own store open on the folder.
    const script = fileURLToPath(new URL('./folder-lock.child.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', script, dir], {
      stdio: ['ignore', 'pipe', 'inherit']
    })
    children.push(child)
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve())
      child.once('exit', (code) => reject(new Error(`child exited with ${code}`)))
    })
    const error = await storeError(openCampaignStore({ dir, log: () => undefined }))
    expect(error).toMatchObject({
      code: 'locked',
      problem: 'folderLocked',
      params: { pid: child.pid, host: hostname() }
    })
    // The holder dies without releasing (kill -9): its lock is stale, and the next start takes the folder.
    child.kill('SIGKILL')
    await exited(child)
    const store = await openCampaignStore({ dir, log: () => undefined })
    await store.save(makeCampaign('demo'))
    await store.close()
    await expect(fsp.stat(lockPathOf(dir))).rejects.toMatchObject({ code: 'ENOENT' })
  }, 60_000)

  it('takes over a lock whose holder is gone, or which nobody has touched for too long', async () => {
    const gone = otherProcess()
    const pid = gone.pid!
    gone.kill('SIGKILL')
    await exited(gone)
    await fsp.writeFile(lockPathOf(dir), JSON.stringify({ pid, host: hostname(), token: 'x', since: '' }))
    const lock = await lockFolder(dir)
    expect(lock.owner.pid).toBe(process.pid)
    await lock.release()
    // A live pid on another host cannot be checked: only the heartbeat says it lives.
    await fsp.writeFile(lockPathOf(dir), JSON.stringify({ pid: 1, host: 'elsewhere', token: 'y', since: '' }))
    expect(await storeError(lockFolder(dir))).toMatchObject({ code: 'locked', params: { host: 'elsewhere' } })
    const later = () => new Date(Date.now() + 10 * 60_000)
    const taken = await lockFolder(dir, { now: later })
    expect(JSON.parse(await fsp.readFile(lockPathOf(dir), 'utf8'))).toMatchObject({
      token: taken.owner.token
    })
    await taken.release()
  })

  it('never releases a lock that another holder took over meanwhile', async () => {
    const first = await lockFolder(dir)
    const second = await lockFolder(dir) // the same process: a restarted store takes over
    await first.release()
    expect(JSON.parse(await fsp.readFile(lockPathOf(dir), 'utf8'))).toMatchObject({
      token: second.owner.token
    })
    await second.release()
  })
})

describe('the start-up temp sweep', () => {
  it('removes what dead processes left and leaves a live writer’s save in flight', async () => {
    await fsp.mkdir(dir, { recursive: true })
    const live = otherProcess()
    const dead = otherProcess()
    const deadPid = dead.pid!
    dead.kill('SIGKILL')
    await exited(dead)
    const liveTemp = `.demo.json.${live.pid}.0123abcd.tmp`
    const deadTemp = `.demo.json.${deadPid}.4567cdef.tmp`
    const mine = `.demo.json.${process.pid}.89abcdef.tmp`
    for (const name of [liveTemp, deadTemp, mine]) await fsp.writeFile(join(dir, name), '{')
    expect((await sweepTempFiles(dir)).sort()).toEqual([deadTemp, mine].sort())
    expect(await fsp.readdir(dir)).toEqual([liveTemp])
  })
})
