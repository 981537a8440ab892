import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DurableJsonFile, FileRejectedError, sweepTempFiles, type DurableFs } from './durable-json-file'

let dir: string
beforeEach(async () => {
  dir = await fsp.mkdtemp(join(tmpdir(), 'emboscada-durable-'))
})
afterEach(async () => {
  await fsp.rm(dir, { recursive: true, force: true })
})

/** Wraps the real fs, logging each call (file handles too) and failing the call named in `failAt`. */
function recordingFs(
  failAt?: string,
  error: NodeJS.ErrnoException = Object.assign(new Error('injected'), { code: 'EIO' })
) {
  const calls: string[] = []
  const short = (p: unknown): string =>
    typeof p === 'string' ? p.replace(dir, '<dir>').replace(/\.\d+\.[0-9a-f]{8}\.tmp$/, '.<tmp>') : ''
  const check = (name: string): void => {
    calls.push(name)
    if (name === failAt) throw error
  }
  const fs: DurableFs = {
    ...fsp,
    open: (async (path: string, flags: string) => {
      check(`open ${short(path)} ${flags}`)
      const handle = await fsp.open(path, flags)
      return new Proxy(handle, {
        get(target, prop, receiver) {
          const value: unknown = Reflect.get(target, prop, receiver)
          if (typeof value !== 'function' || !['writeFile', 'sync', 'close'].includes(String(prop)))
            return value
          return (...args: unknown[]) => {
            check(`${String(prop)} ${short(path)}`)
            return (value as (...a: unknown[]) => unknown).apply(target, args)
          }
        }
      })
    }) as DurableFs['open'],
    rename: async (from, to) => {
      check(`rename ${short(from)} → ${short(to)}`)
      return fsp.rename(from, to)
    },
    copyFile: async (from, to) => {
      check(`copyFile ${short(from)} → ${short(to)}`)
      return fsp.copyFile(from, to)
    }
  }
  return { fs, calls }
}

describe('DurableJsonFile.read', () => {
  it('returns null for a missing file and the parsed data otherwise (a BOM is dropped)', async () => {
    const file = new DurableJsonFile(join(dir, 'a.json'))
    expect(await file.read()).toBeNull()
    await fsp.writeFile(join(dir, 'a.json'), '\uFEFF{"x":[1,2]}')
    expect(await file.read()).toEqual({ data: { x: [1, 2] } })
    await fsp.writeFile(join(dir, 'a.json'), 'null')
    expect(await file.read()).toEqual({ data: null })
  })

  it.each([
    ['empty', ''],
    ['whitespace', '  \n'],
    ['truncated', '{"id":"demo","encoun'],
    ['NUL-filled', '\0\0\0\0'],
    ['trailing comma', '{"a":1,}'],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])]
  ])('rejects a %s file as corrupt', async (_label, content) => {
    await fsp.writeFile(join(dir, 'a.json'), content)
    const error: unknown = await new DurableJsonFile(join(dir, 'a.json')).read().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FileRejectedError)
    expect((error as FileRejectedError).reason).toBe('corrupt')
  })

  it('refuses a file over the size cap without parsing it', async () => {
    await fsp.writeFile(join(dir, 'a.json'), JSON.stringify({ pad: 'x'.repeat(200) }))
    await expect(new DurableJsonFile(join(dir, 'a.json'), { maxBytes: 100 }).read()).rejects.toMatchObject({
      reason: 'tooLarge'
    })
  })
})

