import { Graphics, Text, type Container, type TextStyle } from 'pixi.js'
import { alongPath, easeOut, moveCells, shake, TIMING } from './effects-timeline'
import { tokenRadius } from './marks'
import { palette, type Layout } from './style'
import type { EffectsHost } from './effects-layer'
import type { Cell, MapEffect } from './view'

/** One running animation: `update` with its progress (0..1), `finish` leaves the end state and cleans up. */
export interface Player {
  update(k: number): void
  finish(): void
}

const idle: Player = { update: () => {}, finish: () => {} }

/** What a player needs: the host, the square size, where to put its objects and the shared text styles. */
export interface PlayerContext {
  host: EffectsHost
  layout: Layout
  stage: Container
  numberStyle(kind: 'damage' | 'heal'): TextStyle
}

const live = (d: Container | undefined): d is Container => !!d && !d.destroyed

/**
 * Where the token layer keeps a token's display for a square: its top-left corner, a small figure (scale
 * below 1) centred in it. Moves are tweened in these terms so the display lands where the layer wants it.
 */
export function restAt(
  display: Container,
  cell: { x: number; y: number },
  c: number
): { x: number; y: number } {
  const s = display.scale.x
  const inset = s < 1 ? (c * (1 - s)) / 2 : 0
  return { x: cell.x * c + inset, y: cell.y * c + inset }
}

/** The centre of a token's disc in world pixels, and its radius; undefined when the token is not drawn. */
function discOf(ctx: PlayerContext, id: string): { x: number; y: number; r: number } | undefined {
  const c = ctx.layout.cell
  const display = ctx.host.tokenDisplay(id)
  if (live(display)) {
    const s = display.scale.x
    return { x: display.x + (s * c) / 2, y: display.y + s * c * 0.52, r: tokenRadius(c) * Math.max(0.75, s) }
  }
  const cell = ctx.host.tokenCell(id)
  return cell && { x: (cell.x + 0.5) * c, y: (cell.y + 0.52) * c, r: tokenRadius(c) }
}

/**
 * Puts every token that moves in this call back on the square it leaves, before anything plays: the app
 * usually syncs the new state first, and a focus pulse or a hit before the move must find the figure where
 * it still stands. Only each token's first move or knockback counts; later ones start where it ends.
 */
export function rewind(effects: readonly MapEffect[], host: EffectsHost, c: number): void {
  // `effects` have their starts settled (`withStarts`)
  const seen = new Set<string>()
  for (const e of effects) {
    if ((e.kind !== 'move' && e.kind !== 'push') || seen.has(e.id)) continue
    seen.add(e.id)
    const start = e.kind === 'push' ? e.from : moveCells(e.path, e.from, undefined)[0]
    const display = host.tokenDisplay(e.id)
    if (!start || !live(display)) continue
    const p = restAt(display, start, c)
    display.position.set(p.x, p.y)
  }
}

/** A player for one effect, created when it starts (so it sees where earlier effects left the tokens). */
export function makePlayer(effect: MapEffect, ctx: PlayerContext): Player {
  switch (effect.kind) {
    case 'move':
      // the start was settled when the call began (`withStarts`): the token's square now may be its end
      return slide(ctx, effect.id, moveCells(effect.path, effect.from, undefined))
    case 'push':
      return knockback(ctx, effect.id, effect.from, effect.to)
    case 'hit':
      return flash(ctx, effect.id)
    case 'miss':
      return swish(ctx, effect.id)
    case 'damage':
    case 'heal':
      return floatNumber(ctx, effect.id, effect.kind, effect.amount)
    case 'focus':
      return pulse(ctx, effect.id)
  }
}

/** The token's display slides square by square along `cells`, each step the same time. */
function slide(ctx: PlayerContext, id: string, cells: Cell[]): Player {
  const display = ctx.host.tokenDisplay(id)
  if (!live(display) || cells.length < 2) return idle
  const c = ctx.layout.cell
  const update = (k: number) => {
    if (!live(display)) return
    const p = restAt(display, alongPath(cells, k), c)
    display.position.set(p.x, p.y)
  }
  return { update, finish: () => update(1) }
}

/** Knocked from `from` to `to`: a fast slide that lands softly, then a short shake along the push. */
function knockback(ctx: PlayerContext, id: string, from: Cell, to: Cell): Player {
  const display = ctx.host.tokenDisplay(id)
  if (!live(display)) return idle
  const c = ctx.layout.cell
  const split = TIMING.push / (TIMING.push + TIMING.shake)
  const len = Math.hypot(to.x - from.x, to.y - from.y) || 1
  const dir = { x: (to.x - from.x) / len, y: (to.y - from.y) / len }
  const amp = c * 0.08
  const update = (k: number) => {
    if (!live(display)) return
    const slid = easeOut(k / split)
    const p = restAt(display, { x: from.x + (to.x - from.x) * slid, y: from.y + (to.y - from.y) * slid }, c)
    const s = k > split ? shake((k - split) / (1 - split)) * amp : 0
    display.position.set(p.x + dir.x * s, p.y + dir.y * s)
  }
  return { update, finish: () => update(1) }
}

