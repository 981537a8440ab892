import { rulesets } from '../../../rules/systems'
import type { SystemId } from '../../../rules/core/types'
import type { Terms } from './index'

/** Each implemented rule system's own terms (from its ruleset), which the UI puts before its catalogue. */
export const systemTerms: Partial<Record<SystemId, Terms>> = Object.fromEntries(
  Object.values(rulesets).flatMap((ruleset) => (ruleset.terms ? [[ruleset.id, ruleset.terms]] : []))
)
