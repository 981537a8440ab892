// The continuous-board geometry (Carnevale's table measured in inches): what the renderer, the rules and the
// AI import. System-agnostic: every tolerance, cost and factor is a parameter with a documented default.

export {
  DEFAULT_BASE_MM,
  MM_PER_INCH,
  baseRadius,
  isInchesBoard,
  radiusUnits,
  toInches,
  toUnits,
  unitsPerInch
} from './units'
export type { BaseLike, InchesBoardOf } from './units'
export { inWater, standHeights, surfaceAt, waterPieceAt } from './surface'
export type { Surface, SurfaceKind } from './surface'
export { baseContact, contactsOf, edgeDistance, planGap, verticalGap } from './measure'
export type { Contact, ContactOf, ContactOptions, ContactVia } from './measure'
export { lineOfSight } from './sight'
export type { Sight, SightOptions } from './sight'
export { checkPath, measurePath } from './move-path'
export type { MoveOptions, PathMeasure, PathViolation } from './move-path'
export type { CostOptions, PathProblem } from './segments'
export { findPath } from './find-path'
export type { FoundPath } from './find-path'
export type { SearchOptions } from './search'
export { reachable } from './reachable'
export type { ReachOptions, ReachablePoint } from './reachable'
export { checkJump, jumpTargets } from './jump'
export type { JumpCheck, JumpOptions, JumpProblem, JumpTarget, JumpTargetOptions } from './jump'
export { pushAlong, pushToward } from './push'
export type { PushOptions, PushResult, PushStop } from './push'
