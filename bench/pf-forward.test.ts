import { describe, expect, it } from 'vitest'
import { runCli } from './cli'
import { parseArgs, pfForwardSpec } from './pf-forward'

/** Runs the CLI's parsing in-process; `main` only records the options it would run with. */
async function cli(...argv: string[]) {
  let out = ''
  let err = ''
  let ran: unknown
  const code = await runCli(pfForwardSpec, argv, parseArgs, async (opts) => ((ran = opts), 0), {
    out: (x) => void (out += x),
    err: (x) => void (err += x)
  })
  return { code, out, err, ran }
}

describe('bench/pf-forward.ts command line', () => {
  it('reads its flags, with defaults for the rest', async () => {
    expect((await cli('--games', '2', '--json')).ran).toEqual({
      games: 2,
      timedGames: 4,
      seed: 1,
      json: true
    })
    expect((await cli('--timed-games=0', '--seed', '-3')).ran).toMatchObject({ timedGames: 0, seed: -3 })
  })

  it('prints its help on --help and exits 0', async () => {
    const r = await cli('--help')
    expect(r.code).toBe(0)
    expect(r.out).toContain('--timed-games N')
    expect(r.ran).toBeUndefined()
  })

  it.each([['--games', '0'], ['--gmaes', '2'], ['--json=yes'], ['extra']])(
    'exits 2 on a bad command line: %s',
    async (...argv) => {
      const r = await cli(...argv)
      expect(r.code).toBe(2)
      expect(r.err).toMatch(/^pf-forward: /)
      expect(r.ran).toBeUndefined()
    }
  )
})
