// The few sentences main itself shows, before any window exists to word them: the app's UI text lives in the
// renderer's catalogues (renderer/src/i18n), which main cannot load. Spanish first, like those catalogues.

const TEXT = {
  es: {
    failedTitle: 'Emboscada no pudo arrancar',
    lockedTitle: 'Emboscada ya está abierta',
    locked:
      'Otro Emboscada (proceso {pid} en {host}) tiene abierta la carpeta de campañas. Ciérralo antes: dos a la vez ' +
      'se sobrescribirían las partidas.'
  },
  en: {
    failedTitle: 'Emboscada could not start',
    lockedTitle: 'Emboscada is already open',
    locked:
      'Another Emboscada (process {pid} on {host}) has the campaigns folder open. Close it first: two at once would ' +
      'overwrite each other’s games.'
  }
} as const

/** One of the start-up sentences in the system's language (Spanish for `es…`, else English), filled in. */
export function startupText(
  locale: string,
  key: keyof (typeof TEXT)['en'],
  params: Record<string, string | number> = {}
): string {
  const table = locale.toLowerCase().startsWith('es') ? TEXT.es : TEXT.en
  return table[key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? '?'))
}
