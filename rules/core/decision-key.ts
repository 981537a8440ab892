/** The decider id of GM adjudication points: no figure of the board, the person running the table. */
export const GM_DECIDER = 'gm'

/** The i18n key of a decision id: `pf1.aoo#goblin-2` reads as `pf1.aoo` (see `DecisionRequest.id`). */
export function decisionKey(id: string): string {
  const hash = id.indexOf('#')
  return hash < 0 ? id : id.slice(0, hash)
}