/** Adds a Graphics to the stage for the life of one player. */
function drawn(ctx: PlayerContext, at: { x: number; y: number }, draw: (g: Graphics) => void): Graphics {
  const g = new Graphics()
  draw(g)
  g.position.set(at.x, at.y)
  ctx.stage.addChild(g)
  return g
}

/** A hit: a red disc and ring flash out from the target and fade. */
function flash(ctx: PlayerContext, id: string): Player {
  const disc = discOf(ctx, id)
  if (!disc) return idle
  const g = drawn(ctx, disc, (g) =>
    g
      .circle(0, 0, disc.r + 2)
      .fill({ color: palette.target, alpha: 0.35 })
      .circle(0, 0, disc.r + 5)
      .stroke({ width: 4, color: palette.target })
  )
  return {
    update: (k) => {
      g.scale.set(0.85 + 0.5 * easeOut(k))
      g.alpha = 1 - k * k
    },
    finish: () => g.destroy()
  }
}

/** A miss: a grey arc swishes past the target and a ✗ pops beside it, both fading. */
function swish(ctx: PlayerContext, id: string): Player {
  const disc = discOf(ctx, id)
  if (!disc) return idle
  const grey = 0xc8ccd2
  const r = disc.r + 8
  const arc = drawn(ctx, disc, (g) =>
    g.arc(0, 0, r, -Math.PI * 0.8, -Math.PI * 0.2).stroke({ width: 3, color: grey, cap: 'round' })
  )
  const a = Math.max(4, disc.r * 0.35)
  const cross = drawn(ctx, { x: disc.x + disc.r * 0.9, y: disc.y - disc.r * 0.9 }, (g) => {
    const path = () => g.moveTo(-a, -a).lineTo(a, a).moveTo(a, -a).lineTo(-a, a)
    path().stroke({ width: 5, color: 0x0b0d10, cap: 'round' })
    path().stroke({ width: 2.5, color: grey, cap: 'round' })
  })
  return {
    update: (k) => {
      arc.rotation = -0.9 + 1.8 * easeOut(k)
      arc.alpha = k < 0.5 ? 1 : 2 * (1 - k)
      cross.scale.set(k < 0.2 ? 0.6 + 2 * k : 1)
      cross.alpha = k < 0.6 ? 1 : (1 - k) / 0.4
    },
    finish: () => {
      arc.destroy()
      cross.destroy()
    }
  }
}

/** A damage (red, "−5") or healing (green, "+3") number floating up from the figure and fading. */
function floatNumber(ctx: PlayerContext, id: string, kind: 'damage' | 'heal', amount: number): Player {
  const disc = discOf(ctx, id)
  if (!disc) return idle
  const text = `${kind === 'damage' ? '−' : '+'}${amount}`
  const label = new Text({ text, style: ctx.numberStyle(kind), anchor: 0.5 })
  ctx.stage.addChild(label)
  // from the figure's body (the life bar above it would hide the number) up past its head
  const rise = ctx.layout.cell * 0.75
  const y0 = disc.y
  label.position.set(Math.round(disc.x), Math.round(y0))
  return {
    update: (k) => {
      label.y = Math.round(y0 - rise * easeOut(k))
      label.scale.set(k < 0.15 ? 1.3 - 2 * k : 1)
      label.alpha = k < 0.55 ? 1 : (1 - k) / 0.45
    },
    finish: () => label.destroy()
  }
}

/** The AI's acting figure: two rings pulse out from it, so the eye finds it before it acts. */
function pulse(ctx: PlayerContext, id: string): Player {
  const disc = discOf(ctx, id)
  if (!disc) return idle
  const ring = () =>
    drawn(ctx, disc, (g) => g.circle(0, 0, disc.r + 4).stroke({ width: 3, color: palette.active }))
  const rings = [ring(), ring()]
  return {
    update: (k) =>
      rings.forEach((g, i) => {
        const u = Math.min(1, Math.max(0, (k - i * 0.3) / 0.7))
        g.scale.set(1 + 0.8 * easeOut(u))
        g.alpha = u <= 0 ? 0 : 1 - u
      }),
    finish: () => rings.forEach((g) => g.destroy())
  }
}

/** The text style of floating numbers for a square size (built from the map's own label style). */
export function numberStyle(layout: Layout, kind: 'damage' | 'heal'): TextStyle {
  const style = layout.styles.life.clone()
  style.fontSize = Math.min(28, Math.max(16, Math.round(layout.cell * 0.42)))
  style.fontWeight = '800'
  style.fill = kind === 'damage' ? palette.lifeLow : palette.lifeHigh
  style.stroke = { color: palette.textShadow, width: 4, join: 'round' }
  return style
}
