import '../zod-config'
import { chooseStep } from '../../../ai'
import { getRuleset } from '../../../rules/systems'
import type { AiRequest, AiResponse } from './protocol'

// The AI thinks here, off the UI thread: one request in, one whole step (command, reason, trace) out.

interface WorkerScope {
  onmessage: ((event: MessageEvent<AiRequest>) => void) | null
  postMessage(message: AiResponse): void
}

const scope = self as unknown as WorkerScope

scope.onmessage = ({ data }) => {
  try {
    const step = chooseStep(data.state, getRuleset(data.state.system), data.actorId)
    scope.postMessage({ id: data.id, ok: true, step })
  } catch (error) {
    scope.postMessage({
      id: data.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error)
    })
  }
}
