import type { Command } from '../../rules/core/types'

/** A readable failure with the commands that led to it, so a shrunk counterexample is a reproduction. */
export class InvariantError extends Error {
  constructor(message: string, commands: readonly Command[], extra?: unknown) {
    const tail = commands.slice(-3).map((c) => JSON.stringify(c))
    super(
      `${message}\n  after ${commands.length} commands; last: ${tail.join('\n    ')}` +
        (extra === undefined ? '' : `\n  ${JSON.stringify(extra)}`)
    )
  }
}
