// Ids come from names a person types, so a figure, side or encounter may be called `constructor` or
// `toString`: a plain `record[id]` then reads Object.prototype's function instead of nothing. Records
// keyed by ids in saved data (initiative by figure or side, play modes by encounter and side) are read
// through here; records that live only in memory are Maps.

/** `record[key]` when the record holds `key` itself, else undefined (never an Object.prototype member). */
export function ownValue<V>(record: Readonly<Record<string, V>> | undefined, key: string): V | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined
}
