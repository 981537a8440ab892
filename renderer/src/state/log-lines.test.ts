import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../rules/core/events'
import type { EncounterState } from '../../../rules/core/types'
import { formatPercent, translate, translateCode, type Locale } from '../i18n'
import { play, started } from './fixtures'
import { systemTerms } from '../i18n/system-terms'
import { aiLine, eventLine, logLines, type LogTranslator } from './log-lines'

const tr = (locale: Locale): LogTranslator => ({
  t: (key, params) => translate(locale, key, params),
  code: (prefix, code, params) => translateCode(locale, prefix, code, params),
  percent: (p) => formatPercent(locale, p)
})
const names = (id: string): string => ({ steve: 'Steve', 'zombie-1': 'Zombi 1', heroes: 'Héroes' })[id] ?? id
const line = (e: GameEvent, locale: Locale = 'es'): string | undefined =>
  eventLine(e, names, names, tr(locale))?.text

describe('eventLine', () => {
  it.each<[GameEvent, string]>([
    [{ type: 'round.started', round: 2 }, 'Ronda 2'],
    [
      {
        type: 'dice.rolled',
        actorId: 'steve',
        purpose: 'hit',
        sides: 10,
        result: 4,
        target: 7,
        success: true
      },
      'Steve, tirada para impactar: d10 = 4 (necesita ≤ 7) → éxito'
    ],
    [
      {
        type: 'dice.rolled',
        actorId: 'steve',
        purpose: 'wound',
        sides: 10,
        result: 10,
        target: 9,
        success: false,
        natural: 'failure'
      },
      'Steve, tirada para herir: d10 = 0 (necesita ≤ 9) → fallo automático (tirada natural)'
    ],
    [
      { type: 'attack.declared', attackerId: 'steve', targetId: 'zombie-1', mode: 'melee', sector: 'flank' },
      'Steve ataca a Zombi 1: cuerpo a cuerpo, por el flanco.'
    ],
    [
      { type: 'pushed', id: 'zombie-1', from: { x: 8, y: 4, z: 0 }, to: { x: 9, y: 4, z: 0 } },
      'Empuje: Zombi 1 retrocede de I5 a J5.'
    ],
    [
      { type: 'collided', id: 'zombie-1', at: { x: 4, y: 2, z: 0 }, obstacle: 'block' },
      'Choque: Zombi 1 no puede retroceder: un bloque en E3.'
    ],
    [{ type: 'damaged', id: 'zombie-1', amount: 1, source: 'impact' }, 'Zombi 1 pierde 1 de vida (choque).'],
    [{ type: 'combatant.out', id: 'zombie-1' }, 'Zombi 1 queda fuera de combate.'],
    [{ type: 'encounter.ended', winner: 'heroes' }, 'Fin del encuentro: gana Héroes.'],
    [{ type: 'encounter.ended', winner: null }, 'Fin del encuentro: empate.']
  ])('%j', (event, text) => {
    expect(line(event)).toBe(text)
  })

  it('names a door by the two squares it parts, and the GM as the source of a life edit', () => {
    expect(line({ type: 'door.changed', x: 2, y: 3, side: 'w', open: true })).toBe(
      'Se abre la puerta entre B4 y C4.'
    )
    expect(line({ type: 'door.changed', x: 2, y: 3, side: 'n', open: false }, 'en')).toBe(
      'The door between C3 and C4 closes.'
    )
    expect(line({ type: 'damaged', id: 'steve', amount: 3, source: 'gm' })).toBe(
      'Steve pierde 3 de vida (el DJ).'
    )
  })

  it('speaks English too', () => {
    const roll: GameEvent = {
      type: 'dice.rolled',
      actorId: 'steve',
      purpose: 'impact',
      sides: 10,
      result: 1,
      target: 5,
      success: true,
      natural: 'success'
    }
    expect(line(roll, 'en')).toBe(
      'Steve, collision (strength-4 impact): d10 = 1 (needs ≤ 5) → automatic success (natural roll)'
    )
  })

  it('lets a rule system name its natural faces (Minecraft: the d10’s 1 and 0)', () => {
    const minecraft = (locale: Locale): LogTranslator => ({
      t: (key, params) => translate(locale, key, params),
      code: (prefix, code, params) => translateCode(locale, prefix, code, params, systemTerms.minecraft),
      percent: (p) => formatPercent(locale, p)
    })
    const roll = (natural: 'success' | 'failure', result: number): GameEvent => ({
      type: 'dice.rolled',
      actorId: 'steve',
      purpose: 'wound',
      sides: 10,
      result,
      target: 5,
      success: natural === 'success',
      natural
    })
    expect(eventLine(roll('failure', 10), names, names, minecraft('es'))?.text).toBe(
      'Steve, tirada para herir: d10 = 0 (necesita ≤ 5) → fallo automático (0 natural)'
    )
    expect(eventLine(roll('success', 1), names, names, minecraft('en'))?.text).toMatch(
      /→ automatic success \(natural 1\)$/
    )
  })

  it('words a cost through the rules’ terms, leaving out zero fields', () => {
    const spent: GameEvent = {
      type: 'economy.spent',
      actorId: 'steve',
      cost: { move: 1, squares: 0 },
      economy: { value: 'acting', context: {} }
    }
    const terms = { es: { 'cost.move': 'acción de movimiento', 'cost.squares': '{n} casillas' }, en: {} }
    const pf: LogTranslator = {
      t: (key, params) => translate('es', key, params),
      code: (prefix, code, params) => translateCode('es', prefix, code, params, terms),
      percent: (p) => formatPercent('es', p)
    }
    expect(eventLine(spent, names, names, pf)?.text).toBe('Steve gasta acción de movimiento.')
    expect(line({ ...spent, cost: { ap: 2 } })).toBe('Steve gasta 2 PA.')
  })

  it('shows an unknown roll purpose raw, and an unknown event by its type', () => {
    const roll: GameEvent = {
      type: 'dice.rolled',
      actorId: 'steve',
      purpose: 'morale',
      sides: 6,
      result: 3,
      success: true
    }
    expect(line(roll)).toBe('Steve, morale: d6 = 3 → éxito')
    expect(line({ type: 'mystery' } as unknown as GameEvent)).toBe('Suceso: mystery')
  })
})

