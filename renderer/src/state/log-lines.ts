import { decisionKey } from '../../../rules/core/decision-key'
import type { GameEvent } from '../../../rules/core/events'
import type { Board, EncounterState } from '../../../rules/core/types'
import type { MessageKey, Params } from '../i18n'
import { chargeParts, formatCost } from './options'
import { placeName } from './square-name'

/** A line the AI wrote: why it chose its step, placed after the first `at` events of the log. */
export interface AiNote {
  at: number
  reason: { key: string; params: Record<string, string | number> }
}

/** What the log formatter needs from the i18n layer. */
export interface LogTranslator {
  t(key: MessageKey, params?: Params): string
  /** A rules or AI code under a prefix (`roll`, `sector`, `ai`...); unknown codes show raw. */
  code(prefix: string, code: string, params?: Params): string
  /** A probability as a locale percentage (the AI's P(hit) and P(wound) in its reasons). */
  percent(p: number): string
}

/** One rendered line of the combat log. */
export interface LogLine {
  /** Stable across re-renders: the event index, or `ai-<n>` for AI notes. */
  id: string
  /** What the line is about; `move` (moves, facing, doors) lets the log filter movement apart. */
  kind: 'round' | 'turn' | 'dice' | 'move' | 'attack' | 'effect' | 'ai' | 'end' | 'other'
  text: string
}

type Names = (id: string) => string

function outcome(tr: LogTranslator, e: Extract<GameEvent, { type: 'dice.rolled' }>): string {
  // Through `code`, so a rule system names its own natural faces (Minecraft's "1 natural").
  if (e.natural === 'success') return tr.code('log', 'naturalSuccess')
  if (e.natural === 'failure') return tr.code('log', 'naturalFailure')
  return tr.t(e.success ? 'log.success' : 'log.failure')
}

function dice(e: Extract<GameEvent, { type: 'dice.rolled' }>, name: Names, tr: LogTranslator): string {
  const params = {
    actor: name(e.actorId),
    purpose: tr.code('roll', e.purpose),
    sides: e.sides,
    // A d10 shows 0 for 10 (minecraft.md §4.1); other dice show their face.
    result: e.sides === 10 && e.result === 10 ? '0' : e.result,
    outcome: outcome(tr, e)
  }
  // A face typed from a physical die says so, with the face itself (the result may add modifiers).
  const byHand = e.entered === undefined ? '' : ` ${tr.t('automation.byHand', { face: e.entered })}`
  if (e.target === undefined) return tr.t('log.roll', params) + byHand
  return tr.t(e.atLeast ? 'log.rollAtLeast' : 'log.rollTarget', { ...params, target: e.target }) + byHand
}

/** A logged cost worded as the panels word it (zero fields left out: a move action moving no squares). */
function cost(tr: LogTranslator, spent: Record<string, number>): string {
  return formatCost(tr.code, chargeParts(spent))
}

