import { ownValue } from '../../../rules/core/own-key'
import type { Combatant, EncounterState } from '../../../rules/core/types'
import type { CampaignAutomation } from './automation'

// Solo and GM mode (issue 7): a quick way to set every figure's controller. `Combatant.controller` stays
// the source of truth; the mode only writes it (into the encounter's initial state, see the session's
// `setControllers`), and remembers which sides the AI plays or suggests for in GM mode. Encounter and side
// ids come from typed names (`constructor`...): the stored records are read with `ownValue`, never `[id]`.

/** solo: the player's side against the AI; gm: the GM runs every figure, with the AI's help per side. */
export type PlayMode = 'solo' | 'gm'

/** In GM mode, who moves a side's figures: the GM alone, the AI, or the AI as a suggestion to accept. */
export type SideRole = 'gm' | 'plays' | 'suggests'

/** An encounter's mode as stored in the campaign. */
export interface ModeSettings {
  mode: PlayMode
  /** Solo: the side the player controls. */
  heroSide: string
  /** GM mode: each side's role (a side not named: the GM plays it). */
  sides: Record<string, SideRole>
}

/** The side a person already plays (the first human figure's), else the first side: the heroes in samples. */
export function defaultHeroSide(state: EncounterState): string {
  return state.combatants.find((c) => c.controller === 'human')?.side ?? state.sides[0]?.id ?? ''
}

/**
 * The encounter's mode: as stored, when it still describes the figures' controllers (they are the truth: a
 * new version, a builder edit or a save cut short can leave a stored mode behind them), else read off the
 * controllers: GM mode when a GM controls a figure or no person does (an AI-vs-AI fight is no solo game),
 * each side then played by the AI if its figures are AI-controlled. So the panel never says "Solo" while
 * the AI plays the player's side, and a file from before modes opens as it plays.
 */
export function modeOf(state: EncounterState, automation: CampaignAutomation | undefined): ModeSettings {
  const kept = ownValue(automation?.encounters, state.id)
  const saved: ModeSettings | undefined = kept && {
    mode: kept.mode,
    heroSide: kept.heroSide ?? defaultHeroSide(state),
    sides: kept.sides ?? {}
  }
  const stored = saved && controllerChanges(state, saved).size === 0 ? saved : undefined
  const inferredGm =
    state.combatants.some((c) => c.controller === 'gm') ||
    (state.combatants.length > 0 && state.combatants.every((c) => c.controller === 'ai'))
  const mode = stored?.mode ?? (inferredGm ? 'gm' : 'solo')
  // Solo read off the controllers is the side a person plays; otherwise the side last picked for solo.
  const heroSide = stored?.heroSide ?? (mode === 'solo' ? defaultHeroSide(state) : saved?.heroSide)
  const roleOf = (sideId: string): SideRole => {
    const figures = state.combatants.filter((c) => c.side === sideId)
    const inferred = figures.length > 0 && figures.every((c) => c.controller === 'ai') ? 'plays' : 'gm'
    // A side the AI suggests for is AI-controlled too: a saved "suggests" holds while the AI controls it.
    const wanted = ownValue(saved?.sides, sideId)
    return (
      ownValue(stored?.sides, sideId) ?? (wanted === 'suggests' && inferred === 'plays' ? wanted : inferred)
    )
  }
  const sides = Object.fromEntries(state.sides.map((side) => [side.id, roleOf(side.id)]))
  return { mode, heroSide: heroSide ?? defaultHeroSide(state), sides }
}

/** The controller a mode gives a figure. */
export function controllerFor(
  settings: ModeSettings,
  figure: Pick<Combatant, 'side'>
): Combatant['controller'] {
  if (settings.mode === 'solo') return figure.side === settings.heroSide ? 'human' : 'ai'
  return sideRole(settings, figure.side) === 'gm' ? 'gm' : 'ai'
}

/** A side's role in GM mode (a side the settings do not name: the GM plays it). */
export function sideRole(settings: ModeSettings, sideId: string): SideRole {
  return ownValue(settings.sides, sideId) ?? 'gm'
}

/** Figures' new controllers by figure id (a Map: ids are typed names, `constructor` included). */
export type ControllerChanges = ReadonlyMap<string, Combatant['controller']>

/** Every figure's controller under a mode, by id; only figures whose controller changes are listed. */
export function controllerChanges(state: EncounterState, settings: ModeSettings): ControllerChanges {
  return new Map(
    state.combatants.flatMap((c) => {
      const wanted = controllerFor(settings, c)
      return wanted === c.controller ? [] : [[c.id, wanted] as const]
    })
  )
}

/** The sides whose AI steps wait for the GM as suggestions (GM mode, role `suggests`). */
export function suggestingSides(settings: ModeSettings): string[] {
  if (settings.mode !== 'gm') return []
  return Object.entries(settings.sides).flatMap(([side, role]) => (role === 'suggests' ? [side] : []))
}

/** `state` with the controllers changed (figures not named keep theirs). */
export function withControllers(state: EncounterState, changes: ControllerChanges): EncounterState {
  return {
    ...state,
    combatants: state.combatants.map((c) => {
      const controller = changes.get(c.id)
      return controller && controller !== c.controller ? { ...c, controller } : c
    })
  }
}

/** The campaign's automation with an encounter's mode stored. */
export function withMode(
  automation: CampaignAutomation | undefined,
  encounterId: string,
  settings: ModeSettings
): CampaignAutomation {
  return { ...automation, encounters: { ...automation?.encounters, [encounterId]: settings } }
}
