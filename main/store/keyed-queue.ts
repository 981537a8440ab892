/** Runs tasks one at a time per key, in submission order, so two saves of one campaign never interleave. */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>()

  /** Queues `task` behind everything already queued for `key`; a failed task does not block the next. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve()
    const result = previous.then(task, task)
    const tail = result.catch(() => undefined)
    this.tails.set(key, tail)
    // Forget idle keys so the map does not grow with every campaign ever touched.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key)
    })
    return result
  }

  /** Resolves when every task queued so far, for every key, has settled. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()])
  }
}
