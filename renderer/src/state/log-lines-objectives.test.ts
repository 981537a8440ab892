import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../rules/core/events'
import { formatPercent, translate, translateCode, type Locale } from '../i18n'
import { eventLine, type LogTranslator } from './log-lines'

// The events of objectives and surprise (rules/flow/objectives.ts) read as log lines in both languages.

const tr = (locale: Locale): LogTranslator => ({
  t: (key, params) => translate(locale, key, params),
  code: (prefix, code, params) => translateCode(locale, prefix, code, params),
  percent: (p) => formatPercent(locale, p)
})
const names = (id: string): string => ({ steve: 'Steve' })[id] ?? id

describe('objective and surprise lines', () => {
  it.each<[GameEvent, Locale, string, string]>([
    [{ type: 'escaped', id: 'steve' }, 'es', 'move', 'Steve escapa por una salida y deja el tablero.'],
    [{ type: 'escaped', id: 'steve' }, 'en', 'move', 'Steve escapes through an exit and leaves the board.'],
    [{ type: 'surprised', id: 'steve' }, 'es', 'turn', 'Steve está desprevenido y pierde su turno.'],
    [{ type: 'surprised', id: 'steve' }, 'en', 'turn', 'Steve is caught unaware and loses the turn.']
  ])('%o in %s', (event, locale, kind, text) => {
    expect(eventLine(event, names, names, tr(locale))).toEqual({ kind, text })
  })
})