describe('DurableJsonFile.write', () => {
  it('round-trips and leaves no temp file behind', async () => {
    const file = new DurableJsonFile(join(dir, 'a.json'))
    await file.write({ data: { n: 1 } })
    await file.write({ data: { n: 2 } })
    expect(await file.read()).toEqual({ data: { n: 2 } })
    expect(await fsp.readdir(dir)).toEqual(['a.json'])
  })

  it('follows open(tmp) → write → fsync → close → rename → fsync(dir), backing up before the rename', async () => {
    const { fs, calls } = recordingFs()
    const backup = async (path: string): Promise<void> => {
      calls.push(`backup ${path.replace(dir, '<dir>')}`)
    }
    const file = new DurableJsonFile(join(dir, 'a.json'), { fs, backup, platform: 'linux' })
    await file.write({ data: 1 })
    calls.length = 0
    await file.write({ data: 2 })
    expect(calls).toEqual([
      'open <dir>/.a.json.<tmp> wx',
      'writeFile <dir>/.a.json.<tmp>',
      'sync <dir>/.a.json.<tmp>',
      'close <dir>/.a.json.<tmp>',
      'backup <dir>/a.json',
      'rename <dir>/.a.json.<tmp> → <dir>/a.json',
      'open <dir> r',
      'sync <dir>',
      'close <dir>'
    ])
  })

  it.each([
    'open <dir>/.a.json.<tmp> wx',
    'writeFile <dir>/.a.json.<tmp>',
    'sync <dir>/.a.json.<tmp>',
    'close <dir>/.a.json.<tmp>',
    'rename <dir>/.a.json.<tmp> → <dir>/a.json'
  ])('a failure at "%s" leaves the old file byte-identical and no temp file', async (step) => {
    const path = join(dir, 'a.json')
    const old = '{\n  "version": "old"\n}\n'
    await fsp.writeFile(path, old)
    const { fs, calls } = recordingFs(step)
    await expect(new DurableJsonFile(path, { fs }).write({ data: { version: 'new' } })).rejects.toThrow(
      'injected'
    )
    expect(calls).toContain(step)
    expect(await fsp.readFile(path, 'utf8')).toBe(old)
    expect(await fsp.readdir(dir)).toEqual(['a.json'])
  })

  it('hands the backup the old version, only when there is one, before replacing it', async () => {
    const seen: unknown[] = []
    const backup = async (path: string): Promise<void> => {
      seen.push(JSON.parse(await fsp.readFile(path, 'utf8')))
    }
    const file = new DurableJsonFile(join(dir, 'a.json'), { backup })
    for (let n = 1; n <= 3; n++) await file.write({ data: { n } })
    expect(seen).toEqual([{ n: 1 }, { n: 2 }])
  })

  it('still saves when the backup fails, and says so', async () => {
    const warnings: string[] = []
    const file = new DurableJsonFile(join(dir, 'a.json'), {
      backup: () => Promise.reject(new Error('disk full')),
      onWarning: (m) => warnings.push(m)
    })
    await file.write({ data: 1 })
    await file.write({ data: 2 })
    expect(await file.read()).toEqual({ data: 2 })
    expect(warnings).toEqual([expect.stringMatching(/could not back up .*disk full/)])
  })

  it('retries a rename Windows refuses for a moment, and gives up on other platforms', async () => {
    const busy = Object.assign(new Error('busy'), { code: 'EPERM' })
    let refusals = 2
    const fs: DurableFs = {
      ...fsp,
      rename: async (from, to) => {
        if (String(to).endsWith('a.json') && refusals-- > 0) throw busy
        return fsp.rename(from, to)
      }
    }
    await new DurableJsonFile(join(dir, 'a.json'), { fs, platform: 'win32', retryDelayMs: 1 }).write({
      data: 'ok'
    })
    expect(await new DurableJsonFile(join(dir, 'a.json')).read()).toEqual({ data: 'ok' })
    refusals = 1
    await expect(
      new DurableJsonFile(join(dir, 'a.json'), { fs, platform: 'linux' }).write({ data: 'no' })
    ).rejects.toThrow('busy')
    expect(await fsp.readdir(dir)).toEqual(['a.json'])
  })

  it('gives concurrent writers distinct temp files, so the result is always one whole version', async () => {
    const path = join(dir, 'a.json')
    const writers = Array.from({ length: 20 }, (_, n) =>
      new DurableJsonFile(path).write({ data: { n, pad: 'x'.repeat(5000) } })
    )
    await Promise.all(writers)
    const { data } = (await new DurableJsonFile(path).read()) as { data: { n: number; pad: string } }
    expect(data.pad).toHaveLength(5000)
    expect(await fsp.readdir(dir)).toEqual(['a.json'])
  })

  it('refuses to write something that is not JSON', async () => {
    await expect(new DurableJsonFile(join(dir, 'a.json')).write({ data: undefined })).rejects.toThrow(
      /not JSON/
    )
    expect(await fsp.readdir(dir)).toEqual([])
  })
})

describe('sweepTempFiles', () => {
  it('removes only the dot-prefixed .tmp files a killed save left behind', async () => {
    for (const name of ['.a.json.123.abcd0123.tmp', 'a.json', 'notes.tmp', '.hidden']) {
      await fsp.writeFile(join(dir, name), '')
    }
    expect(await sweepTempFiles(dir)).toEqual(['.a.json.123.abcd0123.tmp'])
    expect((await fsp.readdir(dir)).sort()).toEqual(['.hidden', 'a.json', 'notes.tmp'])
    expect(await sweepTempFiles(join(dir, 'missing'))).toEqual([])
  })

  it('keeps the temp file of a writer that is still running, and removes its own process’s', async () => {
    // The parent process is alive: its temp may be a save in flight, which a sweep must not delete under it.
    const live = `.a.json.${process.ppid}.abcd0123.tmp`
    const own = `.b.json.${process.pid}.abcd0123.tmp`
    for (const name of [live, own]) await fsp.writeFile(join(dir, name), '')
    expect(await sweepTempFiles(dir)).toEqual([own])
    expect(await fsp.readdir(dir)).toEqual([live])
  })
})
