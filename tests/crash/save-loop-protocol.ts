// What the save-loop child (writer.ts) and its verifier (save-loop-scenario.ts) share.

/**
 * The writers the child can be: ours; a plain truncate-and-write control that must be caught tearing the file;
 * and ours acknowledging each save before it starts, a control that must be caught losing acknowledged saves.
 */
export type WriterMode = 'durable' | 'naive' | 'ack-early'

export const WRITER_MODES: readonly string[] = ['durable', 'naive', 'ack-early'] satisfies WriterMode[]

/** The name save `n` carries; the verifier reads the save number back out of the file. */
export function saveName(n: number): string {
  return `Crash save ${n}`
}

/** The save number in a campaign name written by {@link saveName}, or null. */
export function saveNumberOf(name: unknown): number | null {
  const match = typeof name === 'string' ? /^Crash save (\d+)$/.exec(name) : null
  return match === null ? null : Number(match[1])
}
