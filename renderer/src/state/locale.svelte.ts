import {
  formatPercent,
  isLocale,
  translate,
  translateCode,
  type Locale,
  type MessageKey,
  type Params,
  type Terms
} from '../i18n'
import { systemTerms } from '../i18n/system-terms'
import type { SystemId } from '../../../rules/core/types'

const STORAGE_KEY = 'emboscada:locale'

function readSaved(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY)
    return isLocale(saved) ? saved : 'es'
  } catch {
    return 'es'
  }
}

/** The UI language as reactive state; reading `t()` in a template re-renders on a switch. */
export class LocaleState {
  current = $state<Locale>(readSaved())
  /** The open encounter's rule-system terms, consulted before the app catalogue for rule codes. */
  terms = $state.raw<Terms | undefined>(undefined)

  constructor() {
    document.documentElement.lang = this.current
  }

  /** Switches the language and remembers it. */
  set(locale: Locale): void {
    this.current = locale
    document.documentElement.lang = locale
    try {
      localStorage.setItem(STORAGE_KEY, locale)
    } catch {
      // Storage may be unavailable (private mode); the switch still applies to this session.
    }
  }

  /** The text of a catalogue key. */
  t = (key: MessageKey, params?: Params): string => translate(this.current, key, params)

  /** The text of a code from the rules or the AI under `prefix` (raw code if unknown). */
  code = (prefix: string, code: string, params?: Params): string =>
    translateCode(this.current, prefix, code, params, this.terms)

  /** Uses a rule system's own terms (or none). */
  useSystem(system: SystemId | null): void {
    this.terms = system ? systemTerms[system] : undefined
  }

  /** A probability as a percentage in the current language. */
  percent = (p: number): string => formatPercent(this.current, p)
}

/** The app's one locale. */
export const locale = new LocaleState()