describe('decision lines with an instance id', () => {
  // `pf1.aoo#goblin-2` is the `pf1.aoo` decision asked of one figure: its text is the key's, not the id's.
  const terms = {
    es: {
      'decision.pf1.aoo': '¿{attacker} aprovecha el ataque de oportunidad?',
      'decision.pf1.aoo.yes': 'sí, ataca'
    },
    en: {
      'decision.pf1.aoo': 'Does {attacker} take the attack of opportunity?',
      'decision.pf1.aoo.yes': 'yes, attack'
    }
  }
  const withTerms = (locale: Locale): LogTranslator => ({
    t: (key, params) => translate(locale, key, params),
    code: (prefix, code, params) => translateCode(locale, prefix, code, params, terms),
    percent: (p) => formatPercent(locale, p)
  })

  const requested: GameEvent = {
    type: 'decision.requested',
    action: { kind: 'move', actorId: 'steve', path: [{ x: 3, y: 5, z: 0 }] },
    answers: {},
    request: {
      id: 'pf1.aoo#goblin-2',
      deciderId: 'zombie-1',
      choices: ['yes', 'no'],
      default: 'yes',
      params: { attacker: 'Zombi 1' }
    }
  }
  const answered: GameEvent = { type: 'decision.answered', decisionId: 'pf1.aoo#goblin-2', choice: 'yes' }

  it('translates the request and the answer by the decision key', () => {
    const es = withTerms('es')
    expect(eventLine(requested, names, names, es)?.text).toBe(
      'Decisión pendiente para Zombi 1: ¿Zombi 1 aprovecha el ataque de oportunidad?'
    )
    const asked = (id: string) => (id === 'pf1.aoo#goblin-2' ? { attacker: 'Zombi 1' } : undefined)
    expect(eventLine(answered, names, names, es, asked)?.text).toBe(
      'Decidido: ¿Zombi 1 aprovecha el ataque de oportunidad? → sí, ataca.'
    )
  })

  it('words the answer in the log with the parameters the question was asked with', () => {
    const state = { ...started(), log: [requested, answered] }
    expect(logLines(state, [], withTerms('en')).map((l) => l.text)).toEqual([
      'Decision pending for Zombi 1: Does Zombi 1 take the attack of opportunity?',
      'Decided: Does Zombi 1 take the attack of opportunity? → yes, attack.'
    ])
  })
})

