// Where each run of a kill -9 harness dies: a pure function of (seed, run index), so any run replays alone and
// the outcome of a paused kill does not depend on how busy the machine is. Shared by the driver and the child.

/** Where and how one child dies. */
export interface KillPlan {
  /** The operation it dies before: 0 is before its first one (see kill-point.ts for what counts). */
  step: number
  /**
   * false (paused): the child stops before the step and waits to be killed, so what it leaves is exactly the
   * work of steps 0..step-1, however loaded the machine. true (racing): it announces the step and carries on,
   * and the kill lands during that step or a little after, reaching states no pause can (a write half done).
   */
  racing: boolean
}

/** The environment variable that hands the child its plan. */
export const KILL_PLAN_ENV = 'EMBOSCADA_KILL_PLAN'

/** The plan of run `index`: the step drawn uniformly from `[min, max]`, racing for a `racingShare` of runs. */
export function killPlan(
  seed: number,
  index: number,
  [min, max]: [number, number],
  racingShare = 0
): KillPlan {
  const draw = mix(seed, index)
  const racing = mix(draw, 0x5f3759df) / 2 ** 32 < racingShare
  return { step: min + (draw % (max - min + 1)), racing }
}

/** `step:paused` or `step:racing`, for the environment. */
export function formatKillPlan(plan: KillPlan): string {
  return `${plan.step}:${plan.racing ? 'racing' : 'paused'}`
}

/** The plan in `text`, or null when there is none (the child then runs until something else kills it). */
export function parseKillPlan(text: string | undefined): KillPlan | null {
  const match = /^(\d+):(paused|racing)$/.exec(text ?? '')
  return match === null ? null : { step: Number(match[1]), racing: match[2] === 'racing' }
}

/** splitmix32 over two numbers: cheap, well mixed, and free of shared state between lanes. */
function mix(a: number, b: number): number {
  let z = (a ^ Math.imul(b + 1, 0x9e3779b9)) >>> 0
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
  return (z ^ (z >>> 16)) >>> 0
}
