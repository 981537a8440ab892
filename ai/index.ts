/** The AI that plays any side: one greedy, explained step at a time. */
export { chooseStep, type AiStep, type AiReason, type AiOption } from './choose'
export { brute, personalities, type Personality } from './personality'
export { chooseAnswer } from './answer'
