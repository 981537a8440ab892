// pathfinder1e.md §3.2 "Spells": the cast action as the rest of the ruleset calls it. The pieces live in
// spell-area.ts (aiming and who an area catches), spell-validate.ts, spell-candidates.ts,
// spell-concentration.ts (what casting provokes, concentration), spell-resolve.ts and spell-odds.ts.

export { spellActions } from './spell-candidates'
export { castProvoking } from './spell-concentration'
export { castOdds } from './spell-odds'
export { resolveCast } from './spell-resolve'
export { validateCast } from './spell-validate'
