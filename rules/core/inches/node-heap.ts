// The priority queue of the inches path search: node ids keyed by a number, in growable typed arrays so a
// search allocates nothing per push. Equal keys come out lowest node id first, so searches are
// deterministic whatever order the edges were visited in.

/** A binary min-heap of (key, node) pairs. */
export class NodeHeap {
  private keys = new Float64Array(64)
  private nodes = new Int32Array(64)
  /** How many pairs are queued. */
  size = 0

  /** Queues a node with its key (a node may be queued several times; stale entries are the caller's). */
  push(key: number, node: number): void {
    if (this.size === this.keys.length) this.grow()
    let i = this.size++
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.before(key, node, parent)) break
      this.keys[i] = this.keys[parent] as number
      this.nodes[i] = this.nodes[parent] as number
      i = parent
    }
    this.keys[i] = key
    this.nodes[i] = node
  }

  /** Takes out the node with the least key (−1 when empty). */
  pop(): number {
    if (this.size === 0) return -1
    const top = this.nodes[0] as number
    const last = --this.size
    const key = this.keys[last] as number
    const node = this.nodes[last] as number
    let i = 0
    for (;;) {
      const l = 2 * i + 1
      if (l >= last) break
      const m = l + 1 < last && this.less(l + 1, l) ? l + 1 : l
      if (!this.before(this.keys[m] as number, this.nodes[m] as number, i, key, node)) break
      this.keys[i] = this.keys[m] as number
      this.nodes[i] = this.nodes[m] as number
      i = m
    }
    this.keys[i] = key
    this.nodes[i] = node
    return top
  }

  // (key, node) comes strictly before slot j, or before (jKey, jNode) when given.
  private before(key: number, node: number, j: number, jKey?: number, jNode?: number): boolean {
    const k = jKey ?? (this.keys[j] as number)
    const n = jNode ?? (this.nodes[j] as number)
    return key < k || (key === k && node < n)
  }

  private less(i: number, j: number): boolean {
    return this.before(this.keys[i] as number, this.nodes[i] as number, j)
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2)
    const nodes = new Int32Array(this.nodes.length * 2)
    keys.set(this.keys)
    nodes.set(this.nodes)
    this.keys = keys
    this.nodes = nodes
  }
}
