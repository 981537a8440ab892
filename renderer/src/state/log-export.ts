// The combat log as a file the GM keeps: plain text or Markdown, always the whole log (never the filtered
// view), with a header naming the fight. Pure: the words and the date come in from the UI.
import type { LogLine } from './log-lines'

/** The header's words in the UI language (the file is written in the language the GM reads). */
export interface LogExportWords {
  /** The document title, e.g. "Registro de combate". */
  title: string
  campaign: string
  encounter: string
  system: string
  date: string
  /** The mark of an AI reason, e.g. "IA". */
  ai: string
}

/** What the header of an exported log says. */
export interface LogMeta {
  campaign: string
  encounter: string
  /** The rule system's display name. */
  system: string
  /** When it was exported, already formatted by the UI. */
  date: string
  words: LogExportWords
}

/** The header fields, labelled, in the order both formats print them. */
function headerFields(meta: LogMeta): [string, string][] {
  return [
    [meta.words.campaign, meta.campaign],
    [meta.words.encounter, meta.encounter],
    [meta.words.system, meta.system],
    [meta.words.date, meta.date]
  ]
}

/**
 * The log as plain text: a header, then one line per log line; a round starts a block under its own
 * underlined title, and an AI reason is marked (`[IA] …`) since plain text has no italics to set it apart.
 */
export function logAsText(lines: readonly LogLine[], meta: LogMeta): string {
  const title = `${meta.words.title}: ${meta.encounter}`
  const out = [title, '='.repeat(title.length), ...headerFields(meta).map(([k, v]) => `${k}: ${v}`)]
  for (const line of lines) {
    if (line.kind === 'round') out.push('', line.text, '-'.repeat(line.text.length))
    else if (line.kind === 'ai') out.push(`[${meta.words.ai}] ${line.text}`)
    else out.push(line.text)
  }
  return out.join('\n') + '\n'
}

/** Text safe inside Markdown: the characters that would start emphasis, links, code or HTML are escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, (c) => `\\${c}`)
}

/**
 * The log as Markdown: a title, the header as a list, each round (and the start of the encounter) as a
 * `##` heading, the lines as list items — rolls whole, with their breakdown — and the AI's reasons in
 * italics under its mark; the end of the encounter in bold.
 */
export function logAsMarkdown(lines: readonly LogLine[], meta: LogMeta): string {
  const out = [`# ${escapeMarkdown(`${meta.words.title}: ${meta.encounter}`)}`, '']
  for (const [k, v] of headerFields(meta)) out.push(`- **${escapeMarkdown(k)}:** ${escapeMarkdown(v)}`)
  // A list needs a blank line before a heading and after it, or some renderers glue them together.
  let inList = false
  for (const line of lines) {
    const text = escapeMarkdown(line.text)
    if (line.kind === 'round') {
      out.push('', `## ${text}`, '')
      inList = false
      continue
    }
    if (!inList) out.push('')
    inList = true
    if (line.kind === 'ai') out.push(`- *${escapeMarkdown(meta.words.ai)}: ${text}*`)
    else if (line.kind === 'end') out.push(`- **${text}**`)
    else out.push(`- ${text}`)
  }
  return (
    out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  )
}

/**
 * A file name for the export: the encounter's name as a slug (accents dropped, spaces as dashes) plus
 * `-log` and the extension; a name with nothing usable falls back to `combat-log`.
 */
export function exportFileName(encounter: string, extension: 'txt' | 'md'): string {
  const slug = encounter
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return `${slug ? `${slug}-log` : 'combat-log'}.${extension}`
}
