import type { SystemId } from '../../../rules/core/types'
import { terms as minecraft } from '../../../rules/systems/minecraft/terms'
import type { Terms } from './index'

/** Each implemented rule system's own terms, which the UI puts before its generic catalogue. */
export const systemTerms: Partial<Record<SystemId, Terms>> = { minecraft }
