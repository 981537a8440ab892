// Machine-readable reasons for a refusal, shared by both stores, the IPC contract and the renderer: the store's
// English message is the technical detail, and the UI words the problem in the user's language from these.

/** Every reason a store (or the IPC layer in front of it) refuses input; each has a catalogue key per language. */
export const STORE_PROBLEMS = [
  /** The file or payload is over its size cap; params `limit` (and `found`) in bytes or characters. */
  'fileTooLarge',
  /** The bytes were not UTF-8: the decoder left U+FFFD replacement characters. */
  'notUtf8',
  /** Nothing but whitespace (or a BOM). */
  'empty',
  /** Not JSON text at all. */
  'notJson',
  /** Nested deeper than `limit`. */
  'tooDeep',
  /** More JSON values than `limit` (checked on the text, before it is parsed). */
  'tooManyValues',
  /** The campaign's compact JSON is `found` characters, over the `limit` a campaign may hold (so every save fits). */
  'campaignTooLarge',
  /** A string or a key longer than `limit` characters, at `path`. */
  'stringTooLong',
  /** A `__proto__` key (`key`) at `path`: JSON.parse keeps it as an own key, a prototype swap waiting to happen. */
  'forbiddenKey',
  /** NaN or ±Infinity at `path` (JSON cannot hold them; structured clone can). */
  'notFinite',
  /** A Map, Date, class instance, function... at `path`: only plain data crosses. */
  'notPlainData',
  /** JSON, but not a campaign object. */
  'notCampaign',
  /** Written by a newer app: `version` found, `supported` the newest this app reads. */
  'tooNew',
  /** An older format that could not be upgraded. */
  'migrationFailed',
  /** A rule system (`system`) this version has no rules for. */
  'unknownSystem',
  /** The campaign schema refused it: `path` of the first issue, `count` issues in all. */
  'schema',
  /** A ruleset's own schemas refused encounter `encounter` at `path`. */
  'rules',
  /** More figures over all encounters (`found`) than `limit`. */
  'tooManyFigures',
  /** A file named `id`.json holds campaign `found`. */
  'idMismatch',
  /** Every suffixed variant of `id` is taken. */
  'idTaken',
  /** The browser's storage quota is used up. */
  'storageFull',
  /** A campaign name that is empty, longer than `limit` characters, or holds control characters. */
  'badName',
  /** Another campaign has the id `id` (an undone delete cannot take its place back). */
  'idInUse',
  /** Another Emboscada (process `pid` on `host`) has the campaigns folder open; two writers would overwrite each other. */
  'folderLocked'
] as const

/** One refusal reason. */
export type StoreProblem = (typeof STORE_PROBLEMS)[number]

/** Values a problem's sentence interpolates: limits, found values, JSON paths. */
export type ProblemParams = Record<string, string | number>

/** The problem and its parameters, as StoreError and the IPC error carry them. */
export interface ProblemDetail {
  problem: StoreProblem
  params?: ProblemParams
}

/** True for a known problem code (the IPC client gets strings from the other side). */
export function isStoreProblem(value: unknown): value is StoreProblem {
  return typeof value === 'string' && (STORE_PROBLEMS as readonly string[]).includes(value)
}