/** One event as a log line, or null for bookkeeping events the panel already shows. */
export function eventLine(
  e: GameEvent,
  name: Names,
  side: Names,
  tr: LogTranslator,
  /** The parameters a decision was asked with, by its id, so its answer reads like the question. */
  asked: (decisionId: string) => Params | undefined = () => undefined,
  /** The board, so positions read as squares on a grid and as inches on a measured table. */
  board?: Board
): Omit<LogLine, 'id'> | null {
  const place = (pos: { x: number; y: number }): string =>
    board ? placeName(board, pos) : placeName({ width: 0, height: 0, blocks: [] }, pos)
  switch (e.type) {
    case 'encounter.started':
      // Surprise comes from the encounter's settings; the opening line names who is caught by it.
      if (e.surprised?.length)
        return {
          kind: 'round',
          text: tr.t('log.encounterStartedSurprise', { names: e.surprised.map(name).join(', ') })
        }
      return { kind: 'round', text: tr.t('log.encounterStarted') }
    case 'round.started':
      return { kind: 'round', text: tr.t('log.roundStarted', { round: e.round }) }
    case 'initiative.rolled':
      return { kind: 'turn', text: tr.t('log.initiative', { actor: name(e.id), total: Math.floor(e.total) }) }
    case 'initiative.changed':
      return {
        kind: 'turn',
        text: tr.t('log.initiativeChanged', {
          actor: name(e.id),
          total: Math.floor(e.total),
          reason: tr.code('initiative', e.reason)
        })
      }
    case 'turn.started':
      return { kind: 'turn', text: tr.t('log.turnStarted', { side: side(e.sideId), actor: name(e.actorId) }) }
    case 'activation.changed':
      return { kind: 'turn', text: tr.t('log.activationChanged', { actor: name(e.actorId) }) }
    case 'activation.paused':
      return { kind: 'turn', text: tr.t('log.paused', { actor: name(e.actorId) }) }
    case 'activation.resumed':
      return { kind: 'turn', text: tr.t('log.resumed', { actor: name(e.actorId) }) }
    case 'economy.spent': {
      const params = { actor: name(e.actorId), cost: cost(tr, e.cost) }
      return e.kind
        ? { kind: 'other', text: tr.t('log.spentOn', { ...params, action: tr.code('action', e.kind) }) }
        : { kind: 'other', text: tr.t('log.spent', params) }
    }
    case 'economy.changed':
      return null
    case 'dice.rolled':
      return { kind: 'dice', text: dice(e, name, tr) }
    case 'moved': {
      const last = e.path[e.path.length - 1]
      if (!last) return null
      return {
        kind: 'move',
        text: board?.inches
          ? tr.t('log.movedTo', { actor: name(e.id), square: place(last) })
          : tr.t('log.moved', { actor: name(e.id), square: place(last), steps: e.path.length })
      }
    }
    case 'door.changed': {
      // the edge's two squares: the door's own square and the one above (n) or to the left (w)
      const other = e.side === 'n' ? { x: e.x, y: e.y - 1 } : { x: e.x - 1, y: e.y }
      const key = e.open ? 'log.doorOpened' : 'log.doorClosed'
      return { kind: 'move', text: tr.t(key, { from: place(other), to: place({ x: e.x, y: e.y }) }) }
    }
    case 'faced':
      return {
        kind: 'move',
        text: tr.t('log.faced', { actor: name(e.id), direction: tr.code('direction', String(e.facing)) })
      }
    case 'attack.declared': {
      const params = {
        attacker: name(e.attackerId),
        target: name(e.targetId),
        mode: tr.code('action', e.mode)
      }
      const text = e.sector
        ? tr.t('log.attackDeclaredSector', { ...params, sector: tr.code('sector', e.sector) })
        : tr.t('log.attackDeclared', params)
      return { kind: 'attack', text }
    }
    case 'attack.hit':
      return {
        kind: 'effect',
        text: tr.t(e.automatic ? 'log.hitAutomatic' : 'log.hit', { target: name(e.targetId) })
      }
    case 'attack.missed':
      return { kind: 'effect', text: tr.t('log.missed', { attacker: name(e.attackerId) }) }
    case 'pushed':
      return {
        kind: 'effect',
        text: tr.t('log.pushed', {
          actor: name(e.id),
          from: place(e.from),
          to: place(e.to)
        })
      }
    case 'collided':
      return {
        kind: 'effect',
        text: tr.t('log.collided', {
          actor: name(e.id),
          obstacle: tr.code('obstacle', e.obstacle),
          square: place(e.at)
        })
      }
    case 'damaged':
      return {
        kind: 'effect',
        text: tr.t('log.damaged', {
          actor: name(e.id),
          amount: e.amount,
          source: tr.code('source', e.source)
        })
      }
    case 'combatant.out':
      return { kind: 'effect', text: tr.t('log.out', { actor: name(e.id) }) }
    case 'escaped':
      return { kind: 'move', text: tr.t('log.escaped', { actor: name(e.id) }) }
    case 'surprised':
      return { kind: 'turn', text: tr.t('log.surprised', { actor: name(e.id) }) }
    case 'healed':
      return {
        kind: 'other',
        text: tr.t('log.healed', {
          target: name(e.id),
          amount: e.amount,
          source: tr.code('source', e.source)
        })
      }
    case 'stats.changed':
    case 'stats.set':
      return null
    case 'combatant.back':
      return { kind: 'other', text: tr.t('log.back', { target: name(e.id) }) }
    case 'decision.requested':
      return {
        kind: 'turn',
        // A question already ends in its own mark: no full stop after it ("…?.").
        text: tr
          .t('log.decisionRequested', {
            // The GM decides some points itself (`deciderId: 'gm'`): "el DJ", never the bare id (issue 21).
            decider: e.request.deciderId === 'gm' ? tr.t('log.theGm') : name(e.request.deciderId),
            decision: tr.code('decision', decisionKey(e.request.id), e.request.params)
          })
          .replace(/([?!.])\.$/, '$1')
      }
    case 'decision.answered':
      return {
        kind: 'turn',
        text: tr.t('log.decisionAnswered', {
          decision: tr.code('decision', decisionKey(e.decisionId), asked(e.decisionId)),
          choice: tr.code(`decision.${decisionKey(e.decisionId)}`, String(e.choice))
        })
      }
    case 'turn.ended':
      return { kind: 'turn', text: tr.t('log.turnEnded', { actor: name(e.actorId) }) }
    case 'encounter.ended':
      return {
        kind: 'end',
        text: e.winner ? tr.t('log.endedWinner', { side: side(e.winner) }) : tr.t('log.endedDraw')
      }
    default:
      return { kind: 'other', text: tr.t('log.unknown', { type: (e as { type: string }).type }) }
  }
}

