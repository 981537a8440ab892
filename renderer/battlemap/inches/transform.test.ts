import { describe, expect, it } from 'vitest'
import {
  fitTable,
  formatInches,
  formatNumber,
  MIN_PX_PER_INCH,
  onTable,
  pathLabel,
  scaleBarInches,
  toBoard,
  toScreen
} from './transform'
import type { InchesText } from './view'

const text: InchesText = {
  inches: '{n}″',
  decimal: ',',
  pathCost: '{length} · cuesta {cost}',
  edge: '{n} borde a borde',
  charge: 'carga'
}

describe('fitTable', () => {
  it('fits a square table into the shorter side and centres it', () => {
    // 36″ at 10 units per inch into 1000 × 800 with an 18 px gutter: (800 − 36) / 360 px per unit
    const fit = fitTable(360, 360, 10, 1000, 800)
    expect(fit.scale).toBeCloseTo(764 / 360, 9)
    expect(fit.y).toBe(18)
    expect(fit.x).toBe(Math.round((1000 - 360 * fit.scale) / 2))
  })

  it('fits a wide table into the width', () => {
    const fit = fitTable(480, 240, 10, 600, 600, 10)
    expect(fit.scale).toBeCloseTo(580 / 480, 9)
    expect(fit.x).toBe(10)
    expect(fit.y).toBe(Math.round((600 - 240 * fit.scale) / 2))
  })

  it('stops shrinking at the smallest scale and pins the table to the top-left', () => {
    const fit = fitTable(360, 360, 10, 100, 100)
    expect(fit.scale * 10).toBe(MIN_PX_PER_INCH)
    expect(fit).toMatchObject({ x: 18, y: 18 })
  })
})

describe('board units ↔ screen', () => {
  const fit = { scale: 2.5, x: 40, y: 12 }

  it('maps the table corner and a point to screen px', () => {
    expect(toScreen(fit, { x: 0, y: 0 })).toEqual({ x: 40, y: 12 })
    expect(toScreen(fit, { x: 100, y: 40 })).toEqual({ x: 290, y: 112 })
  })

  it('maps screen px back to board units, unrounded', () => {
    expect(toBoard(fit, { x: 290, y: 112 })).toEqual({ x: 100, y: 40 })
    expect(toBoard(fit, { x: 41, y: 13 })).toEqual({ x: 0.4, y: 0.4 })
  })

  it('round-trips any point', () => {
    for (const p of [
      { x: 0, y: 0 },
      { x: 359, y: 1 },
      { x: 123.4, y: 287.9 }
    ]) {
      const back = toBoard(fit, toScreen(fit, p))
      expect(back.x).toBeCloseTo(p.x, 9)
      expect(back.y).toBeCloseTo(p.y, 9)
    }
  })

  it('tells points on the table (edges included) from points off it', () => {
    expect(onTable({ x: 0, y: 360 }, 360, 360)).toBe(true)
    expect(onTable({ x: -0.1, y: 10 }, 360, 360)).toBe(false)
    expect(onTable({ x: 10, y: 360.1 }, 360, 360)).toBe(false)
  })
})

describe('scale bar', () => {
  it('shows 6″ when that is at least 60 px and fits', () => {
    expect(scaleBarInches(20, 200)).toBe(6)
    expect(scaleBarInches(40, 260)).toBe(6)
  })

  it('shows a shorter nice length on a big fit and a longer one on a small fit', () => {
    expect(scaleBarInches(100, 260)).toBe(2)
    expect(scaleBarInches(6, 200)).toBe(24)
    expect(scaleBarInches(300, 260)).toBe(1)
  })
})

describe('numbers', () => {
  it('writes at most one decimal, none when whole, with the language separator', () => {
    expect(formatNumber(4, ',')).toBe('4')
    expect(formatNumber(5.26, ',')).toBe('5,3')
    expect(formatNumber(5.26, '.')).toBe('5.3')
    expect(formatNumber(0.04, '.')).toBe('0')
    expect(formatNumber(-0.3, '.')).toBe('-0.3')
    expect(formatInches(12.05, text)).toBe('12,1″')
  })

  it('labels a path with its cost only when that differs', () => {
    expect(pathLabel(5.3, 5.31, text)).toBe('5,3″')
    expect(pathLabel(5.3, null, text)).toBe('5,3″')
    expect(pathLabel(5.3, 7.3, text)).toBe('5,3″ · cuesta 7,3″')
  })
})