describe('a decision the GM makes itself', () => {
  it('names the GM in words, never the id "gm" (issue 21 bug 8)', () => {
    const e: GameEvent = {
      type: 'decision.requested',
      action: { kind: 'attack', actorId: 'steve', targetId: 'zombie-1' },
      answers: {},
      request: { id: 'mc.cover', deciderId: 'gm', choices: ['yes', 'no'], default: 'no' }
    }
    expect(line(e)).toMatch(/^Decisión pendiente para el DJ: /)
    expect(line(e, 'en')).toMatch(/^Decision pending for the GM: /)
  })
})

describe('aiLine', () => {
  it('translates the reason and its coded parameters', () => {
    const note = {
      at: 0,
      reason: {
        key: 'attack',
        params: { actor: 'Zombi 2', target: 'Steve', mode: 'melee', pHit: 0.3, pWound: 0.35, why: 'nearest' }
      }
    }
    expect(aiLine(note, tr('es'))).toBe(
      'Zombi 2 ataca a Steve (cuerpo a cuerpo): P(herir) 35\u00a0%, héroe alcanzable más cercano.'
    )
    expect(aiLine(note, tr('en'))).toBe(
      'Zombi 2 attacks Steve (melee): P(wound) 35%, nearest reachable hero.'
    )
  })

  it('reads an answer’s decision as its question and its choice as the answer’s label', () => {
    const terms = {
      es: {
        'decision.pf1.aoo': '{reactor}: ¿ataque de oportunidad contra {actor}?',
        'decision.pf1.aoo.attack': 'Atacar'
      },
      en: {}
    }
    const pf: LogTranslator = {
      t: (key, params) => translate('es', key, params),
      code: (prefix, code, params) => translateCode('es', prefix, code, params, terms),
      percent: (p) => formatPercent('es', p)
    }
    const note = {
      at: 1,
      reason: { key: 'answer', params: { actor: 'Goblin 1', decision: 'pf1.aoo', choice: 'attack' } }
    }
    expect(aiLine(note, pf, { reactor: 'Goblin 1', actor: 'Valeria' })).toBe(
      'Goblin 1 responde: Goblin 1: ¿ataque de oportunidad contra Valeria? → Atacar.'
    )
    // Issue 21 bug 8: shown with no question at hand (the AI trace panel), the answer carries the
    // question's own parameters (`asked.*`): no "{reactor}" left, and the mover named, not the decider.
    const carried = {
      at: 1,
      reason: {
        key: 'answer',
        params: {
          'asked.reactor': 'Goblin 1',
          'asked.actor': 'Valeria',
          actor: 'Goblin 1',
          decision: 'pf1.aoo',
          choice: 'attack'
        }
      }
    }
    expect(aiLine(carried, pf)).toBe(
      'Goblin 1 responde: Goblin 1: ¿ataque de oportunidad contra Valeria? → Atacar.'
    )
    const requested: GameEvent = {
      type: 'decision.requested',
      action: { kind: 'move', actorId: 'valeria', path: [{ x: 3, y: 5, z: 0 }] },
      answers: {},
      request: {
        id: 'pf1.aoo#goblin-1',
        deciderId: 'goblin-1',
        choices: ['attack', 'pass'],
        default: 'attack',
        params: { reactor: 'Goblin 1', actor: 'Valeria' }
      }
    }
    const state = { ...started(), log: [requested] }
    expect(logLines(state, [note], pf).at(-1)?.text).toBe(
      'Goblin 1 responde: Goblin 1: ¿ataque de oportunidad contra Valeria? → Atacar.'
    )
    const rolled = { ...note, reason: { ...note.reason, params: { ...note.reason.params, choice: 15 } } }
    expect(aiLine(rolled, pf, {})).toMatch(/→ 15\.$/)
  })

  it('shows an unknown reason key raw', () => {
    expect(aiLine({ at: 0, reason: { key: 'ponder', params: { n: 1 } } }, tr('es'))).toBe('ponder (n=1)')
  })
})

