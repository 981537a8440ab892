import { Container, type TextStyle } from 'pixi.js'
import { makePlayer, numberStyle, rewind, type Player } from './effects-players'
import { moveCells, schedule, withStarts, type Scheduled } from './effects-timeline'
import type { Layout } from './style'
import type { MapEffect } from './view'

/** What the effects layer needs from the map while an animation runs. */
export interface EffectsHost {
  /** The current layout (square size, visible area). */
  layout(): Layout | null
  /** The display object of a token, to tween it (moves, knockback); undefined if it is not drawn. */
  tokenDisplay(id: string): Container | undefined
  /** The token's square now, for placing numbers and flashes. */
  tokenCell(id: string): { x: number; y: number } | undefined
  /** Renders one frame (the map renders on demand; an animation asks for frames while it runs). */
  render(): void
}

/** One `play` call: its schedule, when it started, the players started so far. */
interface Run {
  items: Scheduled[]
  t0: number
  layout: Layout
  players: Map<Scheduled, Player>
  /** the progress each started effect was last drawn at */
  progress: Map<Scheduled, number>
  done: Set<Scheduled>
  resolve: () => void
  /** ends the call if frames stop coming (a hidden window gets no animation frames) */
  watchdog: ReturnType<typeof setTimeout>
}

// How long past its end a call may wait for frames before it is finished without them.
const GRACE = 1000

/**
 * Short animations after something happened: a token sliding along its path, a hit flash, a miss
 * swish, a floating damage number, a knockback. With animations off `play` resolves at once and the
 * map shows the end state. Frames are driven by requestAnimationFrame only while something plays.
 *
 * Calls queue: a second `play` starts when the first ends, so an AI's steps read one after another. The first
 * frame of a call is drawn at once, in the same task as the call, so a map synced to the new state just
 * before `play` never shows a moved token at its end square before it slides there. A moved display is left
 * where the slide ended — the square the state has it on — so the next sync finds it in place.
 */
export class EffectsLayer {
  readonly container = new Container()
  private on = true
  private run: Run | null = null
  private readonly queue: Array<{ effects: readonly MapEffect[]; resolve: () => void }> = []
  private frame = 0
  private destroyed = false
  private readonly styles = new Map<string, TextStyle>()

  constructor(private readonly host: EffectsHost) {}

  /** False: `play` resolves at once and draws nothing; turning it off mid-animation jumps to the end. */
  get enabled(): boolean {
    return this.on
  }

  set enabled(on: boolean) {
    this.on = on
    if (!on) this.flush(true)
  }

  /** True while an animation runs or waits its turn. */
  get playing(): boolean {
    return this.run !== null || this.queue.length > 0
  }

  /** Plays the effects in order (moves first, then hits and numbers); resolves when they are done. */
  play(effects: readonly MapEffect[]): Promise<void> {
    if (!this.on || this.destroyed || effects.length === 0) return Promise.resolve()
    return new Promise((resolve) => {
      this.queue.push({ effects, resolve })
      if (!this.run) this.next()
    })
  }

  /**
   * Puts the tokens being moved back where the animation has them. The map calls it before rendering a
   * frame of its own (a sync that repositioned a token's display mid-slide), so no frame shows a sliding
   * figure on its end square.
   */
  refresh(): void {
    const run = this.run
    if (!run) return
    // tokens waiting for their move stay on its start; those moving, where their slide is
    const waiting = run.items.filter((item) => !run.players.has(item)).map((item) => item.effect)
    rewind(waiting, this.host, run.layout.cell)
    for (const [item, k] of run.progress) if (!run.done.has(item)) run.players.get(item)?.update(k)
  }

  /** Stops whatever plays and removes its display objects. */
  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.flush(false)
    for (const style of this.styles.values()) style.destroy()
    this.styles.clear()
    this.container.destroy({ children: true })
  }

  /** Starts the next queued call, or skips it when the map has no layout yet. */
  private next(): void {
    for (let job = this.queue.shift(); job; job = this.queue.shift()) {
      const layout = this.host.layout()
      const effects = withStarts(job.effects, (id) => this.host.tokenCell(id))
      const { items, total } = schedule(effects, (e) => this.moveSquares(e))
      if (!layout || items.length === 0) {
        job.resolve()
        continue
      }
      const run: Run = {
        items,
        layout,
        t0: performance.now(),
        players: new Map(),
        progress: new Map(),
        done: new Set(),
        resolve: job.resolve,
        watchdog: setTimeout(() => this.run === run && this.finish(run, true), total + GRACE)
      }
      this.run = run
      rewind(effects, this.host, layout.cell)
      this.step(run.t0)
      return
    }
  }

  /** How many squares a move slides through (the start counted when it is known). */
  private moveSquares(e: MapEffect): number {
    return e.kind === 'move' ? moveCells(e.path, e.from, undefined).length - 1 : 0
  }

  /** One frame: start, advance or finish each effect by the clock, render, and ask for the next frame. */
  private readonly step = (now: number): void => {
    this.frame = 0
    const run = this.run
    if (!run || this.destroyed) return
    const t = Math.max(0, now - run.t0)
    for (const item of run.items) {
      if (run.done.has(item) || t < item.start) continue
      const player = this.playerFor(run, item)
      const k = (t - item.start) / item.duration
      if (k >= 1) {
        player.finish()
        run.done.add(item)
      } else {
        player.update(k)
        run.progress.set(item, k)
      }
    }
    this.host.render()
    if (run.done.size < run.items.length) this.frame = requestAnimationFrame(this.step)
    else this.finish(run, false)
  }

  /** Ends a call: what has not finished jumps to its end, then the next queued call starts. */
  private finish(run: Run, render: boolean): void {
    this.close(run)
    if (render) this.host.render()
    this.next()
  }

  /**
   * Started effects jump to their end (moved tokens where the state has them) and their objects go; moves
   * not started yet jump too, so no token is left half-way; the call's promise resolves.
   */
  private close(run: Run): void {
    if (this.frame) cancelAnimationFrame(this.frame)
    this.frame = 0
    clearTimeout(run.watchdog)
    if (this.run === run) this.run = null
    for (const item of run.items) {
      if (run.done.has(item)) continue
      const moves = item.effect.kind === 'move' || item.effect.kind === 'push'
      if (run.players.has(item) || (moves && !this.destroyed)) this.playerFor(run, item).finish()
      run.done.add(item)
    }
    run.resolve()
  }

  private playerFor(run: Run, item: Scheduled): Player {
    let player = run.players.get(item)
    if (!player) {
      player = makePlayer(item.effect, {
        host: this.host,
        layout: run.layout,
        stage: this.container,
        numberStyle: (kind) => this.numberStyle(run.layout, kind)
      })
      run.players.set(item, player)
    }
    return player
  }

  private numberStyle(layout: Layout, kind: 'damage' | 'heal'): TextStyle {
    const key = `${kind}:${layout.cell}`
    let style = this.styles.get(key)
    if (!style) {
      style = numberStyle(layout, kind)
      this.styles.set(key, style)
    }
    return style
  }

  /** Ends everything at once: the running call as `close` does, and every waiting call resolves. */
  private flush(render: boolean): void {
    const run = this.run
    if (run) this.close(run)
    for (const job of this.queue.splice(0)) job.resolve()
    if (render && run && !this.destroyed) this.host.render()
  }
}
