import { z } from 'zod'
import type { AiStep } from '../../../ai/types'
import { actionSchema, commandSchema } from '../../../rules/core/schemas'
import type { EncounterState } from '../../../rules/core/types'

/** Asks the AI worker for the next step of one figure. */
export interface AiRequest {
  id: number
  state: EncounterState
  actorId: string
}

/** The worker's answer: the whole step (command, reason and trace), or why it could not choose. */
export type AiResponse = { id: number; ok: true; step: AiStep } | { id: number; ok: false; error: string }

const finite = z.number().finite()
const code = z.string().min(1).max(60)
const reasonSchema = z.object({
  key: code,
  params: z.record(z.string(), z.union([z.string().max(400), finite]))
})

/** An `AiStep` as it must arrive from the worker: a message is data from another realm, checked before use. */
export const aiStepSchema = z.object({
  command: commandSchema,
  reason: reasonSchema,
  trace: z
    .array(
      z.object({
        action: actionSchema.nullable(),
        score: finite,
        reason: reasonSchema,
        terms: z.array(z.object({ key: code, value: finite })).max(40),
        probabilities: z.array(z.object({ key: code, p: z.number().min(0).max(1) })).max(40),
        lostOn: z.object({ key: code, by: finite }).optional()
      })
    )
    .max(50),
  considered: z.number().int().min(0),
  policy: code,
  personality: code
})

/** The step in a worker message, or null when it is not a well-formed `AiStep`. */
export function parseAiStep(value: unknown): AiStep | null {
  const parsed = aiStepSchema.safeParse(value)
  return parsed.success ? (parsed.data as AiStep) : null
}
