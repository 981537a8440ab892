// The priority queue of the path searches (core geometry's Dijkstra, Pathfinder's movement search): items
// come out by the caller's order and, among equals, in the order they went in, so the paths found never
// depend on the heap's shape.

/** A binary min-heap ordered by `before`, ties broken by insertion order (deterministic among equals). */
export class StableHeap<T> {
  private heap: Array<{ item: T; seq: number }> = []
  private seq = 0

  /** `before(a, b)`: a comes out strictly before b. */
  constructor(private readonly before: (a: T, b: T) => boolean) {}

  /** Adds an item. */
  push(item: T): void {
    this.heap.push({ item, seq: this.seq++ })
    let i = this.heap.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.less(i, parent)) break
      this.swap(i, parent)
      i = parent
    }
  }

  /** Takes out the first item, or undefined when empty. */
  pop(): T | undefined {
    const top = this.heap[0]
    const last = this.heap.pop()
    if (!top || !last) return undefined
    if (this.heap.length > 0) {
      this.heap[0] = last
      for (let i = 0; ;) {
        const l = 2 * i + 1
        let m = i
        if (l < this.heap.length && this.less(l, m)) m = l
        if (l + 1 < this.heap.length && this.less(l + 1, m)) m = l + 1
        if (m === i) break
        this.swap(i, m)
        i = m
      }
    }
    return top.item
  }

  private less(i: number, j: number): boolean {
    const a = this.heap[i]
    const b = this.heap[j]
    if (!a || !b) return false
    if (this.before(a.item, b.item)) return true
    return !this.before(b.item, a.item) && a.seq < b.seq
  }

  private swap(i: number, j: number): void {
    const a = this.heap[i]
    const b = this.heap[j]
    if (!a || !b) return
    this.heap[i] = b
    this.heap[j] = a
  }
}
