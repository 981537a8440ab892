import { statsSet } from '../../core/stats'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers } from '../../core/types'
import type { Chain } from '../../core/chain'
import { rollD20 } from './damage'
import { reactFirst } from './resolve-attack'
import { addEffect } from './resolve-move'
import { readStats, type PfStats } from './stats'
import { delayedInitiative } from './turn-order'

// The actions without an attack roll (pathfinder1e.md §3.2 table): total defense, standing up, dropping
// prone, drawing a weapon, delay, ready, and stabilizing a dying friend (Heal DC 15, §3.4 (b) provokes).

/** The Heal DC to stabilize a dying figure ([SRD]). */
export const STABILIZE_DC = 15

function setStats(chain: Chain, id: string, patch: (s: PfStats) => PfStats): void {
  const figure = chain.figure(id)
  chain.emit([statsSet(figure, patch(readStats(figure)))])
}

const without = (list: readonly string[], item: string): string[] => list.filter((x) => x !== item)

/** Resolves the simple actions; false when `action.kind` is not one of them. */
export function resolveSimple(chain: Chain, action: Action, dice: DiceRoller, answers: Answers): boolean {
  const { actorId } = action
  switch (action.kind) {
    case 'totalDefense':
      addEffect(chain, actorId, { id: 'totalDefense', until: actorId })
      return true
    case 'standUp':
      // §3.2: standing up is a move action that provokes; a figure that falls meanwhile stays down.
      if (
        !reactFirst(
          chain,
          action,
          { path: [], mode: null, inPlace: { kind: 'standUp' }, trigger: null },
          dice,
          answers
        ).goOn
      )
        return true
      setStats(chain, actorId, (s) => ({
        ...s,
        conditions: without(s.conditions, 'prone') as PfStats['conditions']
      }))
      return true
    case 'dropProne':
      setStats(chain, actorId, (s) => ({ ...s, conditions: [...s.conditions, 'prone'] }))
      return true
    case 'drawWeapon': {
      const weapon = String(action.options?.weapon ?? '')
      setStats(chain, actorId, (s) => ({ ...s, wielding: { ...s.wielding, main: weapon } }))
      return true
    }
    case 'delay':
      // §3.2 Delay: the figure's count becomes the one right after the figure it waits for.
      if (typeof action.options?.after === 'string')
        chain.emit([
          {
            type: 'initiative.changed',
            id: actorId,
            total: delayedInitiative(chain.state, actorId, action.options.after),
            reason: 'delayed'
          }
        ])
      return true
    case 'ready': {
      const trigger = action.options?.trigger
      if (trigger === 'entersReach' || trigger === 'attacks' || trigger === 'casts' || trigger === 'charges')
        setStats(chain, actorId, (s) => ({ ...s, readied: { action: 'attack', trigger } }))
      return true
    }
    case 'stabilize': {
      const targetId = action.targetId
      if (!targetId) return true
      if (
        !reactFirst(
          chain,
          action,
          { path: [], mode: null, inPlace: { kind: 'stabilize' }, trigger: null },
          dice,
          answers
        ).goOn
      )
        return true
      const heal = readStats(chain.figure(actorId)).skills.heal ?? 0
      const roll = rollD20(dice, actorId, 'pf1.heal-check', heal, STABILIZE_DC, 'natural20')
      chain.emit([roll.event])
      if (roll.success) {
        const target = chain.figure(targetId)
        if (target.life < 0)
          setStats(chain, targetId, (s) => ({
            ...s,
            conditions: [...without(s.conditions, 'stable'), 'stable'] as PfStats['conditions']
          }))
      }
      return true
    }
    default:
      return false
  }
}
