import { z } from 'zod'

// Every system ships content as one JSON document per file with an `id` and a `type`; validating them,
// refusing duplicate ids and sorting them by type is the same everywhere, so it lives here once. The
// cross-reference checks (equipment ids, elements…) stay with each system.

/** The fields every content document has. */
export interface ContentDoc {
  id: string
  type: string
}

/** Validated documents by id, one map per document type. */
export type DocumentsByType<D extends ContentDoc> = { [T in D['type']]: Map<string, Extract<D, { type: T }>> }

/** Options of `loadDocuments`. */
export interface LoadOptions<T extends string> {
  /** Prefix of the error messages ("hq2" → "hq2 content: …"). */
  namespace: string
  /** Every document type: each gets a map, even when no document has it. */
  types: readonly T[]
}

/** Validates documents against the schema and sorts them by type; throws on a bad or duplicate one. */
export function loadDocuments<D extends ContentDoc>(
  documents: readonly unknown[],
  schema: z.ZodType<D>,
  { namespace, types }: LoadOptions<D['type']>
): DocumentsByType<D> {
  const byType = new Map<string, Map<string, D>>(types.map((t) => [t, new Map<string, D>()]))
  const seen = new Set<string>()
  for (const raw of documents) {
    const doc = schema.parse(raw)
    if (seen.has(doc.id)) throw new Error(`${namespace} content: duplicate id ${doc.id}`)
    seen.add(doc.id)
    const map = byType.get(doc.type)
    if (!map) throw new Error(`${namespace} content: ${doc.id} has unlisted type ${doc.type}`)
    map.set(doc.id, doc)
  }
  return Object.fromEntries(byType) as DocumentsByType<D>
}

/** A lazy value made once on first use (bundled content is validated once, not per call). */
export function once<T>(make: () => T): () => T {
  let value: { v: T } | undefined
  return () => {
    value ??= { v: make() }
    return value.v
  }
}

/** A copy without the undefined fields: saved stats are JSON, where absent beats `undefined`. */
export function dropUndefined<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T
}

/**
 * The field schemas every system's documents share: a namespaced kebab-case id (`hq2:orc-archer`), a
 * name in both UI languages, and the `source` naming the rules text and section (or "placeholder: …").
 */
export function contentFields(namespace: string) {
  return {
    contentId: z
      .string()
      .regex(new RegExp(`^${namespace}:[a-z0-9]+(-[a-z0-9]+)*$`), `ids are ${namespace}:kebab-case`),
    localized: z.strictObject({ es: z.string().min(1).max(80), en: z.string().min(1).max(80) }),
    source: z.string().min(1).max(400)
  }
}
