// The harness's stand-in for an encounter session on the fixture table: the fixture rules, a move applied by
// putting the figure at its path's end, attacks only recorded. Enough to drive the inches map end to end.
import type { Action, Combatant, EncounterState, Violation } from '../../../rules/core/types'
import { attackTargets, moveOptions } from '../../../renderer/src/state/battlemap-view'
import type { InchesHost } from '../../../renderer/src/state/inches-control.svelte'
import { fixtureRules, inchesFixture } from '../../../renderer/src/state/inches-fixture'
import { locale } from '../../../renderer/src/state/locale.svelte'

/** The fixture fight as reactive state, with the Capitano (a person's figure) active. */
export class HarnessHost implements InchesHost {
  state = $state.raw<EncounterState>(inchesFixture())
  targetId = $state<string | null>(null)
  /** Every action declared, in order. */
  declared = $state.raw<Action[]>([])
  readonly ruleset = fixtureRules
  readonly humanTurn = true
  readonly active: Combatant | null = $derived(
    this.state.combatants.find((c) => c.id === this.state.turn?.activeId) ?? null
  )
  readonly legal: Action[] = $derived(
    this.active ? fixtureRules.legalActions(this.state, this.active.id) : []
  )
  readonly moves = $derived(
    moveOptions(
      this.legal,
      () => 0,
      (a) => fixtureRules.moveInfo!(this.state, a)
    )
  )
  readonly targets = $derived(attackTargets(this.legal))

  /** A refusal in the UI language, ids in its parameters as names (as the session words them). */
  describe = (v: Violation): string => {
    const params = { ...v.params }
    const by = this.state.combatants.find((c) => c.id === params.by)
    if (by) params.by = by.name
    return locale.code('violation', v.code, params)
  }

  /** Moves the figure to its path's end; other actions are only recorded. */
  act = (action: Action): void => {
    this.declared = [...this.declared, action]
    const end = action.path?.[action.path.length - 1]
    if (action.kind !== 'move' || !end) return
    this.state = {
      ...this.state,
      combatants: this.state.combatants.map((c) => (c.id === action.actorId ? { ...c, pos: { ...end } } : c))
    }
  }
}
