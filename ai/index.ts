/** The AI that plays any side: one explained step at a time, at a level and with a personality. */
export { chooseStep } from './choose'
export type { AiStep, AiReason, AiOption, AiTerm, AiProbability, AiSettings, Policy } from './types'
export {
  brute,
  personalities,
  personalityIds,
  personalitySchema,
  personalityWeightsSchema,
  type Personality
} from './personality'
export { traceHash, lostOn } from './trace'
export { lifeSeen } from './perception'
export { aiLevels, levelPolicy, profilePolicy } from './policy'
export { personalityOf, settingsFor } from './settings'
export { chooseAnswer } from './answer'
