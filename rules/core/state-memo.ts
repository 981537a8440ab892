// Answers the rules compute again and again on the same immutable inputs (a search asks what a figure can
// reach on every node it visits, most of them sharing the board and the roster), kept until those inputs
// are garbage. The engine never mutates a state or its parts: it replaces `state.combatants` when any
// figure changes, `state.board` when the map does, and so on. So an answer keyed on the very objects it
// was computed from cannot go stale — an edit makes a new object, and a new object misses the memo.

/** Stands for an absent key object (`state.settings` may be undefined): WeakMaps take only objects. */
const ABSENT: object = {}

interface Level<R> {
  next?: WeakMap<object, Level<R>>
  answers?: Map<string, R>
}

/**
 * A memo keyed on a fixed number of objects, by identity (held weakly), then on a string for the
 * primitive inputs (ids, budgets, modes, the round). Every input the answer depends on must be among the
 * keys: the memo cannot tell what `compute` read.
 */
export class ObjectMemo<R> {
  private readonly root: Level<R> = {}

  /** The answer for these inputs, computed by `compute` on the first call. */
  get(objects: ReadonlyArray<object | undefined>, tail: string, compute: () => R): R {
    let level = this.root
    for (const o of objects) {
      const key = o ?? ABSENT
      level.next ??= new WeakMap()
      let child = level.next.get(key)
      if (!child) level.next.set(key, (child = {}))
      level = child
    }
    level.answers ??= new Map()
    if (level.answers.has(tail)) return level.answers.get(tail)!
    const answer = compute()
    level.answers.set(tail, answer)
    return answer
  }
}
