import type { Ruleset } from '../../core/ruleset'

/**
 * What the battlemap asks this system beyond play: the map features its rules read, its ruler metric,
 * area templates, sight and cover from a figure, and the conditions a token shows.
 */
export const mapHooks: Pick<
  Ruleset,
  'map' | 'measure' | 'areaTemplates' | 'canSee' | 'coverAt' | 'conditions'
> = {}
