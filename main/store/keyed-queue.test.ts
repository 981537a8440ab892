import { describe, expect, it } from 'vitest'
import { KeyedQueue } from './keyed-queue'

const tick = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe('KeyedQueue', () => {
  it('never overlaps tasks of one key and keeps their order', async () => {
    const queue = new KeyedQueue()
    const events: string[] = []
    const task = (name: string, ms: number) => async () => {
      events.push(`start ${name}`)
      await tick(ms)
      events.push(`end ${name}`)
      return name
    }
    const results = await Promise.all([
      queue.run('a', task('1', 15)),
      queue.run('a', task('2', 1)),
      queue.run('a', task('3', 5))
    ])
    expect(results).toEqual(['1', '2', '3'])
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3'])
  })

  it('runs different keys side by side, and a failure does not block the next task', async () => {
    const queue = new KeyedQueue()
    const events: string[] = []
    const slow = queue.run('a', async () => {
      await tick(20)
      events.push('a')
    })
    await queue.run('b', async () => {
      events.push('b')
    })
    expect(events).toEqual(['b'])
    const failed = queue.run('a', () => Promise.reject(new Error('disk full')))
    const after = queue.run('a', () => Promise.resolve('saved'))
    await expect(failed).rejects.toThrow('disk full')
    await expect(after).resolves.toBe('saved')
    await slow
  })

  it('idle() waits for everything queued, including tasks queued meanwhile', async () => {
    const queue = new KeyedQueue()
    let done = 0
    void queue.run('a', async () => {
      await tick(10)
      void queue.run('b', async () => {
        await tick(10)
        done++
      })
      done++
    })
    await queue.idle()
    expect(done).toBe(2)
  })
})
