import type { Ruleset } from '../core/ruleset'
import type { SystemId } from '../core/types'
import { athkri } from './athkri'
import { carnevale } from './carnevale'
import { hq2 } from './hq2'
import { minecraft } from './minecraft'
import { pathfinder1e } from './pathfinder1e'

/** Every implemented ruleset by system id. */
export const rulesets: Partial<Record<SystemId, Ruleset>> = {
  minecraft,
  athkri,
  hq2,
  pathfinder1e,
  carnevale
}

/** The ruleset of a system; throws when the system is unknown or not implemented yet. */
export function getRuleset(id: string): Ruleset {
  const ruleset = Object.hasOwn(rulesets, id) ? rulesets[id as SystemId] : undefined
  if (!ruleset) {
    const known = Object.keys(rulesets).join(', ')
    throw new Error(`no ruleset for system "${id}" (implemented: ${known})`)
  }
  return ruleset
}