/** The parameters a question was asked with, as an answer's reason carries them (`asked.<name>`). */
function askedWith(params: Params): Params {
  const own = Object.entries(params).filter(([k]) => k.startsWith('asked.'))
  return own.length ? Object.fromEntries(own.map(([k, v]) => [k.slice('asked.'.length), v])) : params
}

/**
 * An AI reason as text; `mode` and `why` are codes themselves and are translated too. An answer's
 * `decision` (a decision key) reads as the question, with the parameters it was asked with (`asked`), and
 * its `choice` as that question's answer label (`decision.<key>.<choice>`; a number stays a number).
 */
export function aiLine(note: AiNote, tr: LogTranslator, asked?: Params): string {
  const params: Params = { ...note.reason.params }
  if (typeof params.mode === 'string') params.mode = tr.code('action', params.mode)
  if (typeof params.why === 'string') params.why = tr.code('ai.why', params.why)
  // The AI sends exact probabilities as numbers: a person reads them as percentages, as in the trace.
  for (const key of ['pHit', 'pWound'])
    if (typeof params[key] === 'number') params[key] = tr.percent(params[key] as number)
  const decision = note.reason.params.decision
  // Answers the automation gave (automation-control.svelte.ts) read like the AI's own.
  const answered = ['answer', 'autoAnswered', 'autoDeclined'].includes(note.reason.key)
  if (answered && typeof decision === 'string') {
    params.decision = tr.code('decision', decision, asked ?? askedWith(note.reason.params))
    if (params.choice !== undefined) params.choice = tr.code(`decision.${decision}`, String(params.choice))
  }
  return tr.code('ai', note.reason.key, params)
}

/** The whole combat log: every event of the state in order, with the AI's reasons where they were given. */
export function logLines(state: EncounterState, notes: readonly AiNote[], tr: LogTranslator): LogLine[] {
  const names = new Map(state.combatants.map((c) => [c.id, c.name]))
  const sides = new Map(state.sides.map((s) => [s.id, s.name]))
  // A side can roll too (Carnevale's roll-off for who opens the round): its name, not its id.
  const name: Names = (id) => names.get(id) ?? sides.get(id) ?? id
  const side: Names = (id) => sides.get(id) ?? id
  const byPosition = [...notes]
    .map((note, i) => ({ note, i }))
    .sort((a, b) => a.note.at - b.note.at || a.i - b.i)
  const lines: LogLine[] = []
  const asked = new Map<string, Params | undefined>()
  // The AI's answer notes name the decision by key only: the latest question asked under that key.
  const askedByKey = new Map<string, Params | undefined>()
  let next = 0
  const flushNotes = (upTo: number): void => {
    for (let entry = byPosition[next]; entry && entry.note.at <= upTo; entry = byPosition[++next]) {
      const decision = entry.note.reason.params.decision
      const params = typeof decision === 'string' ? askedByKey.get(decision) : undefined
      lines.push({ id: `ai-${entry.i}`, kind: 'ai', text: aiLine(entry.note, tr, params) })
    }
  }
  // Custom dice (HQ2's combat dice) are rolled in pools of many: one line per pool, faces counted.
  let pool: { key: string; line: LogLine; faces: Map<string, number>; counted: number; n: number } | null =
    null
  state.log.forEach((event, index) => {
    flushNotes(index)
    if (event.type === 'decision.requested') {
      asked.set(event.request.id, event.request.params)
      askedByKey.set(decisionKey(event.request.id), event.request.params)
    }
    if (event.type === 'dice.rolled' && event.face !== undefined) {
      const key = `${event.actorId}|${event.purpose}`
      if (!pool || pool.key !== key || lines.at(-1) !== pool.line) {
        pool = {
          key,
          line: { id: String(index), kind: 'dice', text: '' },
          faces: new Map(),
          counted: 0,
          n: 0
        }
        lines.push(pool.line)
      }
      pool.faces.set(event.face, (pool.faces.get(event.face) ?? 0) + 1)
      pool.counted += event.success ? 1 : 0
      pool.n++
      const faces = [...pool.faces].map(([face, n]) => `${tr.code('face', face)} ×${n}`).join(', ')
      pool.line.text = tr.t('log.pool', {
        actor: name(event.actorId),
        purpose: tr.code('roll', event.purpose),
        n: pool.n,
        faces,
        counted: pool.counted
      })
      return
    }
    const line = eventLine(event, name, side, tr, (id) => asked.get(id), state.board)
    if (line) lines.push({ id: String(index), ...line })
  })
  flushNotes(Infinity)
  return lines
}
