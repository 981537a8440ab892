import type { Command, EncounterState } from '../../../rules/core/types'
import type { AiNote } from '../state/log-lines'

/** Asks the AI worker for the next step of one figure. */
export interface AiRequest {
  id: number
  state: EncounterState
  actorId: string
}

/** The worker's answer: a command and its reason, or why it could not choose. */
export type AiResponse =
  | { id: number; ok: true; command: Command; reason: AiNote['reason'] }
  | { id: number; ok: false; error: string }