describe('logLines', () => {
  it('renders a real encounter and puts AI notes before the events they caused', () => {
    const state: EncounterState = play(started(), { type: 'turn.end' })
    const note = { at: state.log.length, reason: { key: 'endTurn', params: { actor: 'Alex' } } }
    const after = play(state, { type: 'turn.end' })
    const lines = logLines(after, [note], tr('es'))
    expect(lines[0]).toEqual({ id: '0', kind: 'round', text: 'Empieza el encuentro.' })
    const ai = lines.findIndex((l) => l.kind === 'ai')
    expect(lines[ai]?.text).toBe('Alex no ve nada mejor que hacer y termina.')
    expect(lines[ai + 1]?.text).toBe('Alex termina su activación.')
    expect(lines[ai + 1]?.kind).toBe('turn')
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length)
  })
})

describe('movement lines', () => {
  it('are of their own kind, so the log can filter movement apart from other lines', () => {
    const events: GameEvent[] = [
      { type: 'moved', id: 'steve', path: [{ x: 3, y: 5, z: 0 }], facing: 2 },
      { type: 'faced', id: 'steve', facing: 2 },
      { type: 'door.changed', x: 3, y: 5, side: 'n', open: true }
    ]
    for (const e of events) expect(eventLine(e, names, names, tr('es'))?.kind, e.type).toBe('move')
    expect(
      eventLine({ type: 'healed', id: 'steve', amount: 1, source: 'gm' }, names, names, tr('es'))?.kind
    ).toBe('other')
  })
})

describe('initiative in the log', () => {
  it('names the figure and its total', () => {
    const e: GameEvent = { type: 'initiative.rolled', id: 'steve', total: 17 }
    expect(
      eventLine(
        e,
        () => 'Steve',
        (id) => id,
        tr('es')
      )
    ).toEqual({
      kind: 'turn',
      text: 'Iniciativa de Steve: 17.'
    })
  })
})

describe('custom dice pools in the log', () => {
  it('one line per pool of custom dice, faces counted; a new purpose starts a new line', () => {
    const roll = (purpose: string, face: string, success: boolean): GameEvent => ({
      type: 'dice.rolled',
      actorId: 'steve',
      purpose,
      sides: 6,
      result: 1,
      success,
      face
    })
    const state = {
      ...started(),
      log: [
        roll('attack', 'skull', true),
        roll('attack', 'white', false),
        roll('attack', 'skull', true),
        roll('defense', 'black', true)
      ]
    }
    const texts = logLines(state, [], tr('en')).map((l) => l.text)
    expect(texts).toHaveLength(2)
    expect(texts[0]).toMatch(/^Steve, .*: 3 dice → skull ×2, white ×1 \(2 count\)$/)
    expect(texts[1]).toMatch(/1 dice → black ×1 \(1 count\)$/)
  })
})
