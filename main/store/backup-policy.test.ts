import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { planRetention, type RetentionEntry, type RetentionReason } from './backup-policy'

// Issue 8 "Durability": the newest 10 saves, plus the newest backup of each of the last 7 UTC days;
// pre-migration copies are never pruned, and neither is the only good backup.

const NOW = new Date('2026-11-30T12:00:00.000Z')
const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

/** A save backup `hoursAgo` before NOW, named by its age so the expectations read as ages. */
const save = (hoursAgo: number, good?: boolean): RetentionEntry => ({
  file: `s${hoursAgo}`,
  at: NOW.getTime() - hoursAgo * HOUR,
  origin: 'save',
  ...(good === undefined ? {} : { good })
})
const migration = (hoursAgo: number): RetentionEntry => ({
  ...save(hoursAgo),
  file: `m${hoursAgo}`,
  origin: 'migration'
})
/** `n` saves, one a minute, the newest `startHoursAgo` hours before NOW. */
const burst = (n: number, startHoursAgo = 0, good?: boolean): RetentionEntry[] =>
  Array.from({ length: n }, (_, i) => save(startHoursAgo + i / 60, good))

type Row = [label: string, entries: RetentionEntry[], keep: Record<string, RetentionReason>]

const recent10 = Object.fromEntries(burst(10).map((e) => [e.file, 'recent' as const]))

const rows: Row[] = [
  ['nothing to keep or prune', [], {}],
  [
    'fewer than 10 saves: all stay',
    burst(3),
    { s0: 'recent', [`s${1 / 60}`]: 'recent', [`s${2 / 60}`]: 'recent' }
  ],
  ['12 saves today: the newest 10 stay, today is already covered', burst(12), recent10],
  [
    'one a day for 9 days behind 10 of today: days 1–6 back stay (today + 6 = 7 days), days 7–8 go',
    [...burst(10), ...[1, 2, 3, 4, 5, 6, 7, 8].map((d) => save(d * 24))],
    { ...recent10, s24: 'daily', s48: 'daily', s72: 'daily', s96: 'daily', s120: 'daily', s144: 'daily' }
  ],
  [
    'two on one past day: only the later of the two stays',
    [...burst(10), save(30), save(33)],
    { ...recent10, s30: 'daily' }
  ],
  [
    'days are UTC days: 23:59 yesterday is that day’s last, 00:00 today is not today’s',
    [...burst(10), save(11.99), save(12.01)],
    { ...recent10, 's12.01': 'daily' }
  ],
  [
    'pre-migration copies always stay and do not count among the 10',
    [...burst(10), migration(24 * 400), migration(1)],
    { ...recent10, m9600: 'migration', m1: 'migration' }
  ],
  [
    'when none kept is known good, the newest good one stays too',
    [...burst(10, 0, false), save(24 * 30, true), save(24 * 40, true)],
    Object.fromEntries([...burst(10).map((e) => [e.file, 'recent' as const]), ['s720', 'lastGood' as const]])
  ],
  ['a good one among those kept is enough', [...burst(10, 0, true), save(24 * 30, true)], recent10],
  ['no good backup anywhere: nothing extra stays', [...burst(10, 0, false), save(24 * 30, false)], recent10],
  [
    'a good pre-migration copy counts as the good one',
    [...burst(10, 0, false), { ...migration(24 * 9), good: true }, save(24 * 30, true)],
    { ...recent10, m216: 'migration' }
  ],
  [
    'a backup from the future (a clock set back) is recent but no day’s daily',
    [save(-48), ...burst(10)],
    { 's-48': 'recent', ...Object.fromEntries(burst(9).map((e) => [e.file, 'recent' as const])) }
  ]
]

describe('planRetention', () => {
  it.each(rows)('%s', (_label, entries, keep) => {
    const plan = planRetention(entries, NOW)
    expect(Object.fromEntries(plan.keep)).toEqual(keep)
    expect(plan.prune.sort()).toEqual(
      entries
        .map((e) => e.file)
        .filter((f) => !(f in keep))
        .sort()
    )
  })

  it('honours other limits, down to nothing but the pre-migration copies', () => {
    const entries = [...burst(5), migration(3), save(24 * 2)]
    const plan = planRetention(entries, NOW, { saves: 0, days: 0 })
    expect(Object.fromEntries(plan.keep)).toEqual({ m3: 'migration' })
    const two = planRetention(entries, NOW, { saves: 2, days: 1 })
    expect(Object.fromEntries(two.keep)).toEqual({ s0: 'recent', [`s${1 / 60}`]: 'recent', m3: 'migration' })
  })

  it('never depends on the input order, keeps every migration and never drops the last good backup', () => {
    const entry = fc.record({
      file: fc.uuid(),
      at: fc.integer({ min: NOW.getTime() - 40 * DAY, max: NOW.getTime() + DAY }),
      origin: fc.constantFrom<RetentionEntry['origin']>('save', 'migration'),
      good: fc.option(fc.boolean(), { nil: undefined })
    })
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: (e) => e.file, maxLength: 40 }), (entries) => {
        const plan = planRetention(entries, NOW)
        const reversed = planRetention([...entries].reverse(), NOW)
        expect(Object.fromEntries(reversed.keep)).toEqual(Object.fromEntries(plan.keep))
        expect(plan.keep.size + plan.prune.length).toBe(entries.length)
        for (const e of entries) if (e.origin === 'migration') expect(plan.keep.get(e.file)).toBe('migration')
        if (entries.some((e) => e.good === true))
          expect(entries.some((e) => e.good === true && plan.keep.has(e.file))).toBe(true)
        expect([...plan.keep.values()].filter((r) => r === 'recent').length).toBeLessThanOrEqual(10)
        expect([...plan.keep.values()].filter((r) => r === 'daily').length).toBeLessThanOrEqual(7)
      })
    )
  })
})
