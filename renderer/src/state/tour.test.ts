import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en'
import { es } from '../i18n/es'
import { markTourSeen, offerTour, TOUR_KEY, TOUR_STEPS } from './tour'

describe('the first-run tour', () => {
  it('is offered until seen, and never with ?tour=0', () => {
    const items = new Map<string, string>()
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v)
    }
    expect(offerTour(storage, '')).toBe(true)
    expect(offerTour(storage, '?fast=1&tour=0')).toBe(false)
    markTourSeen(storage, new Date('2026-11-30T10:00:00Z'))
    expect(items.get(TOUR_KEY)).toBe('2026-11-30T10:00:00.000Z')
    expect(offerTour(storage, '?tour=1')).toBe(false)
  })

  it('has 3 to 5 steps, each worded in both languages', () => {
    expect(TOUR_STEPS.length).toBeGreaterThanOrEqual(3)
    expect(TOUR_STEPS.length).toBeLessThanOrEqual(5)
    for (const { title, body } of TOUR_STEPS)
      for (const key of [title, body]) expect(es[key] && en[key]).toBeTruthy()
  })
})
